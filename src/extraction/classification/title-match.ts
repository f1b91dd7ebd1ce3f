import { foldText } from '../parse/language.ts';

/**
 * Whether a cell reads as one of a type's titles: a short heading naming the document ("ORIGINAL BILL OF
 * LADING"), not a label that starts with the same words ("Bill of Lading No."). Letter-spaced and
 * OCR-garbled headings count.
 */

export const TITLE_WEIGHT = 10;
// A numbered title ("FACTURE N° 2024-118") in the header is nearly as strong as a bare one.
const NUMBERED_TITLE_WEIGHT = 7;
// A title is a short cell: "ORIGINAL BILL OF LADING" is one, "Bill of Lading No." is a label.
const MAX_TITLE_EXTRA_WORDS = 3;

const LABEL_WORDS = new Set(
  'no nos nr n number num numero nummer date datum fecha data ref reference total amount value'.split(' '),
);

/** A cell's text made ready for `matchTitle` once, however many types' titles it is matched against. */
export interface TitleCell {
  /** The words joined by single spaces, with a space at each end. */
  readonly joined: string;
  readonly foldedJoined: string;
  /** Letter-spaced ("I N V O I C E"): the letters read as one word, folded. */
  readonly letterSpaced: string | null;
}

/** Null for a cell that cannot be a title (a label with a colon). */
export function titleCell(cellText: string): TitleCell | null {
  if (cellText.includes(':')) return null;
  const words = foldText(cellText)
    .replace(/[^a-z0-9#\s-]/g, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const joined = ` ${words.join(' ')} `;
  // Letter-spaced headings ("I N V O I C E") come out as single letters; read them as one word.
  const letterSpaced =
    words.length >= 4 && words.every((w) => w.length === 1) ? ocrFold(words.join('')) : null;
  return { joined, foldedJoined: ocrFold(joined), letterSpaced };
}

export function matchTitle(
  cell: TitleCell,
  titles: readonly string[],
  inHeader: boolean,
): { title: string; weight: number } | null {
  const { joined, foldedJoined, letterSpaced } = cell;
  if (letterSpaced !== null) {
    const title = titles.find((t) => foldedTitle(t.replace(/ /g, '')) === letterSpaced);
    return title === undefined ? null : { title, weight: TITLE_WEIGHT };
  }
  let best: { title: string; weight: number } | null = null;
  for (const title of titles) {
    const at = foldedJoined.indexOf(` ${foldedTitle(title)} `);
    if (at < 0) continue;
    const before = joined
      .slice(0, at)
      .trim()
      .split(' ')
      .filter((w) => w.length > 0);
    const after = joined
      .slice(at + title.length + 2)
      .trim()
      .split(' ')
      .filter((w) => w.length > 0);
    const extra = [...before, ...after];
    const numbered = after.length > 0 && LABEL_WORDS.has(after[0] ?? '') && after.some((w) => /\d/.test(w));
    let weight = 0;
    if (
      !/\d/.test(foldedJoined) &&
      extra.length <= MAX_TITLE_EXTRA_WORDS &&
      !extra.some((w) => LABEL_WORDS.has(w))
    ) {
      weight = TITLE_WEIGHT;
    } else if (numbered && inHeader && before.length <= 1 && after.length <= 4) {
      weight = NUMBERED_TITLE_WEIGHT;
    }
    // Two titles in one heading ("ARRIVAL NOTICE / FREIGHT INVOICE"): the one it starts with names it.
    if (weight > 0 && before.length === 0) weight += 1;
    // Longer titles are more specific ("house bill of lading" over "bill of lading").
    if (
      weight > 0 &&
      (best === null || weight > best.weight || (weight === best.weight && title.length > best.title.length))
    ) {
      best = { title, weight };
    }
  }
  return best;
}

// OCR confuses l, 1, | and I, 0 and O, 5 and S: headings compare with each group folded to one letter.
// Only letters are replaced one for one, so positions in the folded text match the original.
function ocrFold(text: string): string {
  return text.replace(/[l1|]/g, 'i').replace(/0/g, 'o').replace(/5/g, 's');
}

/** Titles are a fixed vocabulary: each is folded once. */
const FOLDED_TITLES = new Map<string, string>();
function foldedTitle(title: string): string {
  let folded = FOLDED_TITLES.get(title);
  if (folded === undefined) {
    folded = ocrFold(title);
    FOLDED_TITLES.set(title, folded);
  }
  return folded;
}
