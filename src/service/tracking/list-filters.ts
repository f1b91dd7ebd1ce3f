import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';

/**
 * The `filter[...]` parameters of `GET /shipments` and `GET /containers` the sandbox honours, read the way
 * the upstream's SDK sends them: a comma list means any of the values (OR); booleans are `true`/`false`.
 * Stored columns are filtered in SQL; what the sandbox derives from the journey (dates, ports, holds, fees,
 * container status) is filtered while the rows are scanned (list-query.ts, list-scan.ts).
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
