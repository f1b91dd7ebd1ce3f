import type { Carrier } from './carrier-catalog.ts';

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
