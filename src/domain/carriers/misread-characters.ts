import { computeCheckDigit } from '../iso6346.ts';
import { hasBillShapeAfterPrefix } from './bill-shape.ts';
import type { CarrierCatalog } from './carrier-catalog.ts';

/**
 * Letters read as digits and digits as letters (O and 0, I and 1), as people type numbers off a box door,
 * a fax or a scan. Put right only where the number then holds together: a 4-letter code the catalog knows
 * (`0OLU…` is OOCL's prefix), a container serial whose check digit then passes under a registered owner
 * code, and a bill or booking that then has a line's shape where as typed it has none (`COSU6O12345678`).
 * Anything else is left as typed, so a mistyped number still reads as mistyped.
 */

const DIGIT_AS_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I' };
const LETTER_AS_DIGIT: Readonly<Record<string, string>> = { O: '0', I: '1' };
/** A box whose serial has an O or an I where digits belong. */
const SERIAL_WITH_LETTERS = /^[A-Z]{3}[UJZ](?=[0-9]*[OI])[0-9OI]{7}$/;

const knownCode = (code: string, catalog: CarrierCatalog): boolean =>
  catalog.blPrefixOwners(code).length > 0 ||
  catalog.ownersOf(code).length > 0 ||
  catalog.groupOwnersOf(code).length > 0 ||
  catalog.lessorOf(code) !== undefined;

/** The number meant, when O/0 or I/1 were swapped and putting them back makes it whole; else undefined. */
export function readMisreadCharacters(number: string, catalog: CarrierCatalog): string | undefined {
  let read = number;
  const code = number.slice(0, 4);
  if (/[01]/.test(code)) {
    const letters = code.replace(/[01]/g, (char) => DIGIT_AS_LETTER[char] ?? char);
    if (/^[A-Z]{4}$/.test(letters) && knownCode(letters, catalog)) read = `${letters}${number.slice(4)}`;
  }
  if (SERIAL_WITH_LETTERS.test(read) && knownCode(read.slice(0, 4), catalog)) {
    const box = `${read.slice(0, 4)}${read.slice(4).replace(/[OI]/g, (char) => LETTER_AS_DIGIT[char] ?? char)}`;
    if (computeCheckDigit(box.slice(0, 10)) === Number(box.charAt(10))) read = box;
  }
  const withDigits = shipmentWithDigits(read, catalog);
  if (withDigits !== undefined) read = withDigits;
  return read === number ? undefined : read;
}

/** Whether a line's bill or booking shape fits the number (behind the line's own prefix, or bare). */
function hasLineShape(number: string, catalog: CarrierCatalog): boolean {
  if (catalog.blPrefixOwners(number.slice(0, 4)).some((owner) => hasBillShapeAfterPrefix(owner, number))) {
    return true;
  }
  return catalog.carriers.some((carrier) =>
    [...carrier.blFormats, ...carrier.bookingFormats].some((format) => format.test(number)),
  );
}

/** O and I read as digits after a line's prefix (or in a bare number) when only then a line's shape fits. */
function shipmentWithDigits(number: string, catalog: CarrierCatalog): string | undefined {
  // A box's shape: its serial was put right above or stays as typed (a mistyped box, not a bill).
  if (/^[A-Z]{3}[UJZ][0-9OI]{7}$/.test(number)) return undefined;
  const prefixLength = catalog.blPrefixOwners(number.slice(0, 4)).length > 0 ? 4 : 0;
  const rest = number.slice(prefixLength);
  if (!/[OI]/.test(rest) || !/[0-9]/.test(rest) || hasLineShape(number, catalog)) return undefined;
  const read = `${number.slice(0, prefixLength)}${rest.replace(/[OI]/g, (char) => LETTER_AS_DIGIT[char] ?? char)}`;
  return hasLineShape(read, catalog) ? read : undefined;
}
