import { computeCheckDigit } from '../iso6346.ts';
import { hasBillShapeAfterPrefix } from './bill-shape.ts';
import type { CarrierCatalog } from './carrier-catalog.ts';

/**
 * Letters read as digits and digits as letters (O and 0, I and 1, S and 5, B and 8, Z and 2, G and 6, a
 * lower-case l for 1), as people type numbers off a box door, a fax or a scan and OCR reads them. Put right
 * only where the number then holds together: a 4-letter code the catalog knows (`0OLU…` is OOCL's prefix,
 * `M5KU…` Maersk's), a container serial whose check digit then passes under a registered owner code, and a
 * bill or booking that then has a line's shape where as typed it has none (`COSU6O12345678`,
 * `MAEU1234S6789`). Anything else is left as typed, so a mistyped number still reads as mistyped.
 */

const DIGIT_AS_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
};
const LETTER_AS_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  I: '1',
  L: '1',
  S: '5',
  B: '8',
  Z: '2',
  G: '6',
};
/** A digit typed for a letter of a 4-letter code. */
const DIGIT_IN_CODE = /[012568]/;
/** A code with at least two letters typed as letters: four digits are a number's start, not a code. */
const MOSTLY_LETTERS = /^(?:[0-9]*[A-Z]){2}/;
/** A box whose serial has a letter that looks like a digit where digits belong. */
const SERIAL_WITH_LETTERS = /^[A-Z]{3}[UJZ](?=[0-9]*[OILSBZG])[0-9OILSBZG]{7}$/;
/** Letters that look like digits, to find one (`test`) and to read every one (`replace`). */
const DIGIT_LOOKALIKE = { one: /[OILSBZG]/, every: /[OILSBZG]/g } as const;
/**
 * A bare number (no line's prefix in front) read with its look-alike letters as digits only when it is
 * digits but for one or two of them (`6012S45678`, `12345678B`): a bare `B1234567` or `AB12345678` is as
 * likely a reference of another kind as a misread booking. O and I, the commonest, are read anywhere.
 */
const MOSTLY_DIGITS = /^(?=(?:[^OILSBZG]*[OILSBZG]){1,2}[^OILSBZG]*$)[0-9OILSBZG]{8,}$/;
const BARE_DIGIT_LOOKALIKE = { one: /[OI]/, every: /[OI]/g } as const;
const asDigit = (char: string): string => LETTER_AS_DIGIT[char] ?? char;

const knownCode = (code: string, catalog: CarrierCatalog): boolean =>
  catalog.blPrefixOwners(code).length > 0 ||
  catalog.ownersOf(code).length > 0 ||
  catalog.groupOwnersOf(code).length > 0 ||
  catalog.lessorOf(code) !== undefined;

/** The number meant, when O/0 or I/1 were swapped and putting them back makes it whole; else undefined. */
export function readMisreadCharacters(number: string, catalog: CarrierCatalog): string | undefined {
  let read = number;
  const code = number.slice(0, 4);
  if (DIGIT_IN_CODE.test(code) && MOSTLY_LETTERS.test(code)) {
    const letters = code.replace(/[0-9]/g, (char) => DIGIT_AS_LETTER[char] ?? char);
    if (/^[A-Z]{4}$/.test(letters) && knownCode(letters, catalog)) read = `${letters}${number.slice(4)}`;
  }
  if (SERIAL_WITH_LETTERS.test(read) && knownCode(read.slice(0, 4), catalog)) {
    const box = `${read.slice(0, 4)}${read.slice(4).replace(DIGIT_LOOKALIKE.every, asDigit)}`;
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

/**
 * Letters read as digits after a line's prefix, or in a bare number (see MOSTLY_DIGITS), when only then a
 * line's shape fits.
 */
function shipmentWithDigits(number: string, catalog: CarrierCatalog): string | undefined {
  // A box's shape: its serial was put right above or stays as typed (a mistyped box, not a bill).
  if (/^[A-Z]{3}[UJZ][0-9OILSBZG]{7}$/.test(number)) return undefined;
  const owners = catalog.blPrefixOwners(number.slice(0, 4));
  // Behind a prefix whose lines have no known shape, no shape can be made to fit: the prefix decides.
  if (owners.length > 0 && owners.every((owner) => owner.blFormats.length === 0)) return undefined;
  const prefixLength = owners.length > 0 ? 4 : 0;
  const rest = number.slice(prefixLength);
  // Most numbers have no look-alike letter at all: they are done with one test.
  if (!DIGIT_LOOKALIKE.one.test(rest) || !/[0-9]/.test(rest)) return undefined;
  const lookalike = prefixLength === 0 && !MOSTLY_DIGITS.test(rest) ? BARE_DIGIT_LOOKALIKE : DIGIT_LOOKALIKE;
  if (!lookalike.one.test(rest) || hasLineShape(number, catalog)) return undefined;
  const read = `${number.slice(0, prefixLength)}${rest.replace(lookalike.every, asDigit)}`;
  return hasLineShape(read, catalog) ? read : undefined;
}
