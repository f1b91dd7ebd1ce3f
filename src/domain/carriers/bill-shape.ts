import { CONTAINER_NUMBER_PATTERN } from '../iso6346.ts';
import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';

/**
 * Whether what follows the line's 4-letter prefix is one of its bill shapes. A shape that names the
 * prefix itself (`^HLCU…`, `^(MAEU)?…`) is tried on the whole number; otherwise only on the rest, so that
 * a bare shape such as CMA CGM's 4 letters + 6 digits is not met by the prefix standing in for the letters.
 */
export function hasBillShapeAfterPrefix(owner: Carrier, number: string): boolean {
  const prefix = number.slice(0, 4);
  const rest = number.slice(4);
  return owner.blFormats.some(
    (format) => format.test(rest) || (format.source.includes(prefix) && format.test(number)),
  );
}

/**
 * A line's code typed twice in front of its bill (`MAEUMAEU123456789`, `COSU COSU6012345678`, `MSCU MEDU…`:
 * a form's carrier column pasted with a number that already carries it): the bill once, when what follows
 * the first code is a bill behind a code of the same line, in one of its shapes (or any, for a line with no
 * known shape). A box after a line's code (`MAEU MRKU…`) is read as such elsewhere.
 */
export function withoutRepeatedLineCode(number: string, catalog: CarrierCatalog): string {
  // Most numbers have no second code: two lookups and done.
  const second = catalog.blPrefixOwners(number.slice(4, 8));
  if (second.length === 0) return number;
  const first = catalog.blPrefixOwners(number.slice(0, 4));
  const rest = number.slice(4);
  if (first.length === 0 || CONTAINER_NUMBER_PATTERN.test(rest) || !/[0-9]/.test(rest.slice(4)))
    return number;
  const billOfTheLine = second.some(
    (owner) =>
      first.includes(owner) && (owner.blFormats.length === 0 || hasBillShapeAfterPrefix(owner, rest)),
  );
  return billOfTheLine ? rest : number;
}
