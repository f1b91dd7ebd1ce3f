/** Dates as printed on trade documents, turned into ISO `YYYY-MM-DD`. */

export type SlashDateOrder = 'month_first' | 'day_first';

const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [
    m,
    i + 1,
  ]),
);

const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/;
const DAY_MONTH_NAME_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s\\-/.]*${MONTH_NAME}[\\s\\-/.,]*(\\d{4}|\\d{2})\\b`,
  'i',
);
const MONTH_NAME_DAY_YEAR = new RegExp(
  `\\b${MONTH_NAME}\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})\\b`,
  'i',
);
const SLASHED = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/;
// Dotted and dashed numeric dates are day-first wherever they are used (Europe, Asia, Latin America).
const DOTTED = /\b(\d{1,2})[.-](\d{1,2})[.-](\d{4})\b/;

/**
 * Finds the first date in `text`. Slashed dates with both parts at most 12 are ambiguous; `slashOrder`
 * (see `inferSlashDateOrder`) decides them.
 */
export function parseDate(text: string, slashOrder: SlashDateOrder = 'month_first'): string | null {
  const candidates: Array<{ index: number; iso: string | null }> = [];
  const consider = (pattern: RegExp, toIso: (m: RegExpExecArray) => string | null): void => {
    const match = pattern.exec(text);
    if (match !== null) candidates.push({ index: match.index, iso: toIso(match) });
  };
  consider(ISO, (m) => isoDate(m[1], m[2], m[3]));
  consider(DAY_MONTH_NAME_YEAR, (m) => isoDate(fullYear(m[3]), monthNumber(m[2]), m[1]));
  consider(MONTH_NAME_DAY_YEAR, (m) => isoDate(m[3], monthNumber(m[1]), m[2]));
  consider(SLASHED, (m) => slashedToIso(m, slashOrder));
  consider(DOTTED, (m) => isoDate(m[3], m[2], m[1]));
  const valid = candidates.filter((c) => c.iso !== null).sort((a, b) => a.index - b.index);
  return valid[0]?.iso ?? null;
}

/** Picks the order of slashed dates from any unambiguous one in the document; US order otherwise. */
export function inferSlashDateOrder(text: string): SlashDateOrder {
  for (const match of text.matchAll(new RegExp(SLASHED.source, 'g'))) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    if (first > 12 && second <= 12) return 'day_first';
    if (second > 12 && first <= 12) return 'month_first';
  }
  return 'month_first';
}

function slashedToIso(m: RegExpExecArray, order: SlashDateOrder): string | null {
  const first = Number(m[1]);
  const second = Number(m[2]);
  const year = fullYear(m[3]);
  if (first > 12) return isoDate(year, m[2], m[1]);
  if (second > 12) return isoDate(year, m[1], m[2]);
  return order === 'day_first' ? isoDate(year, m[2], m[1]) : isoDate(year, m[1], m[2]);
}

function monthNumber(name: string | undefined): string | undefined {
  const month = MONTHS.get((name ?? '').slice(0, 3).toLowerCase());
  return month === undefined ? undefined : String(month);
}

// Two-digit years on current paperwork are this century.
function fullYear(year: string | undefined): string | undefined {
  if (year === undefined) return undefined;
  return year.length === 2 ? `20${year}` : year;
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
