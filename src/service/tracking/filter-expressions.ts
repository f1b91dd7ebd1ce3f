import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';

/**
 * The expressions of the upstream's list filters (its list-filter reference): dates compared by their
 * date component (`>=2026-10-01`, `today`, `3.days.ago`, `2.days.from_now`), instants (`>=…T…Z`),
 * exact strings with `=`, and the presence markers `@exists` / `@not_exists`. Within one value a comma
 * list means any of them (OR); repeated values (`filter[x][]=…&filter[x][]=…`) must all hold (AND).
 */

export type Predicate<T> = (value: T) => boolean;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RELATIVE_DAY = /^(today|(\d+)\.days?\.(ago|from_now))$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const OPERATOR = /^(>=|<=|>|<|=)?(.*)$/s;
const PRESENCE = new Set(['@exists', '@not_exists']);
/** Relative days reach at most this far (about 270 years): beyond it there is no calendar date to compare. */
export const MAX_RELATIVE_DAYS = 100_000;

/** Every value given for `filter[name]`, as `filter[name]=…` or as `filter[name][]=…`; undefined when none. */
export function filterValues(c: Context, name: string): string[] | undefined {
  const values = [
    ...(c.req.queries(`filter[${name}]`) ?? []),
    ...(c.req.queries(`filter[${name}][]`) ?? []),
  ].filter((value) => value.trim() !== '');
  return values.length === 0 ? undefined : values;
}

const compare = (operator: string, left: string | number, right: string | number): boolean => {
  switch (operator) {
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    default:
      return left === right;
  }
};

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A literal date of a date filter as `YYYY-MM-DD`; relative days count from `now`'s UTC day. */
function literalDay(parameter: string, literal: string, now: number): string {
  const trimmed = literal.trim();
  if (DAY.test(trimmed) && !Number.isNaN(Date.parse(`${trimmed}T00:00:00Z`))) {
    if (dayOf(Date.parse(`${trimmed}T00:00:00Z`)) === trimmed) return trimmed;
  }
  const relative = RELATIVE_DAY.exec(trimmed);
  if (relative !== null) {
    const days = relative[2] === undefined ? 0 : Number(relative[2]);
    if (days > MAX_RELATIVE_DAYS) {
      throw new InvalidParameterError(
        parameter,
        `${parameter}: N.days.ago and N.days.from_now take at most ${MAX_RELATIVE_DAYS} days`,
      );
    }
    return dayOf(now + (relative[3] === 'ago' ? -days : days) * DAY_MS);
  }
  throw new InvalidParameterError(
    parameter,
    `${parameter} expects YYYY-MM-DD, today, N.days.ago or N.days.from_now, with an optional =, <, <=, > or >=, or @exists / @not_exists; got '${literal}'`,
  );
}

/**
 * A date filter over an ISO 8601 value (or null): each expression compares the value's date component;
 * `=` (or none) takes a comma list of dates, any of which may match.
 */
export function dateFilter(
  parameter: string,
  expressions: readonly string[],
  now: number,
): Predicate<string | null> {
  const checks = expressions.map((expression): Predicate<string | null> => {
    const trimmed = expression.trim();
    if (trimmed === '@exists') return (value) => value !== null;
    if (trimmed === '@not_exists') return (value) => value === null;
    const [, operator = '=', rest = ''] = OPERATOR.exec(trimmed) ?? [];
    const days = rest.split(',').map((literal) => literalDay(parameter, literal, now));
    if (days.length > 1 && operator !== '=') {
      throw new InvalidParameterError(
        parameter,
        `${parameter}: a comma list of dates cannot take a comparison operator; repeat the parameter for bounds`,
      );
    }
    return (value) => value !== null && days.some((day) => compare(operator, value.slice(0, 10), day));
  });
  return (value) => checks.every((check) => check(value));
}

/** An instant filter (`>=2026-10-01T00:00:00Z`): each expression compares the instant itself. */
export function instantFilter(parameter: string, expressions: readonly string[]): Predicate<string | null> {
  const checks = expressions.map((expression): Predicate<string | null> => {
    const trimmed = expression.trim();
    if (trimmed === '@exists') return (value) => value !== null;
    if (trimmed === '@not_exists') return (value) => value === null;
    const [, operator = '=', rest = ''] = OPERATOR.exec(trimmed) ?? [];
    const at = INSTANT.test(rest.trim()) ? Date.parse(rest.trim()) : Number.NaN;
    if (Number.isNaN(at)) {
      throw new InvalidParameterError(
        parameter,
        `${parameter} expects an ISO 8601 date-time with Z or an offset, with an optional =, <, <=, > or >=; got '${expression}'`,
      );
    }
    return (value) => value !== null && compare(operator, Date.parse(value), at);
  });
  return (value) => checks.every((check) => check(value));
}

/**
 * An exact string filter over a value (or null): a comma list of literals (OR), `=` optional, or a
 * presence marker; `fold` upper-cases both sides for codes.
 */
export function stringFilter(
  expressions: readonly string[],
  options: { fold?: boolean } = {},
): Predicate<string | null> {
  const norm = (text: string): string => (options.fold === true ? text.trim().toUpperCase() : text.trim());
  const checks = expressions.map((expression): Predicate<string | null> => {
    const trimmed = expression.trim();
    if (PRESENCE.has(trimmed)) return (value) => (value !== null) === (trimmed === '@exists');
    const literals = trimmed
      .replace(/^=/, '')
      .split(',')
      .map(norm)
      .filter((literal) => literal.length > 0);
    return (value) => value !== null && literals.includes(norm(value));
  });
  return (value) => checks.every((check) => check(value));
}

/** `true` or `false`; anything else is a 400 naming the parameter. */
export function booleanValue(parameter: string, values: readonly string[]): boolean {
  const raw = values.at(-1)?.trim();
  if (raw !== 'true' && raw !== 'false') {
    throw new InvalidParameterError(parameter, `${parameter} must be true or false`);
  }
  return raw === 'true';
}

/** A prefix search (`filter[search_by_*]`): case-insensitive, an optional leading `~`, spaces and dashes ignored. */
export function prefixFilter(values: readonly string[]): Predicate<readonly (string | null)[]> {
  const squash = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();
  const prefixes = values.map((value) => squash(value.replace(/^~/, '')));
  return (candidates) =>
    prefixes.every((prefix) =>
      candidates.some((candidate) => candidate !== null && squash(candidate).startsWith(prefix)),
    );
}
