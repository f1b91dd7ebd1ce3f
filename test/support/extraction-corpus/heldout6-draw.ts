import type { Canvas, TextOptions } from './heldout-canvas.ts';

/**
 * Drawing pieces for the sixth held-out set: label and value pairs whose text layer holds characters
 * the standard fonts cannot encode (see `Canvas.unicodeText`), container numbers split by dashes, and a
 * header and footer repeated on every page with that page's number.
 */

/** Label and value pairs down a column, label at `x`, value at `valueX`, both through the ToUnicode font. */
export function unicodePairs(
  canvas: Canvas,
  x: number,
  valueX: number,
  y: number,
  items: ReadonlyArray<readonly [label: string, value: string]>,
  options: TextOptions = {},
): number {
  const size = options.size ?? 8;
  let next = y;
  for (const [label, value] of items) {
    canvas.unicodeText(label, x, next, { size, bold: true });
    canvas.unicodeText(value, valueX, next, { size });
    next += size * 1.5;
  }
  return next;
}

/** "TGHU-123456-7": owner and serial, then the check digit, split by dashes. */
export const dashedContainer = (container: string): string =>
  `${container.slice(0, 4)}-${container.slice(4, 10)}-${container.slice(10)}`;

/** Digits and capitals as their full-width forms, as East Asian input methods leave them. */
export const fullWidth = (value: string): string =>
  value.replace(/[0-9A-Z:/]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** A running header and footer on the current page: the same text, this page's number. */
export function runningHeadFoot(canvas: Canvas, head: string, foot: string, page: number, of: number): void {
  canvas.text(head, 40, 16, { size: 7, grey: true });
  canvas.text(`Page ${page} of ${of}`, 555, 16, { size: 7, grey: true, align: 'right' });
  canvas.rule(40, 26, 515);
  canvas.rule(40, 800, 515);
  canvas.text(`${foot} - ${page}/${of}`, 297, 806, { size: 6.5, grey: true, align: 'center' });
}
