import { CELL_SEPARATOR, layoutLines, type PositionedText, type TextLine } from '../pdf/layout-lines.ts';

/** One word as an OCR engine reports it, in image pixels (origin top-left). */
export interface OcrWord {
  text: string;
  /** 0 to 100. */
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Words with the same key were put on one line by the engine. */
  lineKey: string;
}

export interface OcrPage {
  words: OcrWord[];
  width: number;
  height: number;
}

// Mean character width over the em, across proportional and monospaced fonts (Helvetica about 0.5,
// Courier 0.6): the lower end, so an em is not underestimated.
const AVERAGE_CHAR_EM = 0.55;

// OCR reads a capital I as "!" or "|" inside a word in capitals ("HUAME! HOUSEWARES"); trade documents
// print neither inside a word.
const MISREAD_I = /(?<=[A-Z])[!|](?=[A-Z]|$)|^[!|](?=[A-Z]{2})/g;

export const meanConfidence = (words: readonly OcrWord[]): number =>
  words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;

/**
 * Turns word boxes into the same lines a PDF text layer gives. Words of one engine line share its
 * baseline and height, so a slightly skewed line stays one line; engine lines from different blocks
 * (a label column and a value column) that sit at the same height merge into one visual line.
 */
export function ocrLines(page: OcrPage, pageNumber: number): TextLine[] {
  const byLine = new Map<string, OcrWord[]>();
  for (const word of page.words) {
    if (word.text.trim().length === 0) continue;
    const group = byLine.get(word.lineKey) ?? [];
    group.push(word);
    byLine.set(word.lineKey, group);
  }
  const items: (PositionedText & { confidence: number })[] = [];
  for (const words of byLine.values()) {
    const heights = words.map((word) => word.height).sort((a, b) => a - b);
    const widths = words
      .filter((word) => word.text.length >= 2)
      .map((word) => word.width / word.text.length)
      .sort((a, b) => a - b);
    // A word box is as tall as its letters, well under the font's em; gaps between cells are measured in
    // ems, and a word space in a monospaced font is a whole character wide. The em is estimated from the
    // line's mean character width (about half an em) when that says more than the box height.
    const charWidth = widths[Math.floor(widths.length / 2)] ?? 0;
    const lineHeight = Math.max(heights[Math.floor(heights.length / 2)] ?? 1, charWidth / AVERAGE_CHAR_EM);
    const bottom = words.reduce((sum, word) => sum + word.top + word.height, 0) / words.length;
    for (const word of words) {
      items.push({
        text: word.text.replace(MISREAD_I, 'I'),
        x: word.left,
        // PDF-like coordinates: y grows upwards, so lines sort top to bottom as in a text layer.
        y: page.height - bottom,
        width: word.width,
        fontSize: Math.max(lineHeight, 1),
        confidence: word.confidence,
      });
    }
  }
  const lines = layoutLines(items, pageNumber);
  return lines.map((line) => {
    const inLine = items.filter((item) => Math.abs(item.y - line.y) <= item.fontSize * 0.35);
    const confidence = inLine.reduce((sum, item) => sum + item.confidence, 0) / Math.max(inLine.length, 1);
    const cells = line.cells.map((cell) => ({
      ...cell,
      text: closeGroupedNumber(withoutSpeckQuote(cell.text)),
    }));
    const text = cells.map((cell) => cell.text).join(CELL_SEPARATOR);
    return { ...line, cells, text, source: 'ocr', confidence: Math.round(confidence) };
  });
}

// OCR reads a space after a thousands separator ("201, 600.000"): a cell that is one grouped number
// with such a space is that number.
const SPACED_GROUPS = /^\d{1,3}(?:[.,] ?\d{3})+(?:[.,]\d{1,3})?$/;
const closeGroupedNumber = (text: string): string =>
  / /.test(text) && SPACED_GROUPS.test(text) ? text.replace(/ /g, '') : text;

// A speck before a word reads as a quote mark ('"Seal No.', '‘NORTHERN GRANITE'): no form opens a
// label or a value with one, so it is dropped when a word follows.
const withoutSpeckQuote = (text: string): string => text.replace(/^[‘’“”"'`]+(?=[\p{L}\d]{2})/u, '');
