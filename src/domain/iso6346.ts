/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), 6 serial digits, check digit.
 * Pure functions; see data/iso6346.md in the shared reference for the algorithm.
 */

export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{3}[UJZ][0-9]{7}$/;

export type ContainerNumberRejection =
  | 'empty'
  | 'wrong_length'
  | 'invalid_owner_code'
  | 'invalid_category'
  | 'invalid_serial'
  | 'check_digit_mismatch';

export type ContainerNumberValidation =
  | { valid: true; number: string }
  | { valid: false; reason: ContainerNumberRejection; detail: string; normalized: string };

// Printed markings split the number with spaces, dashes, dots or slashes ("MSKU 100001-6").
const SEPARATORS = /[\s\-./]/g;

export function normalizeContainerNumber(input: string): string {
  return input.toUpperCase().replace(SEPARATORS, '');
}

// Letters count from 10 upwards, skipping multiples of 11 so that no letter is worth 11, 22 or 33.
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values.set(letter, value);
    value += 1;
  }
  return values;
})();

function characterValue(char: string): number {
  const letter = LETTER_VALUES.get(char);
  if (letter !== undefined) return letter;
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  throw new RangeError(`'${char}' is not a letter A-Z or a digit`);
}

/**
 * Check digit of the first 10 characters (owner code, category, serial). Remainder 10 maps to 0, as
 * common validators do: such numbers exist in service even though ISO advises against issuing them.
 */
export function computeCheckDigit(first10: string): number {
  const chars = normalizeContainerNumber(first10);
  if (!/^[A-Z]{4}[0-9]{6}$/.test(chars)) {
    throw new RangeError(`expected 4 letters and 6 digits, got '${first10}'`);
  }
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    sum += characterValue(chars.charAt(i)) * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** Builds a valid container number from its owner prefix (e.g. "MSKU") and a serial of up to 6 digits. */
export function makeContainerNumber(prefix: string, serial: number): string {
  const first10 = `${prefix.toUpperCase()}${String(serial).padStart(6, '0')}`;
  return `${first10}${computeCheckDigit(first10)}`;
}

export function validateContainerNumber(input: string): ContainerNumberValidation {
  const normalized = normalizeContainerNumber(input);
  const reject = (reason: ContainerNumberRejection, detail: string): ContainerNumberValidation => ({
    valid: false,
    reason,
    detail,
    normalized,
  });

  if (normalized.length === 0) return reject('empty', 'no characters left after normalisation');
  if (normalized.length !== 11) {
    return reject('wrong_length', `expected 11 characters, got ${normalized.length}`);
  }
  if (!/^[A-Z]{3}$/.test(normalized.slice(0, 3))) {
    return reject('invalid_owner_code', 'the owner code (characters 1-3) must be 3 letters A-Z');
  }
  if (!/^[UJZ]$/.test(normalized.charAt(3))) {
    return reject(
      'invalid_category',
      `the category (character 4) must be U, J or Z, got '${normalized.charAt(3)}'`,
    );
  }
  if (!/^[0-9]{7}$/.test(normalized.slice(4))) {
    return reject('invalid_serial', 'the serial number and check digit (characters 5-11) must be digits');
  }
  const expected = computeCheckDigit(normalized.slice(0, 10));
  const actual = Number(normalized.charAt(10));
  if (expected !== actual) {
    return reject('check_digit_mismatch', `check digit should be ${expected}, got ${actual}`);
  }
  return { valid: true, number: normalized };
}
