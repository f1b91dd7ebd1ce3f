import type { Canvas, TextOptions } from './heldout-canvas.ts';

/**
 * Drawing pieces for the second held-out set. Its documents are composed from these at fixed
 * coordinates, each in its own arrangement, rather than filled into one template per type, so no two of
 * them share a layout with each other or with the first set.
 */

export interface Column {
  head: string;
  x: number;
  align?: 'left' | 'right';
}

/** A table: header cells, a rule, rows; `size` for the rows. Returns the y below the last row. */
export function table(
  canvas: Canvas,
  y: number,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  options: { size?: number; left?: number; right?: number; boxed?: boolean } = {},
): number {
  const size = options.size ?? 8;
  const left = options.left ?? 40;
  const right = options.right ?? canvas.width - 40;
  for (const column of columns)
    canvas.text(column.head, column.x, y, { size: size - 0.5, bold: true, align: column.align ?? 'left' });
  canvas.rule(left, y + size + 3, right - left);
  let next = y + size + 7;
  for (const row of rows) {
    row.forEach((cell, i) => {
      const column = columns[i];
      if (column !== undefined) canvas.text(cell, column.x, next, { size, align: column.align ?? 'left' });
    });
    next += size * 1.45;
  }
  if (options.boxed === true) canvas.box(left, y - 4, right - left, next - y + 4);
  else canvas.rule(left, next, right - left);
  return next + 6;
}

/** Label and value pairs down a column: the label at `x`, the value at `valueX` on the same line. */
export function pairs(
  canvas: Canvas,
  x: number,
  valueX: number,
  y: number,
  items: ReadonlyArray<readonly [label: string, value: string | readonly string[]]>,
  options: TextOptions & { labelBold?: boolean } = {},
): number {
  const size = options.size ?? 8;
  let next = y;
  for (const [label, value] of items) {
    canvas.text(label, x, next, { size, bold: options.labelBold === true });
    const values = typeof value === 'string' ? [value] : value;
    next = canvas.lines(values, valueX, next, { size, bold: options.bold === true }) + 2;
  }
  return next;
}

/** A label with its value on the line below, in a block; returns the y below. */
export function stacked(
  canvas: Canvas,
  x: number,
  y: number,
  label: string,
  value: readonly string[],
  options: { labelSize?: number; size?: number; bold?: boolean } = {},
): number {
  canvas.text(label, x, y, { size: options.labelSize ?? 7, bold: options.bold === true });
  return canvas.lines(value, x, y + (options.labelSize ?? 7) + 4, { size: options.size ?? 8.5 });
}

/**
 * A container number as some forms print it: owner code and serial, then the check digit alone in a
 * small box a little to the right.
 */
export function boxedCheckDigit(canvas: Canvas, container: string, x: number, y: number, size = 8.5): number {
  const body = `${container.slice(0, 4)} ${container.slice(4, 10)}`;
  canvas.text(body, x, y, { size });
  const at = x + canvas.measure(body, size) + 5;
  canvas.box(at - 1.5, y - 1.5, size * 0.8 + 3, size + 3);
  canvas.text(container.slice(10), at, y, { size });
  return at + size;
}

/** "TGHU 123456 7": owner, serial and check digit split by spaces. */
export const spacedContainer = (container: string): string =>
  `${container.slice(0, 4)} ${container.slice(4, 10)} ${container.slice(10)}`;

/** Amounts in cents, printed in the conventions of a country. */
export function money(cents: number, style: 'en' | 'eu' | 'ch' | 'fr'): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const separator = { en: ',', eu: '.', ch: "'", fr: ' ' }[style];
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${grouped}${style === 'eu' || style === 'fr' ? ',' : '.'}${fraction}`;
}

/** The decimal string the truth holds for an amount in cents. */
export const decimal = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
