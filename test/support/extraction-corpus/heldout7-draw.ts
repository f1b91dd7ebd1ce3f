import type { Canvas } from './heldout-canvas.ts';

/**
 * Drawing pieces for the seventh held-out set: a spreadsheet printed with its grid, the header block of
 * an email printed to PDF, labels set over their values in a row of their own, and amounts in the
 * conventions the earlier sets did not print (Brazilian reais, Indian lakh grouping).
 */

/** A spreadsheet range printed with every cell's border: `widths` per column, one row per entry. */
export function grid(
  canvas: Canvas,
  x: number,
  y: number,
  widths: readonly number[],
  rows: ReadonlyArray<readonly string[]>,
  options: { size?: number; rowHeight?: number; boldFirstRow?: boolean } = {},
): number {
  const size = options.size ?? 8;
  const rowHeight = options.rowHeight ?? size + 7;
  let top = y;
  rows.forEach((row, r) => {
    let left = x;
    widths.forEach((width, c) => {
      canvas.box(left, top, width, rowHeight);
      const cell = row[c] ?? '';
      const numeric = /^[\d.,' ]+$/.test(cell) && c > 0;
      canvas.text(cell, numeric ? left + width - 3 : left + 3, top + (rowHeight - size) / 2, {
        size,
        bold: options.boldFirstRow === true && r === 0,
        align: numeric ? 'right' : 'left',
      });
      left += width;
    });
    top += rowHeight;
  });
  return top;
}

/** The header an email client prints above a message: field names bold, a rule under the block. */
export function mailHeader(
  canvas: Canvas,
  x: number,
  y: number,
  fields: ReadonlyArray<readonly [name: string, value: string]>,
): number {
  let next = y;
  for (const [name, value] of fields) {
    canvas.text(`${name}:`, x, next, { size: 8.5, bold: true });
    canvas.text(value, x + 62, next, { size: 8.5 });
    next += 12;
  }
  canvas.rule(x, next + 2, canvas.width - 2 * x);
  return next + 12;
}

/** Labels across a row, each value in the row under its label, as a one-row table. */
export function labelRow(
  canvas: Canvas,
  y: number,
  cells: ReadonlyArray<readonly [x: number, label: string, value: string]>,
  options: { labelSize?: number; size?: number } = {},
): number {
  const labelSize = options.labelSize ?? 7;
  const size = options.size ?? 8.5;
  for (const [x, label, value] of cells) {
    canvas.text(label, x, y, { size: labelSize, bold: true });
    canvas.text(value, x, y + labelSize + 5, { size });
  }
  return y + labelSize + 5 + size + 6;
}

/** Rupees in the Indian grouping: the last three digits, then pairs (`12,34,567.00`). */
export function lakh(cents: number): string {
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  const head = whole.slice(0, -3);
  const tail = whole.slice(-3);
  const grouped = head.length === 0 ? tail : `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`;
  return `${grouped}.${fraction}`;
}
