import type { Context } from 'hono';
import { PARTY_ROLES } from '../../contract/annotations.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import type { Predicate } from './filter-expressions.ts';
import type { RowFacts } from './list-query.ts';

/**
 * The list filters on what the account attaches to its rows: parties (`filter[customer_id]`,
 * `filter[party_id]`, `filter[parties][<role>]`) and custom fields (`filter[custom_fields][<slug>]`), as
 * the upstream's list-filter reference defines them.
 */

/** What a row's annotations are, read through the stores. */
export interface AnnotationLookups {
  /** Every party role on the row: its own, and for a container its shipment's; `level` says whose. */
  rolesOf(facts: RowFacts): ReadonlyArray<{ role: string; partyId: string; level: 'own' | 'shipment' }>;
  /** The account the row belongs to: the customer when no customer role is set. */
  readonly accountId: string;
  /** The values of the slug's custom fields on the row and (for a container) its shipment. */
  customFieldValues(facts: RowFacts, slug: string): unknown[];
}

const PRESENCE = new Set(['@exists', '@not_exists']);

/**
 * Custom field slugs one list request may filter on: each slug is looked up on every row the scan reads,
 * so hundreds of them (`@not_exists` passes every row) made one request read the store for seconds.
 */
export const MAX_CUSTOM_FIELD_FILTERS = 10;

/** Every value of the query whose name starts with `prefix`, by the rest of the name (brackets removed). */
function nested(c: Context, prefix: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (!name.startsWith(prefix)) continue;
    const key = name
      .slice(prefix.length)
      .replace(/\[\]$/, '')
      .replace(/^\[|\]$/g, '');
    found.set(key, [...(found.get(key) ?? []), value]);
  }
  return found;
}

const idList = (values: readonly string[]): string[] =>
  values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().replace(/^=/, ''))
    .filter((v) => v !== '');

export function readAnnotationFilters(
  c: Context,
  lookups: AnnotationLookups,
  entity: 'shipment' | 'container',
): Predicate<RowFacts>[] {
  const filters: Predicate<RowFacts>[] = [];

  const customer = [
    ...(c.req.queries('filter[customer_id]') ?? []),
    ...(c.req.queries('filter[customer_id][]') ?? []),
  ];
  if (customer.length > 0) {
    const wanted = idList(customer);
    filters.push((facts) => {
      const customers = lookups.rolesOf(facts).filter((role) => role.role === 'customer');
      if (wanted.includes('@exists')) return customers.length > 0;
      if (wanted.includes('@not_exists')) return customers.length === 0;
      // With no customer role the shipment's creator (the account) stands in, as upstream.
      const ids = customers.length > 0 ? customers.map((role) => role.partyId) : [lookups.accountId];
      return wanted.some((id) => ids.includes(id));
    });
  }

  const partyId = nested(c, 'filter[party_id]');
  if (partyId.size > 0) {
    const values = idList([...(partyId.get('') ?? []), ...(partyId.get('value') ?? [])]);
    const operator = partyId.get('operator')?.at(-1) ?? 'any';
    if (operator !== 'any' && operator !== 'all') {
      throw new InvalidParameterError(
        'filter[party_id][operator]',
        'filter[party_id][operator] must be any or all',
      );
    }
    filters.push((facts) => {
      const parties = new Set(lookups.rolesOf(facts).map((role) => role.partyId));
      return operator === 'all'
        ? values.every((id) => parties.has(id))
        : values.some((id) => parties.has(id));
    });
  }

  // Unknown roles are ignored, as upstream; each known role narrows (roles combine with AND).
  for (const [role, values] of nested(c, 'filter[parties]')) {
    if (!(PARTY_ROLES as readonly string[]).includes(role)) continue;
    const wanted = idList(values);
    const ownOnly = entity === 'container' && role === 'pickup_dray_carrier';
    filters.push((facts) => {
      const ids = lookups
        .rolesOf(facts)
        .filter((candidate) => candidate.role === role && (!ownOnly || candidate.level === 'own'))
        .map((candidate) => candidate.partyId);
      if (wanted.includes('@exists')) return ids.length > 0;
      if (wanted.includes('@not_exists')) return ids.length === 0;
      return wanted.some((id) => ids.includes(id));
    });
  }

  if (entity === 'container') {
    // Unknown slugs are ignored by the upstream (resolve them from the definitions first); here too.
    const slugs = [...nested(c, 'filter[custom_fields]')].filter(
      ([slug]) => slug !== '' && !slug.includes('['),
    );
    if (slugs.length > MAX_CUSTOM_FIELD_FILTERS) {
      throw new InvalidParameterError(
        'filter[custom_fields]',
        `filter[custom_fields] takes at most ${MAX_CUSTOM_FIELD_FILTERS} slugs in one request; got ${slugs.length}`,
      );
    }
    for (const [slug, values] of slugs) {
      const terms = values.flatMap((value) =>
        PRESENCE.has(value.trim()) ? [value.trim()] : value.split(','),
      );
      filters.push((facts) => {
        const found = lookups.customFieldValues(facts, slug).filter((value) => value !== null);
        return terms.some((term) => {
          if (term === '@exists') return found.length > 0;
          if (term === '@not_exists') return found.length === 0;
          return found.some((value) =>
            (Array.isArray(value) ? value : [value]).some(
              (item) => typeof item === 'string' && item.includes(term),
            ),
          );
        });
      });
    }
  }
  return filters;
}
