import {
  beginText,
  concatTransformationMatrix,
  degrees,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { UNICODE_EXTRAS, unicodeFontObjects } from './heldout-unicode-font.ts';

/**
 * Absolute drawing for the held-out documents. The corpus renderer flows blocks down a page; real forms
 * place every box and text run at fixed coordinates, often in two or three columns, so these documents
 * are drawn that way instead. Coordinates are in points from the page's top-left corner.
 */

export type Face = 'helvetica' | 'times' | 'courier';

const FACES: Readonly<Record<Face, [StandardFonts, StandardFonts]>> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

export interface TextOptions {
  size?: number;
  bold?: boolean;
  grey?: boolean;
  align?: 'left' | 'right' | 'center';
}

export class Canvas {
  private page: PDFPage;
  private pages = 0;
  private unicodeFonts: { regular: PDFRef; bold: PDFRef } | null = null;
  readonly width: number;
  readonly height: number;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    letter: boolean,
  ) {
    [this.width, this.height] = letter ? [612, 792] : [595.28, 841.89];
    this.page = this.addPage();
  }

  static async create(face: Face, letter = false): Promise<Canvas> {
    const doc = await PDFDocument.create();
    const [regular, bold] = FACES[face];
    return new Canvas(doc, await doc.embedFont(regular), await doc.embedFont(bold), letter);
  }

  private addPage(): PDFPage {
    this.pages += 1;
    return this.doc.addPage([this.width, this.height]);
  }

  newPage(): void {
    this.page = this.addPage();
  }

  /**
   * Turns the current (still empty) page a quarter: its media box becomes landscape-wide and `/Rotate 90`
   * shows it upright again, so the content stream is written sideways, as landscape exports and scanners
   * that rotate by flag do. Drawing goes on in the upright page's coordinates.
   */
  turnPage(): void {
    this.page.setSize(this.height, this.width);
    this.page.setRotation(degrees(90));
    this.page.pushOperators(concatTransformationMatrix(0, 1, -1, 0, this.height, 0));
  }

  /**
   * Text whose text layer holds characters the standard fonts cannot encode (ligatures, soft hyphens,
   * zero-width and no-break spaces, full-width digits, Chinese): each is drawn with a stand-in glyph of
   * Helvetica and named to text extraction by a ToUnicode map, as PDFs from subsetting tools carry them.
   */
  unicodeText(value: string, x: number, y: number, options: TextOptions = {}): void {
    if (value.length === 0) return;
    if (this.unicodeFonts === null) this.unicodeFonts = unicodeFontObjects(this.doc.context);
    const size = options.size ?? 8;
    const bold = options.bold === true;
    const name = bold ? 'F6UB' : 'F6U';
    this.page.node.setFontDictionary(
      PDFName.of(name),
      bold ? this.unicodeFonts.bold : this.unicodeFonts.regular,
    );
    let hex = '';
    for (const character of value) {
      const code =
        character.charCodeAt(0) < 0x7f && character.length === 1
          ? character.charCodeAt(0)
          : 0x80 + UNICODE_EXTRAS.indexOf(character);
      if (code < 0x20 || code === 0x7f) throw new RangeError(`no code for ${JSON.stringify(character)}`);
      hex += code.toString(16).padStart(2, '0');
    }
    const stand = [...value].map((c) => (c.charCodeAt(0) < 0x7f ? c : 'o')).join('');
    const width = this.measure(stand, size, bold);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.pushOperators(
      pushGraphicsState(),
      beginText(),
      setFontAndSize(name, size),
      moveText(left, this.height - y - size),
      showText(PDFHexString.of(hex)),
      endText(),
      popGraphicsState(),
    );
  }

  get pageCount(): number {
    return this.pages;
  }

  measure(value: string, size: number, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(value, size);
  }

  /** `y` is the top of the text line. */
  text(value: string, x: number, y: number, options: TextOptions = {}): void {
    if (value.length === 0) return;
    const size = options.size ?? 8;
    const bold = options.bold === true;
    const width = this.measure(value, size, bold);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.drawText(value, {
      x: left,
      y: this.height - y - size,
      size,
      font: bold ? this.bold : this.regular,
      color: options.grey === true ? rgb(0.3, 0.3, 0.3) : rgb(0, 0, 0),
    });
  }

  /** Lines of text from `y` down, one every `size * 1.25`; returns the y below the last one. */
  lines(values: readonly string[], x: number, y: number, options: TextOptions = {}): number {
    const step = (options.size ?? 8) * 1.25;
    values.forEach((value, i) => {
      this.text(value, x, y + i * step, options);
    });
    return y + values.length * step;
  }

  box(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({
      x,
      y: this.height - y - height,
      width,
      height,
      borderColor: rgb(0.2, 0.2, 0.2),
      borderWidth: 0.6,
    });
  }

  /** A form box with its small title in the top-left corner and its content below the title. */
  field(
    x: number,
    y: number,
    width: number,
    height: number,
    title: string,
    content: readonly string[],
  ): void {
    this.box(x, y, width, height);
    this.text(title, x + 3, y + 2, { size: 5.5, grey: true });
    this.lines(content, x + 5, y + 11, { size: 8 });
  }

  rule(x: number, y: number, width: number): void {
    this.page.drawLine({
      start: { x, y: this.height - y },
      end: { x: x + width, y: this.height - y },
      thickness: 0.5,
      color: rgb(0.3, 0.3, 0.3),
    });
  }

  /** Wraps a paragraph to `width` and draws it; returns the y below it. */
  paragraph(value: string, x: number, y: number, width: number, size = 6): number {
    const words = value.split(' ');
    const out: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current.length === 0 ? word : `${current} ${word}`;
      if (current.length > 0 && this.measure(candidate, size) > width) {
        out.push(current);
        current = word;
      } else current = candidate;
    }
    if (current.length > 0) out.push(current);
    return this.lines(out, x, y, { size });
  }

  async save(): Promise<Uint8Array> {
    const fixed = new Date(Date.UTC(2026, 0, 1));
    this.doc.setTitle('');
    this.doc.setProducer('stevedore held-out corpus');
    this.doc.setCreator('stevedore held-out corpus');
    this.doc.setCreationDate(fixed);
    this.doc.setModificationDate(fixed);
    return this.doc.save({ useObjectStreams: false });
  }
}
