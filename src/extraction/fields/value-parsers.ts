import { isLabel } from './label-cells.ts';

/** Parsers for free-text field values. Each returns null when the candidate is not a plausible value. */

// Longer than any name or port we expect; a longer "value" is a paragraph the label happened to precede.
const MAX_TEXT_VALUE_LENGTH = 120;

/** A document number: the first token, with at least one digit ("INV-2026-0042", "MAEU261234567"). */
export function parseIdentifier(raw: string): string | null {
  // A carrier's code set apart from the rest of its number: "CMDU LHV1208834", "MAEU 261234567".
  const trimmed = raw
    .trim()
    .replace(/^([A-Z]{4}) (?=[A-Z0-9]*\d[A-Z0-9]{4,}(?![A-Za-z0-9\-/.]))/, '$1')
    // OCR splits a pair of ones inside a number: "DO/FXT/261 1/0442", "PL-261 1-087".
    .replace(/^([A-Za-z0-9][A-Za-z0-9\-/.]*[-/]\d{3,}) (\d{1,2}[-/]\d{2,})/, '$1$2');
  const token = /^[A-Za-z0-9][A-Za-z0-9\-/.]*[A-Za-z0-9]/.exec(trimmed)?.[0];
  if (token === undefined || token.length < 3 || token.length > 40 || !/\d/.test(token)) return null;
  return token.toUpperCase();
}

/** A name, place or other short text; another label is not a value. */
export function parseText(raw: string): string | null {
  const value = raw.replace(/\s+/g, ' ').trim();
  if (value.length === 0 || value.length > MAX_TEXT_VALUE_LENGTH || isLabel(value)) return null;
  return value;
}

/** A SCAC: exactly four letters. */
export function parseScac(raw: string): string | null {
  const match = /^([A-Za-z]{4})(?![A-Za-z0-9])/.exec(raw.trim());
  return match?.[1]?.toUpperCase() ?? null;
}

// Words that start a sentence or instruction rather than a company name.
const NOT_A_NAME =
  /^(?:same as|idem\b|m[êe]me que|voir |wie |gleich |siehe |zelfde|idem|igual|mismo|misma|stess[oa]|come |vedi |as per|see |n\/a|none|tba|to be advised|\(|the |please )/i;

// A bare order clause names nobody: "TO ORDER", "A LA ORDEN", "À L'ORDRE". With "OF" it opens the name of
// the bank that follows.
const BARE_ORDER =
  /^(?:to\s+(?:the\s+)?order|order|a\s+la\s+orden|[àa]\s+l['’]ordre|an\s+die\s+order|aan\s+order|all['’]ordine)\.?$/i;

/** A party's name: the first line of its block, not an instruction or an address line. */
export function parseParty(raw: string): string | null {
  const value = parseText(raw);
  if (
    value === null ||
    NOT_A_NAME.test(value) ||
    BARE_ORDER.test(value) ||
    !/[A-Za-z]{2}/.test(value) ||
    /^\d/.test(value)
  )
    return null;
  return value;
}
