/**
 * What users paste into a carrier reference field, made into the plain letters and digits the carriers
 * print. Accepted: surrounding and inner whitespace (including no-break and zero-width spaces), every kind
 * of dash, dots and slashes (printed markings split numbers with them), any letter case, full-width forms,
 * Arabic-Indic digits, and the words people paste around one reference: its label (`B/L No.`, `BKG#`,
 * `Container:`, `提单号`, `Numéro de BL`), a sentence (`Please track … for me.`), quotes, brackets and
 * punctuation around it. Everything else is refused: a look-alike letter from another script or a stray
 * symbol means the string only partly parses, two references mean no one reference, another trade's number
 * (an air waybill, an IBAN, a parcel's) is none, and a carrier guessed from part of a string is worse than
 * none.
 */

import { otherTradeNumber, otherTradeWord } from './other-trade-numbers.ts';
import { foldPaste } from './paste-characters.ts';
import { EQUIPMENT_CODE, isEquipmentCode, splitWord, unwrapWord, withoutListMarker } from './paste-words.ts';
import {
  isLabelWord,
  isPartyReferenceLabel,
  isQuantityWord,
  type LabelledKind,
  labelOf,
  SHORT_LABELS,
} from './reference-labels.ts';

export type { LabelledKind } from './reference-labels.ts';

/** No carrier reference is longer than 30 characters; a sentence around one is rarely past 200. */
const MAX_INPUT_LENGTH = 200;
/**
 * Carrier references are 5 to 30 Latin letters and digits once separators are gone; checked before
 * upper-casing, which would turn a dotless ı into I and ß into SS.
 */
const READABLE = /^[A-Za-z0-9]{5,30}$/;
// \p{Zs} spaces, tabs and line breaks, the soft hyphen, zero-width space/joiners and the byte-order mark; the
// direction marks and isolates that text copied out of Arabic and Hebrew pages carries; \p{Pd} dashes and the
// minus sign; dots and slashes.
const SEPARATORS =
  /[\p{Zs}\t\n\r\f\v\u00ad\u200b-\u200f\u061c\u202a-\u202e\u2060\u2066-\u2069\ufeff\p{Pd}\u2212./]/gu;

/** Two or more container numbers run together (pasted from a list): no one reference. */
const SEVERAL_CONTAINERS = /^(?:[A-Z]{3}[UJZ][0-9]{7}){2,}$/;
/**
 * Where a pasted string splits into words: the separators that are not dashes, dots or slashes, and the
 * colon and number sign that end a label typed without a space (`BL:MAEU…`, `BKG#123…`).
 */
const WORD_BREAKS = /[\p{Zs}\t\n\r\f\v:#]+/u;
/** The same, kept in the split: a paste's words and the breaks between them, alternately. */
const WORD_BREAKS_KEPT = new RegExp(`(${WORD_BREAKS.source})`, 'u');
/**
 * A link, a mail address or markup: the reference in it belongs to a page or a mailbox, not to a field. A
 * mail address has no space around its `@` (`MSKU… @ Rotterdam` is a place); a tag is named by letters (`<td>`, `</b>`, `<br/>`, `<h1 …>`): `<MSKU6787218>` is a number in angle
 * brackets, as mail clients quote it.
 */
const LINK_MAIL_OR_MARKUP = /:\/\/|www\.|\S@\S|<\/?[a-z]+[1-6]?(?:\s[^>]*)?\/?>/iu;
/**
 * A date in the ISO 8601 basic form (`20261124`), years 2019 to 2035: the digits of Hapag-Lloyd's bookings,
 * but a booking falls in that set of month and day digits about once in 16,000.
 */
const COMPACT_DATE = /^20(?:19|2[0-9]|3[0-5])(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])$/;
/**
 * What a form holds before the number is known: one digit repeated (`000000000`, `99999999`), or a line's
 * code and nothing but zeros (`MAEU000000000`). A box's shape is a box (serial 000000 is a serial).
 */
const PLACEHOLDER = /^(?:([0-9])\1{4,}|(?![A-Z]{3}[UJZ][0-9]{7}$)[A-Z]{0,4}0{7,})$/;
/**
 * A date typed with separators (`2024-03-15`, `15.03.2024`, `03/15/2024`, `15-MAR-2024`): once the
 * separators are gone it has the shape of a booking (8 digits: Hapag-Lloyd's), but no carrier prints one.
 */
