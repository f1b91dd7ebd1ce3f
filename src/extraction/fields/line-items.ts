import type { DocumentText } from '../document-text.ts';
import { parseDecimal, parseMoney } from '../parse/amounts.ts';
import type { TextCell, TextLine } from '../pdf/layout-lines.ts';
import type { LineItem } from '../schemas/commercial-invoice.ts';

type Column = 'description' | 'quantity' | 'unit_price' | 'amount';

const HEADERS: ReadonlyArray<[Column, RegExp]> = [
  ['description', /^(?:description(?: of goods)?|goods|item description|product|commodity)$/i],
  ['quantity', /^(?:qty\.?|quantity|units|pcs)$/i],
  ['unit_price', /^(?:unit price|price|unit cost|rate|price per unit)$/i],
  ['amount', /^(?:amount|total|line total|value|extended price|ext\. price|total price)$/i],
];
// A row that starts like this closes the table.
const TABLE_END = /^(?:sub-?total|total|grand total|amount due|invoice total|remarks|notes|say)\b/i;
// Tables rarely run longer; a cap bounds work on a page of numbers that only looks like a table.
const MAX_ROWS = 200;

interface HeaderColumn {
  column: Column;
  x: number;
  xEnd: number;
}

/** Rows of a simple item table (description, quantity, unit price, amount), or null when none is found. */
export function findLineItems(text: DocumentText): LineItem[] | null {
  for (const [i, line] of text.lines.entries()) {
    const header = readHeader(line);
    if (header === null) continue;
    const items = readRows(text.lines, i, header);
    if (items.length > 0) return items;
  }
  return null;
}

function readHeader(line: TextLine): HeaderColumn[] | null {
  const columns: HeaderColumn[] = [];
  for (const cell of line.cells) {
    const match = HEADERS.find(([, pattern]) => pattern.test(cell.text.trim()));
    if (match !== undefined) columns.push({ column: match[0], x: cell.x, xEnd: cell.xEnd });
  }
  const has = (column: Column): boolean => columns.some((c) => c.column === column);
  return has('description') && (has('amount') || has('quantity')) ? columns : null;
}

function readRows(lines: readonly TextLine[], headerIndex: number, header: HeaderColumn[]): LineItem[] {
  const headerLine = lines[headerIndex];
  const items: LineItem[] = [];
  for (let i = headerIndex + 1; i < lines.length && items.length < MAX_ROWS; i += 1) {
    const line = lines[i];
    if (line === undefined || line.page !== headerLine?.page) break;
    const first = line.cells[0]?.text ?? '';
    if (TABLE_END.test(first) || line.cells.length < 2) break;
    const row = toRow(line.cells, header);
    if (row === null) break;
    items.push(row);
  }
  return items;
}

function toRow(cells: readonly TextCell[], header: HeaderColumn[]): LineItem | null {
  const values = new Map<Column, string>();
  for (const cell of cells) {
    const column = nearestColumn(cell, header);
    values.set(column, values.has(column) ? `${values.get(column)} ${cell.text}` : cell.text);
  }
  const description = values.get('description')?.trim();
  const quantity = parseQuantity(values.get('quantity'));
  const unitPrice = parseAmount(values.get('unit_price'));
  const amount = parseAmount(values.get('amount'));
  if (description === undefined || description.length === 0 || (quantity === null && amount === null))
    return null;
  return { description, quantity, unit_price: unitPrice, amount };
}

// Numbers are often right-aligned under a left-aligned heading, so the best overlap wins, then the
// nearest centre.
function nearestColumn(cell: TextCell, header: HeaderColumn[]): Column {
  let best: HeaderColumn | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const column of header) {
    const overlap = Math.min(cell.xEnd, column.xEnd) - Math.max(cell.x, column.x);
    const distance = Math.abs((cell.x + cell.xEnd) / 2 - (column.x + column.xEnd) / 2);
    const score = overlap > 0 ? overlap : -distance;
    if (score > bestScore) {
      bestScore = score;
      best = column;
    }
  }
  return best?.column ?? 'description';
}

function parseQuantity(raw: string | undefined): string | null {
  const number = /\d[\d.,]*/.exec(raw ?? '')?.[0];
  return number === undefined ? null : parseDecimal(number);
}

function parseAmount(raw: string | undefined): string | null {
  return raw === undefined ? null : (parseMoney(raw)?.amount ?? null);
}
