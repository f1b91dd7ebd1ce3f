import type { TextLine } from './pdf/layout-lines.ts';
import { joinOcrLabelPieces, joinSplitLabels } from './split-labels.ts';
import { joinWrappedCells } from './wrapped-cells.ts';

/** What the field extractors see of a document: its visual lines, in reading order, page by page. */
export interface DocumentText {
  pageCount: number;
  /** Pages actually read; less than `pageCount` when the page cap applied. */
  pagesRead: number;
  lines: TextLine[];
  /** All lines joined with newlines; cells within a line are separated by a wide gap. */
  plain: string;
}

/**
 * OCR's label pieces are joined first (see `joinOcrLabelPieces`), then labels broken over two lines (see
 * `joinSplitLabels`), then cells that wrapped onto the next line (see `joinWrappedCells`).
 */
export function toDocumentText(lines: TextLine[], pageCount: number, pagesRead: number): DocumentText {
  const joined = joinWrappedCells(joinSplitLabels(joinOcrLabelPieces(lines)));
  return { pageCount, pagesRead, lines: joined, plain: joined.map((line) => line.text).join('\n') };
}
