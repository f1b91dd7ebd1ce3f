import type { Canvas } from './heldout-canvas.ts';

/**
 * Drawing pieces for the fourth held-out set: a key/value grid of boxed cells two pairs wide (label cell,
 * value cell, label cell, value cell), as carriers' and brokers' systems print their headers, and labels
 * broken over two lines beside a value on the first.
 */

/**
 * Rows of boxed cells, two label/value pairs a row; a label cell is shaded grey text, its value beside it
 * in the next cell. `widths` are the four cell widths. Returns the y below the grid.
 */
export function keyValueGrid(
  canvas: Canvas,
  x: number,
  y: number,
  widths: readonly [number, number, number, number],
  rows: ReadonlyArray<readonly [string, string, string?, string?]>,
  size = 8,
): number {
  const height = size + 8;
  rows.forEach((row, r) => {
    let left = x;
    row.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      canvas.box(left, y + r * height, width, height);
      if (cell !== undefined)
        canvas.text(cell, left + 3, y + r * height + 4, {
          size: i % 2 === 0 ? size - 1 : size,
          bold: i % 2 === 0,
        });
      left += width;
    });
  });
  return y + rows.length * height + 6;
}

/**
 * Label and value pairs down a column where a long label breaks over two lines ("Port of" over
 * "Discharge"): `|` marks the break; the value stands beside the label's first line.
 */
export function splitLabelPairs(
  canvas: Canvas,
  x: number,
  valueX: number,
  y: number,
  items: ReadonlyArray<readonly [label: string, value: string]>,
  size = 8,
): number {
  let next = y;
  for (const [label, value] of items) {
    const parts = label.split('|');
    canvas.lines(parts, x, next, { size: size - 0.5, bold: true });
    canvas.text(value, valueX, next, { size });
    next += Math.max(parts.length, 1) * size * 1.25 + 3;
  }
  return next;
}
