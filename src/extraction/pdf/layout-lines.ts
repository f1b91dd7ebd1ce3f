import { hasCjk, hasLatin, withoutCjkBesideLatin } from './text-characters.ts';

/**
 * Rebuilds visual lines from positioned text items. pdf.js returns items in the order the producer drew
 * them, so "label" and "value" drawn apart, or two columns drawn side by side, only line up again once
 * items are grouped by baseline and sorted left to right.
 */

/** One run of text as pdf.js reports it, in PDF user space (origin bottom-left). */
export interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/** Text on one line that sits apart from its neighbours: a label, a value, a table cell. */
export interface TextCell {
  text: string;
  x: number;
  xEnd: number;
  fontSize: number;
}

export interface TextLine {
  page: number;
  y: number;
  cells: TextCell[];
  /** The cells joined with a wide gap, for searching and display. */
  text: string;
  /** Where the text came from; absent means the PDF text layer. */
  source?: 'text' | 'ocr';
  /** OCR only: the mean word confidence of the line, 0 to 100. */
  confidence?: number;
}

// Baselines closer than this share a line: covers sub/superscripts and jitter from per-glyph positioning.
const SAME_LINE_TOLERANCE_EM = 0.35;
// Gaps wider than this start a new cell. A word space is about 0.28 em (up to ~0.6 in justified text);
// pdf.js reports a run of three spaces inside one string as a 0.83 em gap, which should split.
const CELL_GAP_EM = 0.7;
// Gaps wider than this (but narrower than a cell gap) are a word space the producer did not draw.
const WORD_GAP_EM = 0.15;
export const CELL_SEPARATOR = '   ';

export function layoutLines(items: readonly PositionedText[], page: number): TextLine[] {
  const visible = items.filter((item) => item.text.trim().length > 0);
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);

  const rows: PositionedText[][] = [];
  let current: PositionedText[] = [];
  let rowY = Number.NaN;
  for (const item of sorted) {
    const tolerance = Math.max(item.fontSize, 1) * SAME_LINE_TOLERANCE_EM;
    if (current.length > 0 && Math.abs(item.y - rowY) > tolerance) {
      rows.push(current);
      current = [];
    }
    if (current.length === 0) rowY = item.y;
    current.push(item);
  }
  if (current.length > 0) rows.push(current);

  return rows.map((row) => toLine(row, page));
}

function toLine(row: PositionedText[], page: number): TextLine {
  const ordered = [...row].sort((a, b) => a.x - b.x);
  const bilingual = row.some((item) => hasCjk(item.text)) && row.some((item) => hasLatin(item.text));
  const cells: TextCell[] = [];
  let cell: TextCell | undefined;
  const kept: PositionedText[] = [];
  for (const item of ordered) {
    if (overprintsKept(kept, item)) continue;
    kept.push(item);
    const em = Math.max(item.fontSize, 1);
    const gap = cell === undefined ? 0 : item.x - cell.xEnd;
    if (cell === undefined || gap > em * CELL_GAP_EM) {
      cell = { text: item.text, x: item.x, xEnd: item.x + item.width, fontSize: item.fontSize };
      cells.push(cell);
      continue;
    }
    const needsSpace = gap > em * WORD_GAP_EM && !cell.text.endsWith(' ') && !item.text.startsWith(' ');
    cell.text += needsSpace ? ` ${item.text}` : item.text;
    cell.xEnd = Math.max(cell.xEnd, item.x + item.width);
    cell.fontSize = Math.max(cell.fontSize, item.fontSize);
  }
  const tidy = closeLetterSpacing(
    cells
      // Wide gaps inside one run separate values ("POL: X   POD: Y"); keep them recognisable.
      .map((c) => ({
        ...c,
        text: withoutCjkBesideLatin(c.text, bilingual)
          .replace(/\s+/g, (gap) => (gap.length >= 3 ? CELL_SEPARATOR : ' '))
          .trim(),
      }))
      .filter((c) => c.text.length > 0),
  );
  return { page, y: row[0]?.y ?? 0, cells: tidy, text: tidy.map((c) => c.text).join(CELL_SEPARATOR) };
}

// Text drawn again this close to itself is one text made to look bold (or shadowed): producers without a
// bold font draw it twice, offset by a fraction of a point.
const OVERPRINT_EM = 0.2;

/** Kept items are in x order: only the last few can start close enough to `item`. */
function overprintsKept(kept: readonly PositionedText[], item: PositionedText): boolean {
  const reach = Math.max(item.fontSize, 1) * OVERPRINT_EM;
  for (let i = kept.length - 1; i >= 0; i -= 1) {
    const other = kept[i] as PositionedText;
    if (item.x - other.x >= reach) return false;
    if (overprints(other, item)) return true;
  }
  return false;
}

function overprints(first: PositionedText, second: PositionedText): boolean {
  if (first.text !== second.text || first.width <= 0) return false;
  const em = Math.max(first.fontSize, 1);
  const dx = Math.abs(second.x - first.x);
  // Under half the run's own width: "ll" drawn glyph by glyph repeats a glyph one advance on.
  return dx < em * OVERPRINT_EM && dx < first.width / 2 && Math.abs(second.y - first.y) < em * OVERPRINT_EM;
}

// A title set letter-spaced ("B I L L   O F   L A D I N G"): single letters a space apart, words two or
// more spaces apart. A word of four letters at least says the line is spaced so; then its shorter words
// ("O F", drawn as a cell of their own) are closed up too, which alone could be initials.
const LETTER_SPACED = /^\p{L}(?: \p{L})+(?: {2,}\p{L}(?: \p{L})*)*$/u;
const MIN_SPACED_LETTERS = 4;
// Words of a spaced heading stand about three letter gaps apart: up to this many ems.
const MAX_SPACED_WORD_GAP_EM = 1.5;

/**
 * Cells of "O R D E N   D E   E N T R E G A" as they read: "ORDEN DE ENTREGA". The spacing between its
 * words is wide enough to start a new cell; neighbouring spaced cells of one size are one heading again.
 */
export function closeLetterSpacing(cells: TextCell[]): TextCell[] {
  const spaced = (text: string): boolean => LETTER_SPACED.test(text);
  const letters = (text: string): number => text.replace(/ /g, '').length;
  if (!cells.some((c) => spaced(c.text) && letters(c.text) >= MIN_SPACED_LETTERS)) return cells;
  const closed: TextCell[] = [];
  let previousSpaced = false;
  for (const cell of cells) {
    if (!spaced(cell.text)) {
      closed.push(cell);
      previousSpaced = false;
      continue;
    }
    const text = cell.text
      .split(/ {2,}/)
      .map((word) => word.replace(/ /g, ''))
      .join(' ');
    const last = closed.at(-1);
    if (
      previousSpaced &&
      last !== undefined &&
      Math.abs(last.fontSize - cell.fontSize) < 0.5 &&
      cell.x - last.xEnd <= cell.fontSize * MAX_SPACED_WORD_GAP_EM
    ) {
      last.text = `${last.text} ${text}`;
      last.xEnd = cell.xEnd;
    } else closed.push({ ...cell, text });
    previousSpaced = true;
  }
  return closed;
}
