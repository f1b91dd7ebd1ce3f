/**
 * What users paste into a carrier reference field, made into the plain letters and digits the carriers
 * print. Accepted: surrounding and inner whitespace (including no-break and zero-width spaces), every kind
 * of dash, dots and slashes (printed markings split numbers with them), any letter case, full-width forms. Everything else is refused: a look-alike letter from another script or a stray symbol means the
 * string only partly parses, and a carrier guessed from part of a string is worse than none.
 */

/** No carrier reference is longer than 30 characters; a far longer paste is not one. */
const MAX_INPUT_LENGTH = 200;
/**
 * Carrier references are 5 to 30 Latin letters and digits once separators are gone; checked before
 * upper-casing, which would turn a dotless ı into I and ß into SS.
 */
const READABLE = /^[A-Za-z0-9]{5,30}$/;
// \p{Zs} spaces, tabs and line breaks, zero-width space/joiners and the byte-order mark; \p{Pd} dashes
// and the minus sign; dots and slashes.
const SEPARATORS = /[\p{Zs}\t\n\r\f\v\u200b-\u200d\u2060\ufeff\p{Pd}\u2212./]/gu;

/**
 * Full-width forms (U+FF01 to U+FF5E), which Asian keyboards type, are read as their ASCII twins. Only
 * they: NFKC would also turn symbols into letters (`№` into `No`) and glue a label onto the number.
 */
const FULL_WIDTH = /[\uff01-\uff5e]/gu;
/** Two or more container numbers run together (pasted from a list): no one reference. */
const SEVERAL_CONTAINERS = /^(?:[A-Z]{3}[UJZ][0-9]{7}){2,}$/;
/** Where a pasted string splits into words: the separators that are not dashes, dots or slashes. */
const WORD_BREAKS = /[\p{Zs}\t\n\r\f\v]+/u;
/**
 * A word of five letters or more and no digit is a label (`Container`, `Booking`, `Number`): a carrier
 * prints at most four letters (a SCAC, a port code, a branch code) before the digits of a reference.
 */
const LABEL_WORD = /^[A-Za-z]{5,}$/;
/**
 * A word of nine letters and digits or more, with a digit, is a reference on its own: two of them are
 * two references (`MAEU123456789 MAEU987654321`). A reference split for reading (`EGLV 123456 789012`,
 * `HLCU HAM 230612345`) has at most one such word.
 */
const WHOLE_REFERENCE_WORD = /^(?=.*[0-9])[A-Za-z0-9]{9,}$/;

/** A check digit printed in a box, typed as `MSKU 678721 (8)` or `[8]`: one digit, bracketed, at the end. */
const BOXED_CHECK_DIGIT = /(?<=[0-9])\s*[([]\s*([0-9])\s*[)\]]\s*$/u;

export type ReferenceInput =
  | { readonly readable: true; readonly number: string }
  | { readonly readable: false; readonly reason: string };

export function readReferenceInput(input: string): ReferenceInput {
  if (input.length > MAX_INPUT_LENGTH) return { readable: false, reason: 'longer than any reference' };
  const folded = input.replace(FULL_WIDTH, (char) => char.normalize('NFKC')).replace(BOXED_CHECK_DIGIT, '$1');
  const words = folded
    .split(WORD_BREAKS)
    .map((word) => word.replace(SEPARATORS, ''))
    .filter((word) => word !== '');
  if (words.some((word) => LABEL_WORD.test(word))) {
    return { readable: false, reason: 'a word around the reference (a label), not only the reference' };
  }
  if (words.filter((word) => WHOLE_REFERENCE_WORD.test(word)).length > 1) {
    return { readable: false, reason: 'several references' };
  }
  const stripped = folded.replace(SEPARATORS, '');
  if (!READABLE.test(stripped)) {
    return { readable: false, reason: 'not 5 to 30 Latin letters and digits once separators are gone' };
  }
  const number = stripped.toUpperCase();
  if (!/[0-9]/.test(number)) return { readable: false, reason: 'no digit: a word, not a reference' };
  if (SEVERAL_CONTAINERS.test(number)) return { readable: false, reason: 'several container numbers' };
  return { readable: true, number };
}
