import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { SampleStyle } from './sample-style.ts';

/** A tiny layout helper over pdf-lib: one A4 page, a cursor moving down, labelled fields and tables. */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const BODY_SIZE = 9.5;
const LINE_HEIGHT = 13;
// Far wider than the extractor's cell gap (0.7 em), so a value drawn apart is a separate cell, as on forms.
const LABEL_VALUE_GAP = 24;
const GREY = rgb(0.45, 0.45, 0.45);

export interface Field {
  label: string;
  value: string;
}

export interface Column {
  header: string;
  width: number;
}

export class PageWriter {
  private y = A4.height - MARGIN;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly style: SampleStyle,
  ) {}

  static async create(
    style: SampleStyle,
    metadata: { title: string; producer: string },
  ): Promise<PageWriter> {
    const doc = await PDFDocument.create();
    // Fixed dates keep the bytes of a generated document the same from run to run.
    const fixed = new Date(Date.UTC(2026, 0, 1));
    doc.setTitle(metadata.title);
    doc.setProducer(metadata.producer);
    doc.setCreator('stevedore sample generator');
    doc.setCreationDate(fixed);
    doc.setModificationDate(fixed);
    const page = doc.addPage([A4.width, A4.height]);
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new PageWriter(doc, page, regular, bold, style);
  }

  title(text: string, subtitle?: string): void {
    this.page.drawText(text, { x: MARGIN, y: this.y - 18, size: 18, font: this.bold });
    if (subtitle !== undefined) {
      this.page.drawText(subtitle, {
        x: A4.width - MARGIN - this.width(subtitle, 9),
        y: this.y - 14,
        size: 9,
        font: this.regular,
        color: GREY,
      });
    }
    this.y -= 40;
  }

  /** Fields side by side, one per column; each in the page's style. */
  fieldRow(fields: ReadonlyArray<Field | null>, columnWidth = (A4.width - 2 * MARGIN) / 2): void {
    const stacked = this.style.layout === 'stacked';
    fields.forEach((field, i) => {
      if (field !== null) this.drawField(field, MARGIN + i * columnWidth, this.y);
    });
    this.y -= stacked ? LINE_HEIGHT * 2 + 4 : LINE_HEIGHT + 3;
  }

  /** A bordered block with a heading and lines below it, as parties are printed on a B/L. */
  blocks(items: ReadonlyArray<{ heading: string; lines: readonly string[] } | null>): void {
    const width = (A4.width - 2 * MARGIN) / Math.max(items.length, 1);
    const rows = Math.max(...items.map((item) => item?.lines.length ?? 0));
    const height = (rows + 1) * LINE_HEIGHT + 10;
    items.forEach((item, i) => {
      if (item === null) return;
      const x = MARGIN + i * width;
      this.page.drawRectangle({
        x,
        y: this.y - height,
        width: width - 8,
        height,
        borderColor: GREY,
        borderWidth: 0.6,
      });
      this.page.drawText(item.heading, { x: x + 4, y: this.y - 11, size: 7.5, font: this.bold });
      item.lines.forEach((line, row) => {
        this.page.drawText(line, {
          x: x + 4,
          y: this.y - 11 - (row + 1) * LINE_HEIGHT,
          size: BODY_SIZE,
          font: this.regular,
        });
      });
    });
    this.y -= height + 10;
  }

  table(columns: readonly Column[], rows: ReadonlyArray<readonly string[]>): void {
    let x = MARGIN;
    const xs = columns.map((column) => {
      const start = x;
      x += column.width;
      return start;
    });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 4 },
      end: { x: A4.width - MARGIN, y: this.y + 4 },
      thickness: 0.6,
    });
    columns.forEach((column, i) => {
      this.page.drawText(column.header, { x: xs[i] ?? MARGIN, y: this.y - 6, size: 8.5, font: this.bold });
    });
    this.y -= LINE_HEIGHT + 6;
    for (const row of rows) {
      row.forEach((cell, i) => {
        this.page.drawText(cell, { x: xs[i] ?? MARGIN, y: this.y, size: BODY_SIZE, font: this.regular });
      });
      this.y -= LINE_HEIGHT;
    }
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 6 },
      end: { x: A4.width - MARGIN, y: this.y + 6 },
      thickness: 0.6,
    });
    this.y -= 8;
  }

  paragraph(lines: readonly string[], options: { size?: number; grey?: boolean } = {}): void {
    for (const line of lines) {
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y,
        size: options.size ?? BODY_SIZE,
        font: this.regular,
        color: options.grey === true ? GREY : rgb(0, 0, 0),
      });
      this.y -= LINE_HEIGHT;
    }
    this.y -= 4;
  }

  space(points = LINE_HEIGHT): void {
    this.y -= points;
  }

  async save(): Promise<Uint8Array> {
    // Object streams off: a plainer file, closer to what most producers of trade documents write.
    return this.doc.save({ useObjectStreams: false });
  }

  private drawField(field: Field, x: number, y: number): void {
    const label = this.style.layout === 'inline' ? field.label : field.label.replace(/:$/, '');
    switch (this.style.layout) {
      case 'inline':
        this.page.drawText(`${field.label} ${field.value}`, { x, y, size: BODY_SIZE, font: this.regular });
        return;
      case 'columns': {
        this.page.drawText(field.label, { x, y, size: BODY_SIZE, font: this.bold });
        const valueX = x + Math.max(this.width(field.label, BODY_SIZE, this.bold) + LABEL_VALUE_GAP, 95);
        this.page.drawText(field.value, { x: valueX, y, size: BODY_SIZE, font: this.regular });
        return;
      }
      case 'stacked':
        this.page.drawText(label, { x, y, size: 7.5, font: this.bold, color: GREY });
        this.page.drawText(field.value, { x, y: y - LINE_HEIGHT, size: BODY_SIZE, font: this.regular });
        return;
    }
  }

  private width(text: string, size: number, font: PDFFont = this.regular): number {
    return font.widthOfTextAtSize(text, size);
  }
}
