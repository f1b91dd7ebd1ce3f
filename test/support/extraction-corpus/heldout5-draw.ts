import type { Canvas, TextOptions } from './heldout-canvas.ts';
import type { Column } from './heldout2-draw.ts';

/**
 * Drawing pieces for the fifth held-out set, for text layers that differ from what the page shows: text
 * set one glyph at a time (as typesetting and report engines that position every character emit it),
 * letter-spaced titles, table cells written in an order of their own, values written over their label in
 * a box whose label sits in a corner, and labels in a box's top-right corner.
 */

/**
 * `value` drawn one character at a time, each at its own position, `tracking` points apart beyond the
 * glyph's width: the page reads as ordinary (or spaced) text; the text layer holds single glyphs.
 */
export function glyphs(
  canvas: Canvas,
  value: string,
  x: number,
  y: number,
  options: TextOptions = {},
  tracking = 0,
): number {
  const size = options.size ?? 8;
  const bold = options.bold === true;
  const total = canvas.measure(value, size, bold) + tracking * Math.max(0, value.length - 1);
  let left = options.align === 'right' ? x - total : options.align === 'center' ? x - total / 2 : x;
  for (const character of value) {
    if (character !== ' ') canvas.text(character, left, y, { ...options, align: 'left' });
    left += canvas.measure(character, size, bold) + tracking;
  }
  return left;
}

/** A title with a space between its letters and three between its words: "B I L L   O F". */
export const letterSpaced = (title: string): string =>
  title
    .split(' ')
    .map((word) => word.split('').join(' '))
    .join('   ');

/** Label and value pairs down a column, every character drawn alone (see `glyphs`). */
export function glyphPairs(
  canvas: Canvas,
  x: number,
  valueX: number,
  y: number,
  items: ReadonlyArray<readonly [label: string, value: string]>,
  size = 8,
): number {
  let next = y;
  for (const [label, value] of items) {
    glyphs(canvas, label, x, next, { size, bold: true });
    glyphs(canvas, value, valueX, next, { size });
    next += size * 1.5;
  }
  return next;
}

/**
 * A table whose cells are written to the page in a scrambled but fixed order (`seed` picks it), as
 * layout engines that emit text by z-order or by object id do: the page shows rows, the text layer
 * interleaves them.
 */
export function tableScrambled(
  canvas: Canvas,
  y: number,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  seed: number,
  options: { size?: number; left?: number; right?: number } = {},
): number {
  const size = options.size ?? 8;
  const left = options.left ?? 40;
  const right = options.right ?? canvas.width - 40;
  const step = size * 1.45;
  const cells: Array<{ text: string; x: number; y: number; align: 'left' | 'right'; head: boolean }> = [];
  columns.forEach((column, i) => {
    cells.push({ text: column.head, x: column.x, y, align: column.align ?? 'left', head: true });
    rows.forEach((row, r) => {
      const text = row[i];
      if (text !== undefined)
        cells.push({
          text,
          x: column.x,
          y: y + size + 7 + r * step,
          align: column.align ?? 'left',
          head: false,
        });
    });
  });
  // A fixed shuffle: the same document every time it is generated.
  let state = seed;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let i = cells.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    const a = cells[i];
    const b = cells[j];
    if (a !== undefined && b !== undefined) [cells[i], cells[j]] = [b, a];
  }
  for (const cell of cells)
    canvas.text(cell.text, cell.x, cell.y, {
      size: cell.head ? size - 0.5 : size,
      bold: cell.head,
      align: cell.align,
    });
  canvas.rule(left, y + size + 3, right - left);
  const bottom = y + size + 7 + rows.length * step;
  canvas.rule(left, bottom, right - left);
  return bottom + 6;
}

/** A box with its value written in the top of it and its small label in the bottom-left corner. */
export function valueOverLabelBox(
  canvas: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  label: string,
  value: readonly string[],
  size = 8.5,
): void {
  canvas.box(x, y, width, height);
  canvas.lines(value, x + 5, y + 5, { size });
  canvas.text(label, x + 3, y + height - 8, { size: 5.5, grey: true });
}

/** A box with its small label in the top-right corner and its value on the left, below the label's line. */
export function cornerLabelBox(
  canvas: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  label: string,
  value: readonly string[],
  size = 8.5,
): void {
  canvas.box(x, y, width, height);
  canvas.text(label, x + width - 3, y + 2, { size: 5.5, grey: true, align: 'right' });
  canvas.lines(value, x + 5, y + 10, { size });
}
