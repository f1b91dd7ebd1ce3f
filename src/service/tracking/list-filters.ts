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

const squash = (value: string): string => value.trim().toUpperCase().replace(/[\s-]/g, '');

/**
 * `number` of `GET /shipments` (the list-filter reference): a scalar is one literal number, commas and all;
 * an array (`filter[number][]`) means any of its numbers. The nested filter wins over the top-level alias.
 */
export function readShipmentNumbers(c: Context): string[] | undefined {
  const listed = c.req.queries('filter[number][]')?.filter((value) => value.trim() !== '');
  if (listed !== undefined && listed.length > 0) return listed.map(squash);
  const scalar = c.req.query('filter[number]') ?? c.req.query('number');
  return scalar === undefined || scalar.trim() === '' ? undefined : [squash(scalar)];
}

/**
 * `filter[number]` of `GET /containers`: a comma list means any of the numbers; an array
 * (`filter[number][]`) means all of them, so two different numbers match no container.
 */
export function readContainerNumbers(c: Context): string[] | undefined {
  const listed = c.req.queries('filter[number][]')?.filter((value) => value.trim() !== '');
  if (listed !== undefined && listed.length > 0) {
    const distinct = [...new Set(listed.map((value) => squash(value)))];
    // No box has two numbers: distinct values leave nothing (an id no row has).
    return distinct.length === 1 ? distinct : [''];
  }
  return readNumbers(c, 'filter[number]');
}