const DATE_WORD =
  /^(?:[0-9]{4}([-./])[0-9]{1,2}\1[0-9]{1,2}|[0-9]{1,2}([-./])[0-9]{1,2}\2(?:[0-9]{2}|[0-9]{4})|[0-9]{1,2}([-./])(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\3(?:[0-9]{2}|[0-9]{4}))$/iu;
/**
 * Words that end a mail's message and start its signature (`Regards`, `Tel:`, `-- `), or start another
 * field of a pasted row (`Seal`, `PO`, `Invoice`), once a number has come before them: the numbers after
 * them are the sender's phone or another field's, not a second reference. (`ETA` and a date after a number
 * stay a second number: a date beside a reference is refused, see the reading's tests.)
 */
const SIGN_OFF =
  /^(?:REGARDS|THANKS|THANK|CHEERS|SINCERELY|BEST|BR|KR|TEL|TELEPHONE|PHONE|FAX|MOBILE|MOB|CELL|EMAIL|MAIL|SENT|SEAL|SEALS|PO|INV|INVOICE|HS)$|^-{2,}$/u;
/** An area code in brackets (`(555) 010-1234`): a phone number, whose digits alone look like a bill's. */
const AREA_CODE_WORD = /^\([0-9]{2,5}\)$/u;
/** A word of Latin letters only: a label, a sentence's word, a line's code. */
const LETTERS_ONLY = /^[A-Za-z]+$/;
/** A comma or semicolon after a number: a list of numbers, not one reference split for reading. */
const LIST_SEPARATOR_AFTER = /^(?=.*[0-9]).*[,;、]$/u;
/**
 * A word of nine letters and digits or more, with a digit, is a reference on its own: two of them are
 * two references (`MAEU123456789 MAEU987654321`). A reference split for reading (`EGLV 123456 789012`,
 * `HLCU HAM 230612345`) has at most one such word.
 */
const WHOLE_REFERENCE_WORD = /^(?=.*[0-9])[A-Za-z0-9]{9,}$/;
/** Text that ends in a container number (owner code, 6 digits, check digit), any case. */
const BOX_AT_END = /[A-Za-z]{4}[0-9]{7}$/;
/** A container number, any case. */
const CONTAINER_NUMBER = /^[A-Za-z]{4}[0-9]{7}$/;

export type ReferenceInput =
  | {
      readonly readable: true;
      readonly number: string;
      /** The number type a label around the reference names (`BKG#`, `B/L No.`, `Container:`), if any. */
      readonly labelled?: LabelledKind;
      /** The words pasted around the reference, as typed (a label, a sentence, a carrier's name). */
      readonly context: readonly string[];
    }
  | { readonly readable: false; readonly reason: string };

const refuse = (reason: string): ReferenceInput => ({ readable: false, reason });

/**
 * `isLineCode` says whether a 4-letter word is a line's SCAC or bill prefix; without a catalog, a word typed
 * in capitals is taken for one.
 */
export function readReferenceInput(
  input: string,
  isLineCode: (word: string) => boolean = (word) => word === word.toUpperCase(),
): ReferenceInput {
  if (input.length > MAX_INPUT_LENGTH) return refuse('longer than any reference');
  // Most fields hold the number alone: it needs none of a paste's reading, only the number's own checks.
  if (READABLE.test(input)) return readPlainNumber(input);
  const folded = foldPaste(input);
  // Words and the breaks between them, alternately: the message is what comes before the sign-off.
  const tokens = folded.split(WORD_BREAKS_KEPT);
  const message = tokens.slice(0, 2 * signOffIndex(tokens.filter((_, index) => index % 2 === 0))).join('');
  if (LINK_MAIL_OR_MARKUP.test(message)) return refuse('a link, a mail address or markup, not a reference');
  const rawWords = withoutListMarker(message).split(WORD_BREAKS).flatMap(splitWord);
  if (rawWords.some((word) => AREA_CODE_WORD.test(word))) return refuse('a phone number, not a reference');
  const unwrapped = rawWords.map(unwrapWord);
  if (unwrapped.some((word) => DATE_WORD.test(word))) return refuse('a date, not a reference');
  for (const word of unwrapped) {
    const otherTrade = otherTradeWord(word);
    if (otherTrade !== undefined) return refuse(otherTrade);
  }
  if (isList(rawWords)) return refuse('a list of numbers: several references');
  const pasted = unwrapped.map((word) => word.replace(SEPARATORS, '')).filter((word) => word !== '');
  const hasWholeReference = pasted.some((word) => WHOLE_REFERENCE_WORD.test(word));
  const words = hasWholeReference
    ? pasted.filter((word) => !isEquipmentCode(word))
    : withoutEquipmentAfterBox(pasted);
  const kept = referenceWords(words, isLineCode);
  if ('reason' in kept) return refuse(kept.reason);
  if (kept.words.filter((word) => WHOLE_REFERENCE_WORD.test(word)).length > 1) {
    return refuse('several references');
  }
  const stripped = kept.words.join('');
  if (!READABLE.test(stripped)) {
    return refuse('not 5 to 30 Latin letters and digits once separators are gone');
  }
  const number = stripped.toUpperCase();
  // Checked with and without the short words read as its prefix (`Royal Mail LP…GB` is no `MAIL…` bill).
  const firstWord = unwrapped.find((word) => /[0-9]/.test(word)) ?? '';
  const withoutLead =
    kept.leadLength === 0 ? number : kept.words.slice(kept.leadLength).join('').toUpperCase();
  const whyNot =
    whyNotAReference(number, firstWord) ??
    (withoutLead === number ? undefined : otherTradeNumber(withoutLead, firstWord));
  if (whyNot !== undefined) return refuse(whyNot);
  return {
    readable: true,
    number,
    ...(kept.labelled === undefined ? {} : { labelled: kept.labelled }),
    context: kept.context,
  };
}

/**
 * A field that holds letters and digits only, as the reading of a paste would read it: one word, no label,
 * nothing around it; an equipment code alone (`1X40HC`…) is no reference.
 */
function readPlainNumber(word: string): ReferenceInput {
  const glued = otherTradeWord(word);
  if (glued !== undefined) return refuse(glued);
  const number = word.toUpperCase();
  if (WHOLE_REFERENCE_WORD.test(word) && EQUIPMENT_CODE.test(number)) {
    return refuse('not 5 to 30 Latin letters and digits once separators are gone');
  }
  const whyNot = whyNotAReference(number, word);
  return whyNot === undefined ? { readable: true, number, context: [] } : refuse(whyNot);
}

/** Why a whole number (letters and digits, upper case) is no one reference; undefined when it may be one. */
function whyNotAReference(number: string, firstWord: string): string | undefined {
  if (!/[0-9]/.test(number)) return 'no digit: a word, not a reference';
  if (SEVERAL_CONTAINERS.test(number)) return 'several container numbers';
  if (COMPACT_DATE.test(number)) return 'a date, not a reference';
  if (PLACEHOLDER.test(number)) return 'a placeholder (one digit repeated, or zeros), not a reference';
  return otherTradeNumber(number, firstWord);
}

/**
 * A box split for reading with its size and type after it (`MSKU 678721 8 (40' HC)`, `HLXU 123456-7 /
 * 40HC`): the equipment codes after the words that end in a whole container number are the row's other
 * cells. Anywhere else a short code may be part of the reference and is kept.
 */
function withoutEquipmentAfterBox(words: readonly string[]): readonly string[] {
  let joined = '';
  for (const [index, word] of words.entries()) {
    if (isEquipmentCode(word) && BOX_AT_END.test(joined)) {
      return [...words.slice(0, index), ...words.slice(index + 1).filter((later) => !isEquipmentCode(later))];
    }
    joined += word;
  }
  return words;
}

/**
 * Whether a number ends with a comma or semicolon and another number follows (`12345678, 23456789`): a list.
 * Equipment codes after a box (`MSKU6787218, 40HC`) are a row's other cells, not a second number.
 */
function isList(rawWords: readonly string[]): boolean {
  const listed = rawWords.findIndex((word) => LIST_SEPARATOR_AFTER.test(word));
  if (listed === -1) return false;
  return rawWords.slice(listed + 1).some((word) => {
    const plain = unwrapWord(word).replace(SEPARATORS, '');
    return /[0-9]/.test(plain) && !EQUIPMENT_CODE.test(plain.toUpperCase());
  });
}

/** Where a mail's sign-off starts, when a word with a digit comes before it; else after the last word. */
function signOffIndex(words: readonly string[]): number {
  let seenDigit = false;
  for (const [index, word] of words.entries()) {
    if (seenDigit && SIGN_OFF.test(unwrapWord(word).toUpperCase())) return index;
    seenDigit ||= /[0-9]/.test(word);
  }
  return words.length;
}

/**
 * The words of the one reference in a paste: from the first word with a digit to the last, and the short
 * letter words right before it (a SCAC, a port code) up to the first label word. Label and sentence words
 * before and after it are dropped; between its words there may be none (`MSKU… and TCNU…` is two).
 */
function referenceWords(
  words: readonly string[],
  isLineCode: (word: string) => boolean,
):
  | {
      readonly words: readonly string[];
      /** How many of `words` are short words read as the reference's prefix (`MAEU 123…`, `HLCU HAM …`). */
      readonly leadLength: number;
      readonly labelled?: LabelledKind;
      readonly context: readonly string[];
    }
  | { readonly reason: string } {
  const first = words.findIndex((word) => /[0-9]/.test(word));
  if (first === -1) return { words, leadLength: 0, context: [] };
  const last = words.findLastIndex((word) => /[0-9]/.test(word));
  let labelled: LabelledKind | undefined;
  let notCarrier = false;
  // A label before the reference says what it is, the nearest one last (`Vessel Maersk Essen, container
  // MSKU…` is a container); one after it names what comes next in the sentence (`MSKU6787218 on vessel
  // Maersk Essen`), so only one before it refuses the number.
  const noteLabel = (word: string, before: boolean): void => {
    const kind = labelOf(word);
    if (kind === 'not_carrier') notCarrier ||= before;
    else if (kind !== undefined && kind !== null) {
      if (before && kind !== 'house_bill') notCarrier = false;
      if (labelled === undefined || kind === 'house_bill') labelled = kind;
    }
  };
  if (isQuantityWord(words[last + 1] ?? '') || isQuantityWord(words[first - 1] ?? '')) {
    return { reason: 'a quantity or an amount, not a reference' };
  }
  for (const word of words.slice(last + 1)) {
    if (!isLabelWord(word)) return { reason: 'a symbol or a second number after the reference' };
    noteLabel(word, false);
  }
  const middle = words.slice(first, last + 1);
  if (middle.some((word) => isLabelWord(word))) {
    return { reason: 'a word between two numbers: several references' };
  }
  // A whole reference with another number beside it is two numbers, unless together they are one box
  // (`MSKU678721 8`: the check digit typed apart).
  if (
    middle.length > 1 &&
    middle.some((word) => WHOLE_REFERENCE_WORD.test(word)) &&
    !CONTAINER_NUMBER.test(middle.join(''))
  ) {
    return { reason: 'a second number beside the reference' };
  }
  // The lead: the word right before the digits if it is a short non-label word (`MAEU 123456789`,
  // `Medu T6664162`), and before that a 4-letter prefix when the first is a 3- or 4-letter code
  // (`HLCU HAM 230612345`). Before a reference that has four letters of its own (`MSKU6787218`), only a
  // line's code (`ONEY DLCD14614203`, `MAEU MSKU6787218`): `Yang Ming MSKU…` is a name, not a prefix; so
  // is `Yang Ming ABC123456`. Any other word there belongs to the sentence.
  const ownPrefix = /^[A-Za-z]{4}/.test(words[first] ?? '');
  const lead: string[] = [];
  let start = first;
  while (start > 0 && lead.length < 2) {
    const word = words[start - 1] ?? '';
    // A word with accents or in another script (`Réservation`, `提单号`) is no line's code: the lead ends.
    if (!LETTERS_ONLY.test(word) && isLabelWord(word)) break;
    if (!LETTERS_ONLY.test(word)) return { reason: 'a symbol or a number before the reference' };
    const fits = lead.length === 0 ? word.length <= 4 : word.length === 4 && (lead[0]?.length ?? 0) >= 2;
    // A code is typed in one case (`NYC`, `hdmu`); a word in title case (`Ming`, `Wan`) is part of a name,
    // unless it is a line's own code (`Medu`).
    const oneCase = word === word.toUpperCase() || word === word.toLowerCase();
    const typedAsCode = (!ownPrefix && oneCase) || isLineCode(word);
    const label = SHORT_LABELS.has(word.toUpperCase()) || labelOf(word) !== undefined;
    if (!fits || !typedAsCode || label) break;
    lead.unshift(word);
    start -= 1;
  }
  let partyReference = false;
  for (const [index, word] of words.slice(0, start).entries()) {
    if (!isLabelWord(word)) return { reason: 'a symbol or a number before the reference' };
    noteLabel(word, true);
    if (index > 0 && isPartyReferenceLabel(words[index - 1] ?? '', word)) {
      notCarrier = true;
      partyReference = true;
    }
  }
  if (notCarrier)
    return {
      reason: partyReference
        ? 'labelled as a trading party’s own reference (a customer’s, a shipper’s), which no carrier tracks'
        : 'labelled as a number no carrier prints (an order, invoice, customs entry, seal, HS code, phone, air waybill, vessel, voyage, tax, bank, PRO or parcel number)',
    };
  return {
    words: [...lead, ...middle],
    leadLength: lead.length,
    ...(labelled === undefined ? {} : { labelled }),
    context: [...words.slice(0, start), ...words.slice(last + 1)],
  };
}
