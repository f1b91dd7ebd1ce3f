import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';

/**
 * The `filter[...]` parameters of `GET /shipments` and `GET /containers` the sandbox honours, read the way
 * the upstream's SDK sends them: a comma list means any of the values (OR); booleans are `true`/`false`.
 * Stored columns are filtered in SQL; what the sandbox derives from the journey (ports, container status)
 * is filtered after, in memory, before paging.
 */

/** A list filter's values: trimmed, upper-cased codes of a comma list, or undefined when not given. */
export function readCodes(c: Context, parameter: string): string[] | undefined {
  const raw = c.req.query(parameter);
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter((value) => value.length > 0);
}

/** The same, with container and B/L numbers also stripped of the spaces and dashes people type. */
export const readNumbers = (c: Context, parameter: string): string[] | undefined =>
  readCodes(c, parameter)?.map((value) => value.replace(/[\s-]/g, ''));

/** `true` or `false`, or undefined when not given; anything else is a 400 naming the parameter. */
export function readFlag(c: Context, parameter: string): boolean | undefined {
  const raw = c.req.query(parameter);
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') {
    throw new InvalidParameterError(parameter, `${parameter} must be true or false`);
  }
  return raw === 'true';
}

/**
 * Whether tracking must be stopped (true), active (false) or either (undefined), from
 * `filter[tracking_stopped]` and its complement `filter[actively_tracked]`; asking for both ways is empty.
 */
export function readStopped(c: Context): boolean | 'none' | undefined {
  const stopped = readFlag(c, 'filter[tracking_stopped]');
  const active = readFlag(c, 'filter[actively_tracked]');
  if (active === undefined) return stopped;
  if (stopped === undefined || stopped === !active) return !active;
  return 'none';
}

/** Filters on what the sandbox derives from a journey rather than stores. */
export interface JourneyFilter {
  readonly polCodes?: readonly string[];
  readonly podCodes?: readonly string[];
  /** Container `current_status` values (lower case). */
  readonly statuses?: readonly string[];
}

export function readJourneyFilter(c: Context): JourneyFilter {
  const polCodes = readCodes(c, 'filter[pol_code]');
  const podCodes = readCodes(c, 'filter[pod_code]');
  const statuses = readCodes(c, 'filter[current_status]')?.map((status) => status.toLowerCase());
  return {
    ...(polCodes === undefined ? {} : { polCodes }),
    ...(podCodes === undefined ? {} : { podCodes }),
    ...(statuses === undefined ? {} : { statuses }),
  };
}

export const isEmptyJourneyFilter = (filter: JourneyFilter): boolean =>
  filter.polCodes === undefined && filter.podCodes === undefined && filter.statuses === undefined;

/** Whether a row with these derived values passes the filter. */
export function passesJourneyFilter(
  filter: JourneyFilter,
  row: { polCode: string | undefined; podCode: string | undefined; status?: string },
): boolean {
  if (filter.polCodes !== undefined && !filter.polCodes.includes(row.polCode ?? '')) return false;
  if (filter.podCodes !== undefined && !filter.podCodes.includes(row.podCode ?? '')) return false;
  if (filter.statuses !== undefined && !filter.statuses.includes(row.status ?? '')) return false;
  return true;
}

/**
 * Rows read to filter in memory: far above any sandbox account, and a bound on the work one request can
 * cause; past it the journey filters see only the newest rows.
 */
export const MAX_FILTERED_ROWS = 5_000;
