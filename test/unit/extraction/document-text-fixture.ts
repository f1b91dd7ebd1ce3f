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
