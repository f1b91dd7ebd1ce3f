import { type DocumentText, toDocumentText } from '../../../src/extraction/document-text.ts';
import { CELL_SEPARATOR, type TextLine } from '../../../src/extraction/pdf/layout-lines.ts';

/**
 * Builds a `DocumentText` without a PDF: each line is a string, or cells as [x, text] pairs. Lines are
 * 14 points apart, cells use a 10 point font and a rough width of 5 points per character.
 */
export function documentText(
  lines: ReadonlyArray<string | ReadonlyArray<readonly [number, string]>>,
): DocumentText {
  const built: TextLine[] = lines.map((line, index) => {
    const cells = (typeof line === 'string' ? [[50, line] as const] : line).map(([x, text]) => ({
      text,
      x,
      xEnd: x + text.length * 5,
      fontSize: 10,
    }));
    return { page: 1, y: 800 - index * 14, cells, text: cells.map((c) => c.text).join(CELL_SEPARATOR) };
  });
  return toDocumentText(built, 1, 1);
}

/** A cell of `linesFrom`: x, text and font size (8 points unless given). */
export type Cell = readonly [x: number, text: string, size?: number];
/** A line: how far below the previous one its baseline is, then its cells. */
export type Line = readonly [drop: number, cells: ReadonlyArray<Cell>];

/**
 * Text lines as a page sets them, from the top down: each cell as wide as half its font size per
 * character; `source: 'ocr'` marks them as read off an image.
 */
export function linesFrom(
  rows: ReadonlyArray<Line>,
  options: { readonly source?: 'ocr' | undefined; readonly fontSize?: number } = {},
): TextLine[] {
  let y = 800;
  return rows.map(([drop, line]) => {
    y -= drop;
    const cells = line.map(([x, text, size = options.fontSize ?? 8]) => ({
      text,
      x,
      xEnd: x + text.length * size * 0.5,
      fontSize: size,
    }));
    const text = cells.map((c) => c.text).join(CELL_SEPARATOR);
    return options.source === undefined
      ? { page: 1, y, cells, text }
      : { page: 1, y, cells, text, source: options.source };
  });
}

/** One page of `linesFrom`'s lines as the extractors read it. */
export const pageFrom = (
  rows: ReadonlyArray<Line>,
  options: { readonly source?: 'ocr' | undefined; readonly fontSize?: number } = {},
): DocumentText => toDocumentText(linesFrom(rows, options), 1, 1);
