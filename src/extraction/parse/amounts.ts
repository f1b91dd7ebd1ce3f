/** Money and quantities as printed, turned into plain decimal strings ("12,345.60" → "12345.60"). */

// ICU's list is the ISO 4217 set this runtime knows; no hand-typed copy to drift.
const ISO_4217: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

// Symbols and local names used in place of the code. "¥" is left out: it is both JPY and CNY.
const CURRENCY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['US$', 'USD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['RMB', 'CNY'],
  ['HK$', 'HKD'],
  ['S$', 'SGD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['R$', 'BRL'],
  ['₹', 'INR'],
]);

// Real codes that are also words or units on shipping paperwork ("12,000 KGS", "ALL CHARGES", "TOP
// LOADING"). Found loose in text they are far more likely the word; only a "Currency" label vouches for them.
const WORD_LIKE_CODES: ReadonlySet<string> = new Set([
  'ALL',
  'BOB',
  'CUP',
  'GEL',
  'KGS',
  'MAD',
  'MOP',
  'PEN',
  'SOS',
  'TOP',
  'TRY',
]);

export function isCurrencyCode(code: string): boolean {
  return ISO_4217.has(code);
}

/** The value of a "Currency" field: a code (any ISO 4217 code, word-like or not) or a known symbol. */
export function parseCurrencyCode(raw: string): string | null {
  const word = /^[A-Za-z]{4,}/.test(raw.trim()) ? findCurrencyWord(raw) : null;
  if (word !== null) return word;
  const token = /^\S+/.exec(raw.trim())?.[0] ?? '';
  const alias = CURRENCY_ALIASES.get(token);
  if (alias !== undefined) return alias;
  const code = token.toUpperCase();
  return isCurrencyCode(code) ? code : null;
}

/**
 * Normalises a printed number. When both separators appear the last one is the decimal mark; a lone
 * separator followed by exactly three digits is a thousands separator ("1,234", "1.234") unless spaces
 * or apostrophes already group the thousands ("5 284,800" is 5284.8).
 */
export function parseDecimal(printed: string): string | null {
  const compact = printed.replace(/[\s\u00a0']/g, '');
  if (!/^-?\d[\d.,]*$/.test(compact)) return null;
  // Grouped by spaces or apostrophes ("5 284,800", "12'450.00"), a lone comma or dot is the decimal mark.
  const spaceGrouped = /\d[\s\u00a0']\d{3}(?!\d)/.test(printed.trim());
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let integerPart = compact;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = Math.max(lastDot, lastComma);
    integerPart = compact.slice(0, mark);
    fraction = compact.slice(mark + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = compact.split(sep);
    const last = parts[parts.length - 1] ?? '';
    // Thousands groups are three digits: after two marks of one kind, a last group of one or two is the
    // fraction, its mark misprinted or misread ("48.915.60" for 48,915.60 on a blurred scan).
    const isThousands = parts.length > 2 ? last.length > 2 : last.length === 3 && !spaceGrouped;
    if (!isThousands) {
      integerPart = parts.slice(0, -1).join('');
      fraction = last;
    }
  }
  const digits = integerPart.replace(/[.,]/g, '');
  if (!/^-?\d+$/.test(digits) || !/^\d*$/.test(fraction)) return null;
  const trimmed = digits.replace(/^(-?)0+(?=\d)/, '$1');
  return fraction.length > 0 ? `${trimmed}.${fraction}` : trimmed;
}

export interface Money {
  amount: string;
  currency: string | null;
}

// India groups by lakh and crore: the last three digits, then pairs ("1,00,67,175.00").
const LAKH_NUMBER = String.raw`-?\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?`;
const NUMBER = String.raw`${LAKH_NUMBER}|-?\d{1,3}(?:[.,'\u00a0]\d{3})*(?:[.,]\d{1,4})?|-?\d+(?:[.,]\d{1,4})?`;
// A single space groups thousands ("12 345,60 EUR") only next to a currency: elsewhere, in a table row,
// it may separate numbers of two columns.
const MONEY_NUMBER = String.raw`${LAKH_NUMBER}|-?\d{1,3}(?:[.,' \u00a0]\d{3})*(?:[.,]\d{1,4})?|-?\d+(?:[.,]\d{1,4})?`;
const CODE_OR_SYMBOL = String.raw`[A-Z]{3}|US\$|HK\$|S\$|A\$|C\$|R\$|[$€£₹]`;
const MONEY_CODE_FIRST = new RegExp(
  String.raw`(?<![A-Za-z])(${CODE_OR_SYMBOL})\s*(${MONEY_NUMBER})(?![\d])`,
  'g',
);
const MONEY_CODE_AFTER = new RegExp(
  String.raw`(?<![\d.,])(${MONEY_NUMBER})\s*(${CODE_OR_SYMBOL})(?![A-Za-z])`,
  'g',
);
const BARE_NUMBER = new RegExp(String.raw`(?<![\w.,])(${NUMBER})(?![\w])`);

/** Finds an amount with its currency in `text`, e.g. "USD 12,345.60", "12.345,60 EUR", "$1,200". */
export function parseMoney(text: string): Money | null {
  for (const [pattern, numberGroup, currencyGroup] of [
    [MONEY_CODE_FIRST, 2, 1],
    [MONEY_CODE_AFTER, 1, 2],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      const currency = toCurrencyCode(match[currencyGroup]);
      const amount = parseDecimal(match[numberGroup] ?? '');
      if (currency !== null && amount !== null) return { amount, currency };
    }
  }
  // A value that is one number grouped with spaces ("12 450,00") is read whole.
  const whole = new RegExp(String.raw`^\s*(${MONEY_NUMBER})\s*$`).exec(text);
  const bare = whole ?? BARE_NUMBER.exec(text);
  const amount = parseDecimal(bare?.[1] ?? '');
  return amount === null ? null : { amount, currency: findCurrency(text) };
}

/** A currency named anywhere in `text` (a code, an unambiguous symbol, or its name in words). */
export function findCurrency(text: string): string | null {
  for (const match of text.matchAll(new RegExp(`(?<![A-Za-z])(${CODE_OR_SYMBOL})(?![A-Za-z])`, 'g'))) {
    const code = toCurrencyCode(match[1]);
    if (code !== null) return code;
  }
  return findCurrencyWord(text);
}

// Currencies written out, in the six languages. A bare "dollars" or "francs" names no one currency.
const CURRENCY_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\beuros?\b/i, 'EUR'],
  [
    /\b(?:u\.?s\.?|american|us-?)\s*dollars?\b|\bdollars? (?:us|americains?)\b|\bdolares estadounidenses\b/i,
    'USD',
  ],
  [/\bpounds? sterling\b|\bsterling\b|\blivres? sterling\b/i, 'GBP'],
  [/\bswiss francs?\b|\bfrancs? suisses?\b|\bschweizer franken\b|\bsfr\.?(?![a-z])/i, 'CHF'],
  [/\b(?:japanese )?yen\b/i, 'JPY'],
  [/\brenminbi\b|\byuan\b/i, 'CNY'],
];

export function findCurrencyWord(text: string): string | null {
  for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(text)) return code;
  return null;
}

function toCurrencyCode(token: string | undefined): string | null {
  if (token === undefined) return null;
  const alias = CURRENCY_ALIASES.get(token);
  if (alias !== undefined) return alias;
  return isCurrencyCode(token) && !WORD_LIKE_CODES.has(token) ? token : null;
}
