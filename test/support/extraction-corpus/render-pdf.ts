import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** Draws a corpus document, described as blocks, onto A4 or US Letter pages with pdf-lib's standard fonts. */

export interface Field {
  label: string;
  value: string;
}

export type FieldMode = 'left' | 'above' | 'table' | 'boxed';
export type Align = 'left' | 'center' | 'right';

export type Block =
  | { kind: 'letterhead'; lines: readonly string[]; align: Align }
  | { kind: 'title'; text: string; align: Align; size: number }
  | { kind: 'fields'; fields: readonly Field[]; mode: FieldMode; columns: number }
  | { kind: 'parties'; parties: ReadonlyArray<{ heading: string; lines: readonly string[] }>; boxed: boolean }
  | {
      kind: 'table';
      headers: readonly string[];
      rows: ReadonlyArray<readonly string[]>;
      weights: readonly number[];
    }
  | { kind: 'paragraph'; lines: readonly string[] }
  | { kind: 'totals'; rows: readonly Field[] }
  | { kind: 'space'; height: number };

export type FontFamily = 'helvetica' | 'times' | 'courier';

export interface RenderStyle {
  font: FontFamily;
  size: number;
  colon: boolean;
  boldLabels: boolean;
  letter: boolean;
  margin: number;
}

const FONTS: Readonly<Record<FontFamily, [StandardFonts, StandardFonts]>> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.55, 0.55, 0.55);

