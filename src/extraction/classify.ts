import type { DocumentText } from './document-text.ts';
import type { DocumentType } from './document-type.ts';
import { CELL_SEPARATOR } from './pdf/layout-lines.ts';

type ClassifiedType = Exclude<DocumentType, 'other'>;

interface TypeVocabulary {
  /** Phrases that, printed as a heading, name the document. */
  titles: readonly string[];
  /** Terms that such documents usually carry; each distinct one found adds a point. */
  terms: readonly string[];
}

// A title outweighs any pile of supporting terms: B/Ls and arrival notices share most of their terms.
const TITLE_WEIGHT = 10;
// Titles in the page header win over the same phrase further down (an arrival notice quoting a B/L).
const HEADER_LINES = 6;
const HEADER_BONUS = 3;
// Without a title, this many distinct terms ahead of the runner-up still make a confident call.
const MIN_TERMS_WITHOUT_TITLE = 4;
const MIN_TERM_MARGIN = 2;
// A title is a short cell: "ORIGINAL BILL OF LADING" is one, "Bill of Lading No." is a label.
const MAX_TITLE_EXTRA_WORDS = 3;
const LABEL_WORDS = new Set([
  'no',
  'nos',
  'number',
  'num',
  'date',
  'ref',
  'reference',
  'total',
  'amount',
  'value',
]);
// Headings are set larger than body text; a title-sized phrase is a stronger signal.
const LARGE_TEXT_RATIO = 1.3;
const LARGE_TEXT_BONUS = 2;

const VOCABULARY: Readonly<Record<ClassifiedType, TypeVocabulary>> = {
  commercial_invoice: {
    titles: ['commercial invoice', 'tax invoice', 'export invoice', 'invoice'],
    terms: [
      'invoice no',
      'invoice number',
      'invoice date',
      'total amount',
      'grand total',
      'unit price',
      'amount due',
      'payment terms',
      'incoterms',
      'bill to',
      'sold to',
      'seller',
      'buyer',
      'subtotal',
      'hs code',
      'country of origin',
    ],
  },
  bill_of_lading: {
    titles: ['bill of lading', 'sea waybill', 'ocean bill of lading', 'house bill of lading', 'waybill'],
    terms: [
      'shipper',
      'consignee',
      'notify party',
      'port of loading',
      'port of discharge',
      'place of receipt',
      'place of delivery',
      'ocean vessel',
      'voyage',
      'freight prepaid',
      'freight collect',
      'shipped on board',
      'number of original',
      'seal',
      'scac',
    ],
  },
  arrival_notice: {
    titles: ['arrival notice', 'notice of arrival', 'cargo arrival notice'],
    terms: [
      'eta',
      'estimated time of arrival',
      'last free day',
      'freight charges',
      'demurrage',
      'free time',
      'pickup',
      'available for pickup',
      'terminal',
      'charges due',
      'customs',
      'port of discharge',
      'vessel',
    ],
  },
  packing_list: {
    titles: ['packing list', 'packing slip', 'packing specification'],
    terms: [
      'gross weight',
      'net weight',
      'packages',
      'cartons',
      'measurement',
      'cbm',
      'dimensions',
      'marks and numbers',
      'pallets',
      'package count',
      'total packages',
    ],
  },
};

export interface Classification {
  documentType: DocumentType;
  notes: string;
}

interface Score {
  type: ClassifiedType;
  title: string | null;
  titleScore: number;
  terms: string[];
}

export function classifyDocument(text: DocumentText): Classification {
  const haystack = text.plain.toLowerCase().replace(/\s+/g, ' ');
  const bodySize = medianFontSize(text);
  // Object.keys loses the key type; VOCABULARY is typed by exactly these keys.
  const types = Object.keys(VOCABULARY) as ClassifiedType[];
  const scores = types.map((type) => scoreType(type, text, haystack, bodySize));
  const total = (s: Score): number => s.titleScore + s.terms.length;
  scores.sort((a, b) => total(b) - total(a) || b.titleScore - a.titleScore);
  const [best, runnerUp] = scores;
  if (best === undefined) return { documentType: 'other', notes: 'no text to classify' };

  const termNote = `${best.terms.length} supporting term${best.terms.length === 1 ? '' : 's'}`;
  if (best.title !== null) {
    return { documentType: best.type, notes: `title '${best.title.toUpperCase()}'; ${termNote}` };
  }
  const margin = best.terms.length - (runnerUp?.terms.length ?? 0);
  if (best.terms.length >= MIN_TERMS_WITHOUT_TITLE && margin >= MIN_TERM_MARGIN) {
    return { documentType: best.type, notes: `no title; ${termNote} (${best.terms.slice(0, 4).join(', ')})` };
  }
  return {
    documentType: 'other',
    notes:
      best.terms.length === 0
        ? 'no title and no supporting terms of a known type'
        : `no title; closest is ${best.type} with ${termNote}, too few to decide`,
  };
}

function scoreType(type: ClassifiedType, text: DocumentText, haystack: string, bodySize: number): Score {
  const vocabulary = VOCABULARY[type];
  let title: string | null = null;
  let titleScore = 0;
  text.lines.forEach((line, index) => {
    // A run may hold several wide-spaced parts ("COMMERCIAL INVOICE   Invoice No.: 7781"); each can be a title.
    for (const [cell, part] of line.cells.flatMap((c) =>
      c.text.split(CELL_SEPARATOR).map((p) => [c, p] as const),
    )) {
      const found = matchTitle(part, vocabulary.titles);
      if (found === null) continue;
      const score =
        TITLE_WEIGHT +
        (index < HEADER_LINES ? HEADER_BONUS : 0) +
        (cell.fontSize >= bodySize * LARGE_TEXT_RATIO ? LARGE_TEXT_BONUS : 0);
      if (score > titleScore) {
        titleScore = score;
        title = found;
      }
    }
  });
  const terms = vocabulary.terms.filter((term) => containsTerm(haystack, term));
  return { type, title, titleScore, terms };
}

function matchTitle(cellText: string, titles: readonly string[]): string | null {
  if (/[:#\d]/.test(cellText)) return null;
  const words = cellText
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const joined = ` ${words.join(' ')} `;
  for (const title of titles) {
    if (!joined.includes(` ${title} `)) continue;
    const extra = joined
      .replace(` ${title} `, ' ')
      .trim()
      .split(' ')
      .filter((w) => w.length > 0);
    if (extra.length <= MAX_TITLE_EXTRA_WORDS && !extra.some((w) => LABEL_WORDS.has(w))) return title;
  }
  return null;
}

function containsTerm(haystack: string, term: string): boolean {
  const escaped = term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<![a-z])${escaped}(?![a-z])`).test(haystack);
}

function medianFontSize(text: DocumentText): number {
  const sizes = text.lines.flatMap((line) => line.cells.map((cell) => cell.fontSize)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}
