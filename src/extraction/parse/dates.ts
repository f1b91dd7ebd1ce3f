import { detectLanguage, foldText } from './language.ts';

/** Dates as printed on trade documents, turned into ISO `YYYY-MM-DD`. */

export type SlashDateOrder = 'month_first' | 'day_first';

// Month names and their usual abbreviations in English, French, German, Dutch, Spanish, Italian and
// Portuguese, accents folded. No spelling means different months in two of these languages.
const MONTH_WORDS: ReadonlyArray<readonly string[]> = [
  [
    'jan',
    'january',
    'janv',
    'janvier',
    'januar',
    'januari',
    'jaen',
    'ene',
    'enero',
    'gen',
    'genn',
    'gennaio',
    'janeiro',
  ],
  ['feb', 'february', 'fev', 'fevr', 'fevrier', 'februar', 'februari', 'febrero', 'febbraio', 'fevereiro'],
  ['mar', 'march', 'mars', 'marz', 'maerz', 'maart', 'mrt', 'marzo', 'marco'],
  ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile'],
  ['may', 'mai', 'mei', 'mayo', 'mag', 'maggio', 'maio'],
  ['jun', 'june', 'juin', 'juni', 'junio', 'giu', 'giugno', 'junho'],
  ['jul', 'july', 'juil', 'juillet', 'juli', 'julio', 'lug', 'luglio', 'julho'],
  ['aug', 'august', 'aout', 'augustus', 'ago', 'agosto'],
  [
    'sep',
    'sept',
    'september',
    'septembre',
    'septiembre',
    'setiembre',
    'set',
    'sett',
    'settembre',
    'setembro',
  ],
  ['oct', 'october', 'octobre', 'okt', 'oktober', 'octubre', 'ott', 'ottobre', 'out', 'outubro'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro'],
  ['dec', 'december', 'decembre', 'dez', 'dezember', 'dic', 'diciembre', 'dicembre', 'dezembro'],
];
const MONTHS: ReadonlyMap<string, number> = new Map(
  MONTH_WORDS.flatMap((words, index) => words.map((word) => [word, index + 1] as const)),
);
const MONTH_NAME = `(${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;

const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
// "28 Nov 2022", "28-nov-22", "1er décembre 2022", "28. November 2022", "28 de noviembre de 2022".
const DAY_MONTH_NAME_YEAR = new RegExp(
  `(?<![\\da-z])(\\d{1,2})(?:st|nd|rd|th|er|e|o|º)?\\.?[\\s\\-/.]*(?:de\\s+|di\\s+)?${MONTH_NAME}(?![a-z])[\\s\\-/.,]*(?:de\\s+|del\\s+)?('?\\d{4}|\\d{2})(?!\\d)`,
);
// "Nov 28, 2022", "November 28th 2022".
const MONTH_NAME_DAY_YEAR = new RegExp(
  `(?<![a-z])${MONTH_NAME}\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})(?!\\d)`,
);
// "2026-NOV-25", "2026 Nov 25": year first with the month's name, as Canadian and Asian systems print.
const YEAR_MONTH_NAME_DAY = new RegExp(
  `(?<![\\d])(\\d{4})[\\s\\-/.]*${MONTH_NAME}(?![a-z])[\\s\\-/.]*(\\d{1,2})(?!\\d)`,
);
const SLASHED = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/;
// Dotted and dashed numeric dates are day-first wherever they are used (Europe, Asia, Latin America),
// unless the day-first reading is impossible.
const DOTTED = /(?<![\d.-])(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})(?![\d.-])/;

/**
 * Finds the first date in `text`. Slashed dates with both parts at most 12 are ambiguous; `slashOrder`
 * (see `inferSlashDateOrder`) decides them, and with `null` such a date is not read at all.
 */
export function parseDate(text: string, slashOrder: SlashDateOrder | null = 'month_first'): string | null {
  const folded = foldText(text);
  const candidates: Array<{ index: number; iso: string | null }> = [];
  const consider = (pattern: RegExp, toIso: (m: RegExpExecArray) => string | null): void => {
    const match = pattern.exec(folded);
    if (match !== null) candidates.push({ index: match.index, iso: toIso(match) });
  };
  consider(ISO, (m) => isoDate(m[1], m[2], m[3]));
  consider(DAY_MONTH_NAME_YEAR, (m) => isoDate(fullYear(m[3]), monthNumber(m[2]), m[1]));
  consider(MONTH_NAME_DAY_YEAR, (m) => isoDate(m[3], monthNumber(m[1]), m[2]));
  consider(YEAR_MONTH_NAME_DAY, (m) => isoDate(m[1], monthNumber(m[2]), m[3]));
  consider(SLASHED, (m) => numericToIso(m, slashOrder));
  consider(DOTTED, (m) => numericToIso(m, 'day_first'));
  const valid = candidates.filter((c) => c.iso !== null).sort((a, b) => a.index - b.index);
  return valid[0]?.iso ?? null;
}

/**
 * The order of ambiguous slashed dates in a document. Evidence, strongest first: an unambiguous slashed
 * date in the document (13 or more in one part); the language (French, German, Dutch, Spanish and
 * Italian write day first); for English, British cues (GBP, £, United Kingdom) mean day first, otherwise
 * month first. With no language evidence at all the order is unknown (null) and ambiguous dates are left out.
 */
export function inferSlashDateOrder(text: string): SlashDateOrder | null {
  for (const match of text.matchAll(new RegExp(SLASHED.source, 'g'))) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    if (first > 12 && second <= 12) return 'day_first';
    if (second > 12 && first <= 12) return 'month_first';
  }
  const language = detectLanguage(text);
  if (language === null) return null;
  if (language !== 'en') return 'day_first';
  return /\bGBP\b|£|United Kingdom|\bU\.?K\.?\b/.test(text) ? 'day_first' : 'month_first';
}

function numericToIso(m: RegExpExecArray, order: SlashDateOrder | null): string | null {
  const first = Number(m[1]);
  const second = Number(m[2]);
  const year = fullYear(m[3]);
  if (first > 12) return isoDate(year, m[2], m[1]);
  if (second > 12) return isoDate(year, m[1], m[2]);
  if (first === second) return isoDate(year, m[1], m[2]);
  if (order === null) return null;
  return order === 'day_first' ? isoDate(year, m[2], m[1]) : isoDate(year, m[1], m[2]);
}

function monthNumber(name: string | undefined): string | undefined {
  const month = MONTHS.get((name ?? '').toLowerCase());
  return month === undefined ? undefined : String(month);
}

// Two-digit years on current paperwork are this century.
function fullYear(year: string | undefined): string | undefined {
  if (year === undefined) return undefined;
  const digits = year.replace("'", '');
  return digits.length === 2 ? `20${digits}` : digits;
}

function isoDate(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > daysInMonth) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
