import type { Cargo } from './heldout-bills.ts';
import type { Canvas } from './heldout-canvas.ts';
import { drawTermsPages } from './heldout-terms.ts';

/**
 * Arrival notices from US customs brokers and carriers, delivery orders to truckers and carriers'
 * booking confirmations: a grid of cells with the label above its value, many dates side by side, a
 * charges table, container tables that run onto later pages.
 */

export type Cell = readonly [label: string, value: string];

const LEFT = 30;

/** A row of boxed cells, each with its label above the value; returns the y below it. */
export function cellRow(canvas: Canvas, y: number, cells: readonly Cell[], right: number): number {
  const width = (right - LEFT) / cells.length;
  cells.forEach(([label, value], i) => {
    canvas.field(LEFT + i * width, y, width, 26, label, [value]);
  });
  return y + 26;
}

function partyPair(
  canvas: Canvas,
  y: number,
  right: number,
  pairs: ReadonlyArray<readonly [string, readonly string[]]>,
): number {
  const width = (right - LEFT) / pairs.length;
  pairs.forEach(([label, lines], i) => {
    canvas.field(LEFT + i * width, y, width, 64, label, lines);
  });
  return y + 64;
}

export interface ContainerTable {
  header: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** Rows on the first page; the rest continue on the next pages with the header repeated. */
  firstPageRows: number;
}

function drawTable(
  canvas: Canvas,
  y: number,
  right: number,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): number {
  const width = (right - LEFT) / header.length;
  header.forEach((head, i) => {
    canvas.text(head, LEFT + i * width, y, { size: 7, bold: true });
  });
  canvas.rule(LEFT, y + 10, right - LEFT);
  let next = y + 14;
  for (const row of rows) {
    row.forEach((cell, i) => {
      canvas.text(cell, LEFT + i * width, next, { size: 7.5 });
    });
    next += 11;
  }
  return next;
}

export interface ArrivalNotice {
  letterhead: readonly string[];
  title: string;
  letter: boolean;
  refs: readonly Cell[];
  parties: ReadonlyArray<readonly [string, readonly string[]]>;
  routing: readonly Cell[];
  dates: readonly Cell[];
  containers: ContainerTable;
  charges: ReadonlyArray<readonly [string, string]>;
  chargesTotal: readonly [string, string];
  remarks: readonly string[];
  termsPages: number;
}

export function drawArrivalNotice(canvas: Canvas, notice: ArrivalNotice): void {
  const right = canvas.width - LEFT;
  canvas.text(notice.letterhead[0] ?? '', LEFT, 26, { size: 12, bold: true });
  canvas.lines(notice.letterhead.slice(1), LEFT, 42, { size: 7, grey: true });
  canvas.text(notice.title, right, 28, { size: 16, bold: true, align: 'right' });
  canvas.text('PAGE 1', right, 50, { size: 7, align: 'right' });
  let y = 84;
  y = cellRow(canvas, y, notice.refs, right);
  y = partyPair(canvas, y + 6, right, notice.parties);
  y = cellRow(canvas, y + 6, notice.routing, right);
  y = cellRow(canvas, y, notice.dates, right);
  y += 14;
  const first = notice.containers.rows.slice(0, notice.containers.firstPageRows);
  y = drawTable(canvas, y, right, notice.containers.header, first);
  y += 10;
  canvas.text('CHARGES', LEFT, y, { size: 8, bold: true });
  y += 12;
  for (const [what, amount] of notice.charges) {
    canvas.text(what, LEFT, y, { size: 7.5 });
    canvas.text(amount, right, y, { size: 7.5, align: 'right' });
    y += 10;
  }
  canvas.rule(right - 140, y, 140);
  canvas.text(notice.chargesTotal[0], right - 150, y + 4, { size: 8, bold: true, align: 'right' });
  canvas.text(notice.chargesTotal[1], right, y + 4, { size: 8, bold: true, align: 'right' });
  y += 22;
  for (const remark of notice.remarks) y = canvas.paragraph(remark, LEFT, y, right - LEFT, 6.5) + 3;
  let rest = notice.containers.rows.slice(notice.containers.firstPageRows);
  let page = 2;
  while (rest.length > 0) {
    canvas.newPage();
    canvas.text(notice.title, right, 28, { size: 11, bold: true, align: 'right' });
    canvas.text(`PAGE ${page} - CONTAINER LIST (CONTINUED)`, LEFT, 30, { size: 8, bold: true });
    drawTable(canvas, 56, right, notice.containers.header, rest.slice(0, 50));
    rest = rest.slice(50);
    page += 1;
  }
  drawTermsPages(
    canvas,
    notice.termsPages,
    'IMPORTANT NOTICE TO CONSIGNEES - TERMS AND CONDITIONS OF SERVICE',
  );
}

