import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';
import { echoedValue } from '../http/read-json.ts';
import { readContainerSelectors } from './container-selectors.ts';
import {
  booleanValue,
  dateFilter,
  dayOf,
  filterValues,
  instantFilter,
  type Predicate,
  prefixFilter,
  stringFilter,
} from './filter-expressions.ts';
import type { Resource } from './resource.ts';

/**
 * The filters and sort of `GET /containers` and `GET /shipments` that read what the sandbox derives from a
 * journey (dates, ports, terminal holds and fees, status) rather than what it stores: each becomes a
 * predicate over the row's API attributes, evaluated while the rows are scanned (see list-scan.ts).
 * Names, shapes and sort tokens are the upstream's list-filter reference and its SDK's.
 */

/** A row as the filters see it: the resource the API answers with, and its shipment's. */
export interface RowFacts {
  readonly resource: Resource;
  readonly shipment: Resource;
  /** When the row last changed (containers carry no `updated_at` attribute). */
  readonly updatedAt: number;
  /** The row's container (a container list), shipment and tracking request. */
  readonly ids: { readonly container?: string; readonly shipment: string; readonly request: string };
}

type Field = (facts: RowFacts) => string | null;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const own =
  (name: string): Field =>
  ({ resource }) =>
    text(resource.attributes[name]);
const ofShipment =
  (name: string): Field =>
  ({ shipment }) =>
    text(shipment.attributes[name]);
const none: Field = () => null;
const relId =
  (name: string): Field =>
  ({ resource }) => {
    const data = resource.relationships?.[name]?.data;
    return data !== null && data !== undefined && !Array.isArray(data) ? data.id : null;
  };
const arrival: Field = ({ shipment }) =>
  text(shipment.attributes.pod_ata_at) ?? text(shipment.attributes.pod_eta_at);
