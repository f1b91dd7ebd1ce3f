import type { Canvas } from './heldout-canvas.ts';
import type { Cell } from './heldout-notices.ts';
import { drawTermsPages } from './heldout-terms.ts';

/**
 * Invoices and packing lists as European suppliers, forwarders and Asian exporters print them: the
 * supplier's letterhead at the top right with a one-line sender above the recipient's address window,
 * an information block of label/value pairs, an item table, a VAT summary table, totals with several
 * amounts, and a footer of registration and bank details.
 */

export interface VatInvoice {
  letterhead: readonly string[];
  senderLine: string;
  recipient: readonly string[];
  info: readonly Cell[];
  title: string;
  items: { header: readonly string[]; rows: ReadonlyArray<readonly string[]> };
  vat: { header: readonly string[]; rows: ReadonlyArray<readonly string[]> } | null;
  totals: readonly Cell[];
  terms: readonly string[];
  footer: ReadonlyArray<readonly string[]>;
  termsPages: number;
}

const LEFT = 50;

function table(
  canvas: Canvas,
  y: number,
  right: number,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  firstWeight = 3,
): number {
  const weights = header.map((_, i) => (i === 1 && header.length > 4 ? firstWeight : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  let x = LEFT;
  for (const weight of weights) {
    xs.push(x);
    x += ((right - LEFT) * weight) / total;
  }
  // Numbers sit right-aligned in their column, text left-aligned, as in any invoice template.
  const numeric = (i: number): boolean => rows.every((row) => /^[\d.,' %-]*$/.test(row[i] ?? ''));
  const at = (i: number): number => (numeric(i) ? (xs[i + 1] ?? right) - 4 : (xs[i] ?? LEFT));
  header.forEach((head, i) => {
    canvas.text(head, at(i), y, { size: 7.5, bold: true, align: numeric(i) ? 'right' : 'left' });
  });
  canvas.rule(LEFT, y + 11, right - LEFT);
  let next = y + 16;
  for (const row of rows) {
    row.forEach((cell, i) => {
      canvas.text(cell, at(i), next, { size: 8, align: numeric(i) ? 'right' : 'left' });
    });
    next += 12;
  }
  canvas.rule(LEFT, next, right - LEFT);
  return next + 6;
}

export function drawVatInvoice(canvas: Canvas, invoice: VatInvoice): void {
  const right = canvas.width - LEFT;
  canvas.text(invoice.letterhead[0] ?? '', right, 40, { size: 13, bold: true, align: 'right' });
  canvas.lines(invoice.letterhead.slice(1), right, 58, { size: 7.5, align: 'right' });
  canvas.text(invoice.senderLine, LEFT, 128, { size: 6, grey: true });
  canvas.rule(LEFT, 136, 230);
  canvas.lines(invoice.recipient, LEFT, 142, { size: 9 });
  invoice.info.forEach(([label, value], i) => {
    canvas.text(label, 350, 142 + i * 12, { size: 8 });
    canvas.text(value, right, 142 + i * 12, { size: 8, align: 'right' });
  });
  let y = Math.max(142 + invoice.info.length * 12, 142 + invoice.recipient.length * 11) + 30;
  canvas.text(invoice.title, LEFT, y, { size: 14, bold: true });
  y = table(canvas, y + 30, right, invoice.items.header, invoice.items.rows);
  for (const [label, value] of invoice.totals) {
    const last = label === invoice.totals.at(-1)?.[0];
    canvas.text(label, right - 110, y, { size: 8.5, bold: last, align: 'right' });
    canvas.text(value, right, y, { size: 8.5, bold: last, align: 'right' });
    y += 13;
  }
  if (invoice.vat !== null) y = table(canvas, y + 12, right, invoice.vat.header, invoice.vat.rows, 1);
  for (const line of invoice.terms) y = canvas.paragraph(line, LEFT, y + 8, right - LEFT, 8);
  const column = (right - LEFT) / invoice.footer.length;
  canvas.rule(LEFT, canvas.height - 78, right - LEFT);
  invoice.footer.forEach((lines, i) => {
    canvas.lines(lines, LEFT + i * column, canvas.height - 72, { size: 6, grey: true });
  });
  drawTermsPages(canvas, invoice.termsPages, 'GENERAL TERMS AND CONDITIONS OF SALE AND DELIVERY');
}

export interface ExporterDocument {
  letterhead: readonly string[];
  title: string;
  info: readonly Cell[];
  parties: ReadonlyArray<readonly [string, readonly string[]]>;
  route: string;
  items: { header: readonly string[]; rows: ReadonlyArray<readonly string[]> };
  totals: readonly string[];
  footer: readonly string[];
  /** Item rows beyond this go to a second page with the header repeated. */
  firstPageRows: number;
}

/** An Asian exporter's invoice or packing list: centred letterhead, "Messrs" block, capitals throughout. */
export function drawExporterDocument(canvas: Canvas, doc: ExporterDocument): void {
  const right = canvas.width - LEFT;
  const centre = canvas.width / 2;
  canvas.text(doc.letterhead[0] ?? '', centre, 36, { size: 13, bold: true, align: 'center' });
  canvas.lines(doc.letterhead.slice(1), centre, 54, { size: 7, align: 'center' });
  canvas.rule(LEFT, 80, right - LEFT);
  canvas.text(doc.title, centre, 90, { size: 15, bold: true, align: 'center' });
  let y = 124;
  doc.parties.forEach(([label, lines], i) => {
    canvas.text(label, LEFT, y + i * 0, { size: 8, bold: true });
    y = canvas.lines(lines, LEFT + 60, y, { size: 8 }) + 6;
  });
  doc.info.forEach(([label, value], i) => {
    canvas.text(label, 360, 124 + i * 13, { size: 8, bold: true });
    canvas.text(value, 430, 124 + i * 13, { size: 8 });
  });
  y = Math.max(y, 124 + doc.info.length * 13) + 8;
  canvas.text(doc.route, LEFT, y, { size: 8 });
  y = table(canvas, y + 20, right, doc.items.header, doc.items.rows.slice(0, doc.firstPageRows), 3);
  if (doc.items.rows.length > doc.firstPageRows) {
    canvas.text('(CONTINUED ON NEXT PAGE)', LEFT, y, { size: 7.5 });
    canvas.newPage();
    canvas.text(`${doc.title} (CONTINUED)`, centre, 30, { size: 10, bold: true, align: 'center' });
    y = table(canvas, 56, right, doc.items.header, doc.items.rows.slice(doc.firstPageRows), 3);
  }
  y = canvas.lines(doc.totals, LEFT, y + 6, { size: 8.5, bold: true }) + 10;
  canvas.lines(doc.footer, LEFT, y, { size: 8 });
}
