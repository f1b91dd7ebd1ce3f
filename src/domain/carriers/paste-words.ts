import { labelOf } from './reference-labels.ts';

/**
 * The words of a paste as reference-input.ts reads them: each word without its wrapping, a word split
 * where it holds two (`MSKU6787218/40HC`, `BL-MAEU…`), and a list's item marker in front.
 */

/**
 * Quotes and brackets around a word, the punctuation a sentence or a label puts after it, the marks a
 * mail signature sets between words (`Thanks & regards`, `Ops | Hamburg`, `* MBL …`, `@ Rotterdam`), a
 * quoted reply's `>`, arrows, Spanish opening marks (`¿…?`) and the Markdown a chat or an agent formats a
 * number with (`` `…` ``, `_…_`, `~~…~~`); a star only in front, where it is a bullet (see unwrapWord).
 */
const WORD_WRAPPING =
  /^["'“”‘’„‚«»‹›「『【([{#&|*•·<>¿¡_`~@\u2190-\u21ff\u2794\u27a1]+|["'“”‘’„‚«»‹›」』】)\]}.,;:!?#&|•·。、>_`~@\u2190-\u21ff\u2794\u27a1]+$/gu;
/** Stars after a word. */
const TRAILING_STARS = /\*+$/u;

/**
 * A word without its wrapping. A star after it marks a footnote (the number is not whole), unless the word
 * opened with one: `**MSKU6787218**` and `*MAEU…*` are Markdown's bold and italics.
 */
export function unwrapWord(word: string): string {
  const unwrapped = word.replace(WORD_WRAPPING, '');
  if (!word.startsWith('*') || !TRAILING_STARS.test(unwrapped)) return unwrapped;
  return unwrapped.replace(TRAILING_STARS, '').replace(WORD_WRAPPING, '');
}

/**
 * Equipment size and type pasted beside a box (`MSKU6787218 40HC`, `1x20GP`, `45G1`, `40'HQ`): the words of
 * a container list's row, not part of the reference.
 */
export const EQUIPMENT_CODE =
  /^(?:[0-9]{1,2}X)?(?:20|40|45|53)(?:FT)?(?:GP|DV|DC|HC|HQ|RF|RH|RE|OT|FR|FL|TK|PL|NOR|SD|ST)?$|^[1-9LMNP][0-9A-Z][GVBSRHUPT][0-9]$/;

export const isEquipmentCode = (word: string): boolean =>
  EQUIPMENT_CODE.test(word.replace(/['’]/gu, '').toUpperCase());

/** A number on either side of a slash (`MSKU6787218/123456`: a box and its seal): two numbers, not one. */
const NUMBER_PART = /^(?=[^0-9]*[0-9])[A-Za-z0-9-]{5,}$/u;
/**
 * A label typed onto the number with a dash or a dot (`BL-MAEU…`, `BKG.123456789`, `CNTR-MSKU…`): two to
 * four letters, then the number.
 */
const GLUED_LABEL = /^([A-Za-z]{2,4})[-.](?=[^-.]*[0-9])([A-Za-z0-9][A-Za-z0-9.-]*)$/u;

/**
 * A word as the words it holds: the parts of a word whose slashes stand between two numbers, or between a
 * number and an equipment code (`MSKU6787218/123456`, `MSKU6787218/40HC`); a label and the number it was
 * typed onto (`BL-MAEU…`); else the word (`B/L`, `678721/8`, `HLCU-HAM…`).
 */
export function splitWord(word: string): string[] {
  if (word.includes('/')) {
    const parts = word.split('/');
    const numbers = parts.filter((part) => NUMBER_PART.test(part)).length;
    if (numbers >= 2 || (numbers === 1 && parts.length === 2 && parts.some(isEquipmentCode))) return parts;
  }
  const glued = GLUED_LABEL.exec(word);
  if (glued !== null && labelOf(glued[1] ?? '') !== undefined) return [glued[1] ?? '', glued[2] ?? ''];
  return [word];
}

/**
 * A list's item marker at the start of a paste (`1. `, `2) `, `(3) `): copied with the one line of a
 * numbered list, it is not part of the reference, nor a second number. `#1` stays a number (a ticket's, an
 * item's): beside a whole reference it is a second one.
 */
const LIST_MARKER = /^\s*\(?[0-9]{1,2}[.)][ \t]+(?=\S)/u;

export const withoutListMarker = (message: string): string => message.replace(LIST_MARKER, '');
