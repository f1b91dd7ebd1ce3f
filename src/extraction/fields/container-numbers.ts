import { normalizeContainerNumber, validateContainerNumber } from '../../domain/iso6346.ts';
import type { DocumentText } from '../document-text.ts';

export interface RejectedContainerNumber {
  value: string;
  reason: string;
  detail: string;
}

export interface ContainerNumbers {
  accepted: string[];
  rejected: RejectedContainerNumber[];
}

// The exact ISO 6346 shape, possibly split as printed ("MSKU 100001-6"). Anywhere in a document this
// is almost certainly meant as a container number, so a failed check digit is reported, not ignored.
const STRICT = /(?<![A-Za-z0-9])[A-Z]{3}[UJZ][ -]?\d{6}[ -]?\d(?![A-Za-z0-9])/g;
// Near misses (wrong category letter, letter O for zero, a digit missing or extra). Only trusted on a
// line that talks about containers, where a reference number of similar shape is unlikely.
const LOOSE = /(?<![A-Za-z0-9])[A-Z]{4}[ -]?[0-9O]{5,6}[ -]?[0-9O]{0,2}(?![A-Za-z0-9])/g;
const CONTAINER_CONTEXT =
  /\b(?:containers?|cntrs?|ctnrs?|equipment|container\s*(?:no|nos|number)s?|conteneurs?|beh[äa]lter|contenedor(?:es)?|contenitori|contenitore)\b/i;

// Forms print the check digit in a small box after the serial; OCR reads the box as brackets or bars
// around it ("HLXU 812044 [7]", "CAIU 415908[1 |"). The check digit still has to hold.
// A zero or a one alone in its box is read as a letter as often ("[o |"): its look-alike is taken.
const BOXED_CHECK_DIGIT =
  /(?<![A-Za-z0-9])([A-Z]{3}[UJZ] ?\d{6}) ?[[{(|] ?([\dOoIl]) ?[\]})|]?(?![A-Za-z0-9])/g;
const DIGIT_LOOK_ALIKE: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1' };

// OCR sometimes reads a stray digit into the owner code ("Z1IMU1338706" for "ZIMU1338706"): twelve
// characters whose owner code holds one digit. Only kept when dropping that digit leaves a number whose
// check digit holds.
const OCR_EXTRA_DIGIT = /(?<![A-Za-z0-9])(?=[A-Z0-9]{5}\d{7}(?![A-Za-z0-9]))[A-Z][A-Z]*\d[A-Z]+\d{7}/g;

function withoutStrayDigit(token: string): string | null {
  const owner = token.slice(0, 5);
  const digit = owner.search(/\d/);
  if (digit < 1) return null;
  const repaired = owner.slice(0, digit) + owner.slice(digit + 1) + token.slice(5);
  return /^[A-Z]{3}[UJZ]\d{7}$/.test(repaired) && validateContainerNumber(repaired).valid ? repaired : null;
}

// OCR reads the owner code's letters as the digits they look like ("00LU7100523" for "OOLU7100523"), or
// breaks the serial at a speck ("OOLU71 14023"). Both only kept when the repaired check digit holds.
const OCR_DIGIT_OWNER =
  /(?<![A-Za-z0-9])(?=[A-Z0-9]{3}[UJZ]\d{7}(?![A-Za-z0-9]))[A-Z]*[0158][A-Z0-9]*[UJZ]\d{7}/g;
const OCR_BROKEN_SERIAL =
  /(?<![A-Za-z0-9])[A-Z]{3}[UJZ](?=(?:\d ?){7}(?![A-Za-z0-9]))\d+ \d+(?![A-Za-z0-9])/g;
const LETTER_FOR_DIGIT: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

function ocrRepairs(text: string): string[] {
  const repaired: string[] = [];
  const keep = (candidate: string): void => {
    if (/^[A-Z]{3}[UJZ]\d{7}$/.test(candidate) && validateContainerNumber(candidate).valid)
      repaired.push(candidate);
  };
  for (const match of text.matchAll(OCR_DIGIT_OWNER))
    keep(match[0].slice(0, 4).replace(/[0158]/g, (d) => LETTER_FOR_DIGIT[d] ?? d) + match[0].slice(4));
  for (const match of text.matchAll(OCR_BROKEN_SERIAL)) keep(match[0].replace(' ', ''));
  return repaired;
}

/** The text with boxed check digits joined to their container numbers. */
export const withBoxedCheckDigits = (text: string): string =>
  text.replace(
    BOXED_CHECK_DIGIT,
    (_, number: string, digit: string) => number + (DIGIT_LOOK_ALIKE[digit] ?? digit),
  );

/**
 * Container numbers in a document: those passing ISO 6346 are accepted, the others are returned with
 * the reason they fail. `exclude` holds identifiers already known to be something else (a B/L number).
 */
export function findContainerNumbers(
  text: DocumentText,
  exclude: readonly (string | null)[] = [],
): ContainerNumbers {
  const excluded = new Set(exclude.filter((v): v is string => v !== null).map(normalizeContainerNumber));
  const accepted: string[] = [];
  const rejected: RejectedContainerNumber[] = [];
  const seen = new Set<string>();

  const consider = (raw: string): void => {
    const value = raw.trim();
    const normalized = normalizeContainerNumber(value);
    if (seen.has(normalized) || excluded.has(normalized)) return;
    seen.add(normalized);
    const result = validateContainerNumber(value);
    if (result.valid) accepted.push(result.number);
    else rejected.push({ value, reason: result.reason, detail: result.detail });
  };

  for (const line of text.lines) {
    const printed = withBoxedCheckDigits(line.text);
    const inContext = CONTAINER_CONTEXT.test(printed);
    const matches = [...printed.matchAll(STRICT), ...(inContext ? printed.matchAll(LOOSE) : [])];
    matches.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    for (const match of matches) consider(match[0]);
    if (line.source !== 'ocr') continue;
    for (const match of printed.matchAll(OCR_EXTRA_DIGIT)) {
      const repaired = withoutStrayDigit(match[0]);
      if (repaired !== null) consider(repaired);
    }
    for (const repaired of ocrRepairs(printed)) consider(repaired);
  }
  return { accepted, rejected };
}
