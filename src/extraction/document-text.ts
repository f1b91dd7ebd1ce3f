import type { TextLine } from './pdf/layout-lines.ts';
import { joinSplitLabels } from './split-labels.ts';
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
 * Labels broken over two lines are joined first (see `joinSplitLabels`), then cells that wrapped onto the
 * next line (see `joinWrappedCells`).
 */
export function toDocumentText(lines: TextLine[], pageCount: number, pagesRead: number): DocumentText {
  const joined = joinWrappedCells(joinSplitLabels(lines));
  return { pageCount, pagesRead, lines: joined, plain: joined.map((line) => line.text).join('\n') };
}