const terminalLfd: Field = ({ resource }) => {
  const deadlines = resource.attributes.import_deadlines;
  return deadlines !== null && typeof deadlines === 'object' && 'pickup_lfd_terminal' in deadlines
    ? text(deadlines.pickup_lfd_terminal)
    : null;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const fees = (facts: RowFacts): unknown[] => list(facts.resource.attributes.fees_at_pod_terminal);
const holds = (facts: RowFacts): unknown[] => list(facts.resource.attributes.holds_at_pod_terminal);
const isDemurrage = (fee: unknown): boolean =>
  fee !== null && typeof fee === 'object' && 'type' in fee && fee.type === 'demurrage';

/** Container dates by the filter (and sort) names of the upstream; null where the sandbox has no such move. */
const CONTAINER_DATES: Readonly<Record<string, Field>> = {
  pickup_lfd: own('pickup_lfd'),
  pod_arrived_at: own('pod_arrived_at'),
  pod_discharged_at: own('pod_discharged_at'),
  pol_etd_at: ofShipment('pol_etd_at'),
  pol_atd_at: ofShipment('pol_atd_at'),
  empty_out_at: own('empty_out_at'),
  pol_full_in_at: own('pol_full_in_at'),
  pol_vessel_loaded_at: own('pol_vessel_loaded_at'),
  pol_vessel_departed_at: own('pol_vessel_departed_at'),
  arrival,
  picked_up_at: own('pod_full_out_at'),
  empty_returned_at: own('empty_terminated_at'),
  created_at: own('created_at'),
  updated_at: ({ updatedAt }) => new Date(updatedAt).toISOString(),
  delivered_at: none,
  final_destination_full_out_at: own('final_destination_full_out_at'),
  inland_destination_rail_unloaded_at: own('inland_destination_rail_unloaded_at'),
  inland_destination_eta_at: own('inland_destination_eta_at'),
  inland_destination_ata_at: own('inland_destination_ata_at'),
  pod_rail_departed_at: own('pod_rail_departed_at'),
  pickup_lfd_rail_on: none,
  pickup_lfd_terminal_on: terminalLfd,
  pickup_lfd_line_on: none,
  pickup_lfd_terminal_effective_on: terminalLfd,
  pickup_lfd_line_effective_on: none,
};

/** The container sort tokens the upstream's SDK accepts, each read from the row. */
const CONTAINER_SORTS: Readonly<Record<string, Field>> = {
  ...CONTAINER_DATES,
  shipment_number: ofShipment('bill_of_lading_number'),
  destination_ata_at: ofShipment('destination_ata_at'),
  destination_eta_at: ofShipment('destination_eta_at'),
  empty_terminated_at: own('empty_terminated_at'),
  last_status_refresh_at: own('terminal_checked_at'),
  delivery_appointment_at: none,
  pickup_lfd_line_ind_effective_on: none,
  pickup_lfd_line_ind_on: none,
  ind_lfd: none,
  pickup_lfd_rail_effective_on: none,
  pod_eta_at: ofShipment('pod_eta_at'),
  pod_ata_at: ofShipment('pod_ata_at'),
  pod_rail_loaded_at: own('pod_rail_loaded_at'),
};

const SHIPMENT_SORTS: Readonly<Record<string, Field>> = {
  created_at: own('created_at'),
  pod_arrival: ({ resource }) => text(resource.attributes.pod_ata_at) ?? text(resource.attributes.pod_eta_at),
  tracking_stopped_at: own('line_tracking_stopped_at'),
};

/** Exact-string container filters, each over one value of the row. */
const CONTAINER_STRINGS: Readonly<Record<string, { field: Field; fold: boolean }>> = {
  pol_code: { field: ofShipment('port_of_lading_locode'), fold: true },
  pod_code: { field: ofShipment('port_of_discharge_locode'), fold: true },
  destination_code: { field: ofShipment('destination_locode'), fold: true },
  pol: { field: ofShipment('port_of_lading_name'), fold: false },
  pod: { field: ofShipment('port_of_discharge_name'), fold: false },
  destination: { field: ofShipment('destination_name'), fold: false },
  vessel_name: { field: ofShipment('pod_vessel_name'), fold: true },
  pod_terminal_id: { field: relId('pod_terminal'), fold: true },
  current_status: { field: own('current_status'), fold: true },
  customer_name: { field: ofShipment('customer_name'), fold: false },
};

const SHIPMENT_STRINGS: Readonly<Record<string, { field: Field; fold: boolean }>> = {
  pol_code: { field: own('port_of_lading_locode'), fold: true },
  pod_code: { field: own('port_of_discharge_locode'), fold: true },
  pod_terminal_id: { field: relId('pod_terminal'), fold: true },
};

const CONTAINER_FLAGS: Readonly<Record<string, Predicate<RowFacts>>> = {
  has_holds: (facts) => holds(facts).length > 0,
  has_fees: (facts) => fees(facts).length > 0,
  has_demurrage_fees: (facts) => fees(facts).some(isDemurrage),
  has_fees_or_holds: (facts) => fees(facts).length > 0 || holds(facts).length > 0,
};

/** Days ahead of the last free day a box at the terminal asks for attention. */
const ATTENTION_DAYS = 3;
const AT_TERMINAL = ['available', 'not_available', 'grounded'];

export interface SortKey {
  readonly field: Field;
  readonly descending: boolean;
}

export interface ListQuery {
  readonly filters: ReadonlyArray<Predicate<RowFacts>>;
  readonly sort: readonly SortKey[];
}

export const isPlainQuery = (query: ListQuery): boolean =>
  query.filters.length === 0 && query.sort.length === 0;

function readSort(c: Context, fields: Readonly<Record<string, Field>>, maxTokens: number): SortKey[] {
  const raw = c.req.query('sort');
  if (raw === undefined || raw.trim() === '') return [];
  // The SDK's standalone container token: the boxes whose last free day comes first.
  if (raw.trim() === 'attention_priority' && fields === CONTAINER_SORTS) {
    return [{ field: own('pickup_lfd'), descending: false }];
  }
  const tokens = raw.split(',').map((token) => token.trim());
  if (tokens.length > maxTokens) {
    throw new InvalidParameterError('sort', `sort takes at most ${maxTokens} field(s)`);
  }
  return tokens.map((token) => {
    const name = token.replace(/^-/, '');
    // Own names only: `__proto__` or `toString` are no sort fields.
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (field === undefined) {
      throw new InvalidParameterError(
        'sort',
        `${echoedValue(token) ?? 'a token'} is not a sort field; use one of ${Object.keys(fields).join(', ')} (prefix - for descending)`,
      );
    }
    return { field, descending: token.startsWith('-') };
  });
}

function readStrings(
  c: Context,
  table: Readonly<Record<string, { field: Field; fold: boolean }>>,
): Predicate<RowFacts>[] {
  const filters: Predicate<RowFacts>[] = [];
  for (const [name, { field, fold }] of Object.entries(table)) {
    const values = filterValues(c, name);
    if (values === undefined) continue;
    const matches = stringFilter(values, { fold });
    filters.push((facts) => matches(field(facts)));
  }
  return filters;
}

function readTags(c: Context, tagsOf: (facts: RowFacts) => unknown[]): Predicate<RowFacts>[] {
  const tags = filterValues(c, 'tag') ?? filterValues(c, 'tags');
  const all = filterValues(c, 'tags_and');
  if (tags === undefined || all === undefined || !booleanValue('filter[tags_and]', all)) return [];
  // Any-of is applied in SQL; `tags_and=true` narrows to rows carrying every tag.
  const wanted = tags.flatMap((value) => value.split(',')).map((tag) => tag.trim().toUpperCase());
  return [
    (facts) => {
      const have = tagsOf(facts).map((tag) => String(tag).toUpperCase());
      return wanted.every((tag) => have.includes(tag));
    },
  ];
}

/** The derived filters and sort of `GET /containers`, at the service's `now`. */
export function readContainerQuery(c: Context, now: number): ListQuery {
  const filters: Predicate<RowFacts>[] = [];
  for (const [name, field] of Object.entries(CONTAINER_DATES)) {
    const values = filterValues(c, name);
    if (values === undefined) continue;
    const matches = dateFilter(`filter[${name}]`, values, now);
    filters.push((facts) => matches(field(facts)));
  }
  filters.push(...readStrings(c, CONTAINER_STRINGS));
  for (const [name, test] of Object.entries(CONTAINER_FLAGS)) {
    const values = filterValues(c, name);
    if (values === undefined) continue;
    const wanted = booleanValue(`filter[${name}]`, values);
    filters.push((facts) => test(facts) === wanted);
  }
  filters.push(...readContainerSelectors(c));
  const attention = filterValues(c, 'requires_attention');
  if (attention !== undefined) {
    const wanted = booleanValue('filter[requires_attention]', attention);
    const horizon = dayOf(now + ATTENTION_DAYS * 86_400_000);
    filters.push((facts) => {
      const lfd = text(facts.resource.attributes.pickup_lfd);
      const status = text(facts.resource.attributes.current_status) ?? '';
      return (lfd !== null && AT_TERMINAL.includes(status) && lfd.slice(0, 10) <= horizon) === wanted;
    });
  }
  // The OpenAPI document's `terminal_checked_before`: seconds; boxes the terminal was last checked for
  // longer ago than that (never checked counts as long ago).
  const checkedBefore = c.req.query('terminal_checked_before');
  if (checkedBefore !== undefined && checkedBefore.trim() !== '') {
    const seconds = /^\d+$/.test(checkedBefore.trim()) ? Number(checkedBefore) : Number.NaN;
    if (!Number.isSafeInteger(seconds)) {
      throw new InvalidParameterError(
        'terminal_checked_before',
        'terminal_checked_before must be a number of seconds',
      );
    }
    const cutoff = now - seconds * 1000;
    filters.push((facts) => {
      const checked = text(facts.resource.attributes.terminal_checked_at);
      return checked === null || Date.parse(checked) < cutoff;
    });
  }
  const lastFreeDay = filterValues(c, 'last_free_day_on');
  if (lastFreeDay !== undefined) {
    // Inclusive FROM..TO of the last free day, for boxes still at the terminal of an active shipment.
    const [from, to] = lastFreeDay;
    if (lastFreeDay.length !== 2 || from === undefined || to === undefined) {
      throw new InvalidParameterError(
        'filter[last_free_day_on]',
        'filter[last_free_day_on][] takes exactly two dates: FROM and TO',
      );
    }
    const inRange = dateFilter('filter[last_free_day_on]', [`>=${from}`, `<=${to}`], now);
    filters.push(
      (facts) =>
        inRange(text(facts.resource.attributes.pickup_lfd)) &&
        ['available', 'not_available', 'off_dock'].includes(
          text(facts.resource.attributes.current_status) ?? '',
        ) &&
        facts.shipment.attributes.line_tracking_stopped_at === null,
    );
  }
  const searches: Array<[string, (facts: RowFacts) => Array<string | null>]> = [
    ['search_by_shipment_number', (f) => [text(f.shipment.attributes.bill_of_lading_number)]],
    ['search_by_ref_numbers', (f) => list(f.resource.attributes.ref_numbers).map(text)],
    ['search_by_shipment_ref_numbers', (f) => list(f.shipment.attributes.ref_numbers).map(text)],
    [
      'search_by_ids',
      (f) => [text(f.resource.attributes.number), text(f.shipment.attributes.bill_of_lading_number)],
    ],
  ];
  for (const [name, candidates] of searches) {
    const values = filterValues(c, name);
    if (values === undefined) continue;
    const matches = prefixFilter(values);
    filters.push((facts) => matches(candidates(facts)));
  }
  filters.push(...readTags(c, (facts) => list(facts.shipment.attributes.tags)));
  return { filters, sort: readSort(c, CONTAINER_SORTS, 3) };
}

/** The derived filters and sort of `GET /shipments`, at the service's `now`. */
export function readShipmentQuery(c: Context, now: number): ListQuery {
  const filters: Predicate<RowFacts>[] = [];
  const created = filterValues(c, 'created_at');
  if (created !== undefined) {
    const matches = instantFilter('filter[created_at]', created);
    filters.push((facts) => matches(own('created_at')(facts)));
  }
  for (const [name, field] of [
    ['pod_ata_at', own('pod_ata_at')],
    ['pod_arrival', SHIPMENT_SORTS.pod_arrival as Field],
  ] as const) {
    const values = filterValues(c, name);
    if (values === undefined) continue;
    const matches = dateFilter(`filter[${name}]`, values, now);
    filters.push((facts) => matches(field(facts)));
  }
  filters.push(...readStrings(c, SHIPMENT_STRINGS));
  const voyage = filterValues(c, 'voyage_status')?.at(-1)?.trim();
  if (voyage !== undefined) {
    if (voyage !== 'arrived' && voyage !== 'on_ship') {
      throw new InvalidParameterError(
        'filter[voyage_status]',
        'filter[voyage_status] must be arrived or on_ship',
      );
    }
    filters.push(({ resource }) => {
      const arrived = resource.attributes.pod_ata_at !== null;
      return voyage === 'arrived' ? arrived : !arrived && resource.attributes.pod_vessel_name !== null;
    });
  }
  const today = filterValues(c, 'arriving_today');
  // `false` does not narrow the list upstream; `true` keeps arrivals (estimated or actual) on the server's day.
  if (today !== undefined && booleanValue('filter[arriving_today]', today)) {
    const day = dayOf(now);
    filters.push(({ resource }) =>
      ['pod_ata_at', 'pod_eta_at', 'destination_ata_at', 'destination_eta_at'].some(
        (name) => text(resource.attributes[name])?.slice(0, 10) === day,
      ),
    );
  }
  filters.push(...readTags(c, (facts) => list(facts.resource.attributes.tags)));
  return { filters, sort: readSort(c, SHIPMENT_SORTS, 1) };
}