class Writer {
  private page: PDFPage;
  private y: number;
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly style: RenderStyle,
  ) {
    [this.width, this.height] = style.letter ? [612, 792] : [595.28, 841.89];
    this.page = doc.addPage([this.width, this.height]);
    this.y = this.height - style.margin;
  }

  private get lineHeight(): number {
    return this.style.size * 1.35;
  }

  private get left(): number {
    return this.style.margin;
  }

  private get contentWidth(): number {
    return this.width - 2 * this.style.margin;
  }

  private ensure(height: number): void {
    if (this.y - height >= this.style.margin) return;
    this.page = this.doc.addPage([this.width, this.height]);
    this.y = this.height - this.style.margin;
  }

  private text(
    value: string,
    x: number,
    y: number,
    options: { bold?: boolean; size?: number; grey?: boolean } = {},
  ): void {
    if (value.length === 0) return;
    this.page.drawText(value, {
      x,
      y,
      size: options.size ?? this.style.size,
      font: options.bold === true ? this.bold : this.regular,
      color: options.grey === true ? GREY : rgb(0, 0, 0),
    });
  }

  private measure(value: string, bold = false, size = this.style.size): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(value, size);
  }

  /** Splits text into lines no wider than `width`, at spaces; a single long word stays whole. */
  wrap(value: string, width: number, bold = false, size = this.style.size): string[] {
    const words = value.split(' ');
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current.length === 0 ? word : `${current} ${word}`;
      if (current.length > 0 && this.measure(candidate, bold, size) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current.length > 0) lines.push(current);
    return lines;
  }

  private aligned(value: string, align: Align, bold: boolean, size: number): number {
    const w = this.measure(value, bold, size);
    if (align === 'center') return this.left + (this.contentWidth - w) / 2;
    if (align === 'right') return this.left + this.contentWidth - w;
    return this.left;
  }

  private label(field: Field): string {
    return this.style.colon ? `${field.label}:` : field.label;
  }

  draw(block: Block): void {
    switch (block.kind) {
      case 'letterhead':
        block.lines.forEach((line, i) => {
          const size = i === 0 ? this.style.size + 4 : this.style.size - 0.5;
          this.ensure(size * 1.4);
          this.text(line, this.aligned(line, block.align, i === 0, size), this.y - size, {
            bold: i === 0,
            size,
            grey: i > 0,
          });
          this.y -= size * 1.4;
        });
        this.y -= this.lineHeight * 0.6;
        return;
      case 'title':
        this.ensure(block.size * 2);
        this.text(block.text, this.aligned(block.text, block.align, true, block.size), this.y - block.size, {
          bold: true,
          size: block.size,
        });
        this.y -= block.size * 2;
        return;
      case 'fields':
        this.fields(block.fields, block.mode, block.columns);
        return;
      case 'parties':
        this.parties(block.parties, block.boxed);
        return;
      case 'table':
        this.table(block.headers, block.rows, block.weights);
        return;
      case 'paragraph':
        for (const paragraph of block.lines) {
          for (const line of this.wrap(paragraph, this.contentWidth)) {
            this.ensure(this.lineHeight);
            this.text(line, this.left, this.y - this.style.size);
            this.y -= this.lineHeight;
          }
          this.y -= this.lineHeight * 0.4;
        }
        return;
      case 'totals':
        for (const row of block.rows) {
          this.ensure(this.lineHeight);
          const valueX = this.left + this.contentWidth - this.measure(row.value, true);
          const labelX = this.left + this.contentWidth * 0.5;
          this.text(this.label(row), labelX, this.y - this.style.size, { bold: this.style.boldLabels });
          this.text(row.value, valueX, this.y - this.style.size, { bold: true });
          this.y -= this.lineHeight;
        }
        this.y -= this.lineHeight * 0.5;
        return;
      case 'space':
        this.y -= block.height;
        return;
    }
  }

  private fields(fields: readonly Field[], mode: FieldMode, columns: number): void {
    if (mode === 'table') {
      // Columns as wide as their longer text, as a form designer sizes them, so no two cells touch.
      const weights = fields.map((f) => Math.max(this.measure(f.label, true), this.measure(f.value)) + 12);
      this.table(
        fields.map((f) => f.label),
        [fields.map((f) => f.value)],
        weights,
      );
      return;
    }
    const cellWidth = this.contentWidth / columns;
    for (let start = 0; start < fields.length; start += columns) {
      const row = fields.slice(start, start + columns);
      let rowHeight = 0;
      const layouts = row.map((field) => {
        if (mode === 'left') {
          const labelText = this.label(field);
          const labelWidth = this.measure(labelText, this.style.boldLabels) + this.style.size * 1.6;
          const lines = this.wrap(field.value, Math.max(cellWidth - labelWidth - 6, 40));
          return { field, labelText, labelWidth, lines, height: lines.length * this.lineHeight };
        }
        const lines = this.wrap(field.value, cellWidth - 10);
        const extra = mode === 'boxed' ? 8 : 2;
        return {
          field,
          labelText: field.label,
          labelWidth: 0,
          lines,
          height: (lines.length + 1) * this.lineHeight + extra,
        };
      });
      for (const layout of layouts) rowHeight = Math.max(rowHeight, layout.height);
      this.ensure(rowHeight);
      layouts.forEach((layout, i) => {
        const x = this.left + i * cellWidth;
        if (mode === 'left') {
          this.text(layout.labelText, x, this.y - this.style.size, { bold: this.style.boldLabels });
          layout.lines.forEach((line, j) => {
            this.text(line, x + layout.labelWidth, this.y - this.style.size - j * this.lineHeight);
          });
          return;
        }
        const top = this.y;
        if (mode === 'boxed') {
          this.page.drawRectangle({
            x,
            y: top - rowHeight,
            width: cellWidth - 4,
            height: rowHeight,
            borderColor: LINE,
            borderWidth: 0.6,
          });
        }
        const inset = mode === 'boxed' ? 3 : 0;
        this.text(layout.labelText, x + inset, top - this.style.size - inset + 1, {
          size: this.style.size - 1.5,
          grey: true,
          bold: this.style.boldLabels,
        });
        layout.lines.forEach((line, j) => {
          this.text(line, x + inset, top - this.style.size - inset - (j + 1) * this.lineHeight);
        });
      });
      this.y -= rowHeight + (mode === 'left' ? 2 : 4);
    }
    this.y -= this.lineHeight * 0.4;
  }

  private parties(
    parties: ReadonlyArray<{ heading: string; lines: readonly string[] }>,
    boxed: boolean,
  ): void {
    const width = this.contentWidth / parties.length;
    const wrapped = parties.map((p) => p.lines.flatMap((line) => this.wrap(line, width - 12)));
    const height = (Math.max(...wrapped.map((w) => w.length)) + 1) * this.lineHeight + 8;
    this.ensure(height);
    parties.forEach((party, i) => {
      const x = this.left + i * width;
      if (boxed) {
        this.page.drawRectangle({
          x,
          y: this.y - height,
          width: width - 4,
          height,
          borderColor: LINE,
          borderWidth: 0.6,
        });
      }
      this.text(this.style.colon ? `${party.heading}:` : party.heading, x + 3, this.y - this.style.size - 2, {
        bold: true,
        size: this.style.size - 0.5,
      });
      (wrapped[i] ?? []).forEach((line, j) => {
        this.text(line, x + 3, this.y - this.style.size - 2 - (j + 1) * this.lineHeight);
      });
    });
    this.y -= height + this.lineHeight * 0.6;
  }

  private table(
    headers: readonly string[],
    rows: ReadonlyArray<readonly string[]>,
    weights: readonly number[],
  ): void {
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * this.contentWidth);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const drawRow = (cells: readonly string[], bold: boolean): void => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, (widths[i] ?? 60) - 8, bold));
      const height = Math.max(...wrapped.map((w) => w.length), 1) * this.lineHeight + 3;
      this.ensure(height);
      wrapped.forEach((lines, i) => {
        const room = (widths[i] ?? 60) - 6;
        lines.forEach((line, j) => {
          // A single word wider than its column is set smaller rather than run into the next cell.
          const wide = this.measure(line, bold);
          const size = wide > room ? (this.style.size * room) / wide : this.style.size;
          this.text(line, (xs[i] ?? this.left) + 2, this.y - this.style.size - j * this.lineHeight, {
            bold,
            size,
          });
        });
      });
      this.y -= height;
      if (bold) {
        this.page.drawLine({
          start: { x: this.left, y: this.y + 1 },
          end: { x: this.left + this.contentWidth, y: this.y + 1 },
          thickness: 0.6,
          color: LINE,
        });
        this.y -= 2;
      }
    };
    drawRow(headers, true);
    for (const row of rows) drawRow(row, false);
    this.y -= this.lineHeight * 0.6;
  }
}

export async function renderPdf(
  blocks: readonly Block[],
  style: RenderStyle,
  title: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setTitle(title);
  doc.setProducer('stevedore extraction corpus');
  doc.setCreator('stevedore extraction corpus');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const [regularName, boldName] = FONTS[style.font];
  const [regular, bold] = await Promise.all([doc.embedFont(regularName), doc.embedFont(boldName)]);
  const writer = new Writer(doc, regular, bold, style);
  for (const block of blocks) writer.draw(block);
  return doc.save({ useObjectStreams: false });
}
