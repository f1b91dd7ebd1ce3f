import type { Canvas } from './heldout-canvas.ts';
import type { Column } from './heldout2-draw.ts';

/**
 * Drawing pieces for the third held-out set, for the arrangements office software makes that the first
 * two sets do not: tables written to the page a column at a time (so a text layer read in content order
 * holds all of one column before the next), values printed on a line above their label, and labels in
 * capitals with the value on the line below.
 */

/**
 * A table whose cells are drawn column by column, top to bottom, as report writers that fill one field
 * across all rows before the next do. The page looks like any table; its content stream does not.
 */
export function tableByColumns(
  canvas: Canvas,
  y: number,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  options: { size?: number; left?: number; right?: number } = {},
): number {
  const size = options.size ?? 8;
  const left = options.left ?? 40;
  const right = options.right ?? canvas.width - 40;
  const step = size * 1.45;
  columns.forEach((column, i) => {
    canvas.text(column.head, column.x, y, { size: size - 0.5, bold: true, align: column.align ?? 'left' });
    rows.forEach((row, r) => {
      const cell = row[i];
      if (cell !== undefined)
        canvas.text(cell, column.x, y + size + 7 + r * step, { size, align: column.align ?? 'left' });
    });
  });
  canvas.rule(left, y + size + 3, right - left);
  const bottom = y + size + 7 + rows.length * step;
  canvas.rule(left, bottom, right - left);
  return bottom + 6;
}

/**
 * A value written on a line with its small label printed underneath, as on signature blocks and the
 * pre-printed forms where the typist fills the blank above the caption. Returns the y below the label.
 */
export function valueAbove(
  canvas: Canvas,
  x: number,
  y: number,
  width: number,
  value: readonly string[],
  label: string,
  size = 8.5,
): number {
  const below = canvas.lines(value, x, y, { size });
  canvas.rule(x, below + 1, width);
  canvas.text(label, x, below + 3, { size: 6, grey: true });
  return below + 12;
}

/** Label and value pairs laid out across the page, each label in capitals over its value. */
export function capsRow(
  canvas: Canvas,
  y: number,
  cells: ReadonlyArray<readonly [label: string, value: string, x: number]>,
  size = 8.5,
): number {
  for (const [label, value, x] of cells) {
    canvas.text(label, x, y, { size: 7, bold: true });
    canvas.text(value, x, y + 11, { size });
  }
  return y + 11 + size * 1.6;
}