export interface DeliveryOrder {
  letterhead: readonly string[];
  title: string;
  numberCell: Cell;
  dateCell: Cell;
  to: readonly [string, readonly string[]];
  parties: ReadonlyArray<readonly [string, readonly string[]]>;
  refs: readonly Cell[];
  routing: readonly Cell[];
  containers: ContainerTable;
  instructions: readonly string[];
}

export function drawDeliveryOrder(canvas: Canvas, order: DeliveryOrder): void {
  const right = canvas.width - LEFT;
  canvas.text(order.letterhead[0] ?? '', canvas.width / 2, 24, { size: 12, bold: true, align: 'center' });
  canvas.lines(order.letterhead.slice(1), canvas.width / 2, 40, { size: 7, grey: true, align: 'center' });
  canvas.text(order.title, canvas.width / 2, 74, { size: 14, bold: true, align: 'center' });
  canvas.field(right - 170, 96, 170, 26, order.numberCell[0], [order.numberCell[1]]);
  canvas.field(right - 170, 122, 170, 26, order.dateCell[0], [order.dateCell[1]]);
  canvas.field(LEFT, 96, 260, 52, order.to[0], order.to[1]);
  let y = partyPair(canvas, 156, right, order.parties);
  y = cellRow(canvas, y + 6, order.refs, right);
  y = cellRow(canvas, y, order.routing, right);
  y = drawTable(canvas, y + 14, right, order.containers.header, order.containers.rows);
  y += 12;
  for (const line of order.instructions) y = canvas.paragraph(line, LEFT, y, right - LEFT, 7) + 4;
  canvas.text('Authorized signature', right - 150, y + 40, { size: 7 });
  canvas.rule(right - 150, y + 36, 150);
}

export interface BookingConfirmation {
  carrier: readonly string[];
  title: string;
  header: readonly Cell[];
  parties: ReadonlyArray<readonly [string, readonly string[]]>;
  /** Either a transport-plan table (header row + rows) or labelled cells. */
  plan: { header: readonly string[]; rows: ReadonlyArray<readonly string[]> } | null;
  routing: readonly Cell[];
  cutoffs: readonly Cell[];
  equipment: readonly string[];
  remarks: readonly string[];
  termsPages: number;
}

export function drawBookingConfirmation(canvas: Canvas, booking: BookingConfirmation): void {
  const right = canvas.width - LEFT;
  canvas.text(booking.carrier[0] ?? '', LEFT, 24, { size: 14, bold: true });
  canvas.lines(booking.carrier.slice(1), LEFT, 42, { size: 6.5, grey: true });
  canvas.text(booking.title, right, 30, { size: 13, bold: true, align: 'right' });
  let y = cellRow(canvas, 76, booking.header, right);
  y = partyPair(canvas, y + 6, right, booking.parties);
  if (booking.routing.length > 0) y = cellRow(canvas, y + 6, booking.routing, right);
  if (booking.plan !== null) {
    canvas.text('INTENDED TRANSPORT PLAN', LEFT, y + 12, { size: 8, bold: true });
    y = drawTable(canvas, y + 26, right, booking.plan.header, booking.plan.rows);
  }
  canvas.text('CUT-OFF DATES / CLOSING', LEFT, y + 12, { size: 8, bold: true });
  y = cellRow(canvas, y + 24, booking.cutoffs, right);
  canvas.text('EQUIPMENT', LEFT, y + 12, { size: 8, bold: true });
  y = canvas.lines(booking.equipment, LEFT, y + 24, { size: 7.5 });
  for (const remark of booking.remarks) y = canvas.paragraph(remark, LEFT, y + 6, right - LEFT, 6.5);
  drawTermsPages(canvas, booking.termsPages, 'BOOKING TERMS');
}

export function cargoRows(cargo: readonly Cargo[], withSeal = true): string[][] {
  return cargo.map((c) =>
    withSeal ? [c.printed, c.size, c.seal, c.packages, c.weight] : [c.printed, c.size, c.packages, c.weight],
  );
}
