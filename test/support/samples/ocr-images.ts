import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Lines of text on a white page, rendered by sharp (librsvg) from SVG text: a clean "scan". */
export function textPng(
  lines: readonly string[],
  options: { width?: number; fontSize?: number } = {},
): Promise<Buffer> {
  const fontSize = options.fontSize ?? 30;
  const width = options.width ?? 1400;
  const lineHeight = Math.round(fontSize * 2);
  const height = lineHeight * (lines.length + 1);
  const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const texts = lines
    .map(
      (line, i) =>
        `<text x="60" y="${lineHeight * (i + 1)}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A PDF whose only page content is the image: what a scanner makes. */
export async function imageOnlyPdf(
  image: Buffer,
  kind: 'png' | 'jpeg',
  garbageText?: readonly string[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const embedded = kind === 'png' ? await doc.embedPng(image) : await doc.embedJpg(image);
  const width = 595;
  const height = (embedded.height / embedded.width) * width;
  const page = doc.addPage([width, height]);
  page.drawImage(embedded, { x: 0, y: 0, width, height });
  if (garbageText !== undefined) {
    // A text layer as a broken font encoding leaves it: letters, but no words in any language.
    const font = await doc.embedFont(StandardFonts.Helvetica);
    garbageText.forEach((line, i) => {
      page.drawText(line, { x: 30, y: height - 30 - i * 14, size: 9, font, opacity: 0 });
    });
  }
  return doc.save();
}

/** A multi-page TIFF with one image per page. */
export async function multiPageTiff(pages: readonly Buffer[]): Promise<Buffer> {
  const first = await sharp(pages[0]).metadata();
  const width = first.width ?? 1;
  const height = first.height ?? 1;
  const frames = await Promise.all(
    pages.map((page) =>
      sharp(page).resize(width, height, { fit: 'contain', background: '#fff' }).grayscale().raw().toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * pages.length, channels: 1, pageHeight: height },
  })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/**
 * A text PDF whose font maps every character to the private use area in its ToUnicode table: it prints
 * right, but its text layer is garbage, as with a font subset embedded without a usable encoding.
 */
export async function brokenEncodingPdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 24, size: 14, font });
  });
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Broken def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '1 beginbfrange <20> <7E> <E000> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  // Fonts are written on flush; only then is there a dictionary to give the table to.
  await doc.flush();
  const fontDict = doc.context.lookup(font.ref, PDFDict);
  fontDict.set(PDFName.of('ToUnicode'), doc.context.register(doc.context.stream(cmap)));
  return doc.save();
}
