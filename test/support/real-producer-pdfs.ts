import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, type PDFRef, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * PDFs that place their text the way report engines, office suites and print drivers do, written as raw
 * content-stream operators: a glyph per positioning operator, kerned TJ arrays whose only word space is
 * a number, form XObjects, pages of several streams, text as vector paths, appended updates.
 */

const PAGE: [number, number] = [595, 842];

/** A string operand in PDF literal syntax (WinAnsi text, as the standard fonts take it). */
export const lit = (text: string): string => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** One page whose content streams are the given operator texts; F1 is Helvetica, F2 Helvetica-Bold. */
export async function rawContentPdf(
  streams: readonly string[],
  options: { forms?: Record<string, string>; useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(PAGE);
  page.node.setFontDictionary(PDFName.of('F1'), regular.ref);
  page.node.setFontDictionary(PDFName.of('F2'), bold.ref);
  for (const [name, content] of Object.entries(options.forms ?? {})) {
    const form = doc.context.flateStream(content, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, PAGE[0], PAGE[1]],
      Resources: { Font: { F1: regular.ref, F2: bold.ref } },
    });
    page.node.setXObject(PDFName.of(name), doc.context.register(form));
  }
  const refs: PDFRef[] = streams.map((content) => doc.context.register(doc.context.flateStream(content)));
  page.node.set(PDFName.of('Contents'), refs.length === 1 ? (refs[0] as PDFRef) : doc.context.obj(refs));
  return doc.save({ useObjectStreams: options.useObjectStreams ?? false });
}

/** Text shown a glyph at a time, each glyph placed by its own absolute `Tm` (what some SAP output does). */
export function glyphByGlyph(
  text: string,
  at: { x: number; y: number; size: number; move: 'Tm' | 'Td' },
  width: (glyph: string) => number,
): string {
  const glyphs: string[] = [];
  let x = at.x;
  let last = at.x;
  for (const ch of text) {
    if (ch !== ' ') {
      const place =
        at.move === 'Tm'
          ? `1 0 0 1 ${x.toFixed(3)} ${at.y} Tm`
          : `${(glyphs.length === 0 ? x : x - last).toFixed(3)} ${glyphs.length === 0 ? at.y : 0} Td`;
      glyphs.push(`${place} ${lit(ch)} Tj`);
      last = x;
    }
    x += width(ch);
  }
  return `BT /F1 ${at.size} Tf ${glyphs.join(' ')} ET`;
}

/**
 * Appends an incremental update to a saved PDF: a new content stream for page 1 replacing the old one,
 * written after the original %%EOF with its own xref section and a trailer pointing back by /Prev.
 */
export function appendContentUpdate(pdf: Uint8Array, content: string): Uint8Array {
  const original = Buffer.from(pdf);
  const text = original.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(text)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text)?.[1];
  const pageMatch =
    [...text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\s*endobj/g)].find((m) =>
      /\/Type \/Page\s/.test(m[2] ?? ''),
    ) ?? null;
  if (!Number.isFinite(prev) || !Number.isFinite(size) || root === undefined || pageMatch === null) {
    throw new Error('not a PDF this helper can update');
  }
  const pageNumber = Number(pageMatch[1]);
  const pageBody = (pageMatch[2] ?? '').replace(/\/Contents \d+ 0 R/, `/Contents ${size} 0 R`);
  const parts: string[] = [];
  const offsets: number[] = [];
  let at = original.length + 1;
  const add = (body: string): void => {
    offsets.push(at);
    parts.push(body);
    at += Buffer.byteLength(body, 'latin1');
  };
  add(`${pageNumber} 0 obj\n${pageBody}\nendobj\n`);
  add(`${size} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);
  const xrefAt = at;
  const entry = (offset: number): string => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const xref =
    `xref\n${pageNumber} 1\n${entry(offsets[0] ?? 0)}${size} 1\n${entry(offsets[1] ?? 0)}` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([original, Buffer.from(`\n${parts.join('')}${xref}`, 'latin1')]);
}

/**
 * A page whose lines are drawn only as filled rectangles (text converted to outlines, as some print
 * drivers and design tools do): no font, no image. The lines are rasterised by sharp and each run of dark
 * pixels becomes a rectangle, so a rendering of the page shows the words.
 */
export async function vectorOnlyTextPdf(lines: readonly string[]): Promise<Uint8Array> {
  const fontSize = 28;
  const lineHeight = fontSize * 2;
  const width = 1190;
  const height = lineHeight * (lines.length + 1);
  const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const texts = lines
    .map(
      (line, i) =>
        `<text x="40" y="${lineHeight * (i + 1)}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = PAGE[0] / info.width;
  const top = PAGE[1] - 60;
  const rects: string[] = [];
  for (let y = 0; y < info.height; y += 1) {
    let start = -1;
    for (let x = 0; x <= info.width; x += 1) {
      const dark = x < info.width && (data[(y * info.width + x) * info.channels] ?? 255) < 128;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        const px = (start * scale).toFixed(2);
        const py = (top - (y + 1) * scale).toFixed(2);
        rects.push(`${px} ${py} ${((x - start) * scale).toFixed(2)} ${scale.toFixed(3)} re`);
        start = -1;
      }
    }
  }
  const doc = await PDFDocument.create();
  const page = doc.addPage(PAGE);
  const content = `0 g\n${rects.join('\n')}\nf\n`;
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
  return doc.save();
}

// The standard security handler's padding string (PDF 32000-1, 7.6.3.3).
const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 255;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + (s[i] ?? 0)) & 255;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[n] = (data[n] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 255] ?? 0);
  }
  return out;
}

const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string): Buffer =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32);

/**
 * A one-page PDF encrypted with 40-bit RC4 (standard handler, revision 2), as older invoice systems
 * write it: an owner password restricts editing; an empty user password lets anyone open it.
 */
export function rc4EncryptedPdf(
  lines: readonly string[],
  passwords: { owner: string; user: string },
): Uint8Array {
  const id = Buffer.from('5f0c2a8e9d114b7aa3e6c0d2b4f81937', 'hex');
  const permissions = -44;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const owner = rc4(md5(padded(passwords.owner)).subarray(0, 5), padded(passwords.user));
  const fileKey = md5(padded(passwords.user), owner, p, id).subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PAD);
  const objectKey = (num: number): Buffer =>
    md5(fileKey, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = Buffer.from(
    `BT /F1 11 Tf 50 780 Td 16 TL ${lines.map((line) => `${lit(line)} Tj T*`).join(' ')} ET`,
    'latin1',
  );
  const stream = rc4(objectKey(5), content);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from(
      `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
    ),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    at += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\n`,
    `startxref\n${at}\n%%EOF\n`,
  ].join('');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/**
 * A scanned page stored as horizontal strips, one image each (as some scanners and copiers write it):
 * no strip alone holds the page.
 */
export async function stripedScanPdf(png: Buffer, strips: number): Promise<Uint8Array> {
  const { width = 1, height = 1 } = await sharp(png).metadata();
  const doc = await PDFDocument.create();
  const pageHeight = (height / width) * PAGE[0];
  const page = doc.addPage([PAGE[0], pageHeight]);
  const stripHeight = Math.ceil(height / strips);
  for (let i = 0; i < strips; i += 1) {
    const top = i * stripHeight;
    const rows = Math.min(stripHeight, height - top);
    const strip = await doc.embedPng(
      await sharp(png).extract({ left: 0, top, width, height: rows }).png().toBuffer(),
    );
    const scale = PAGE[0] / width;
    page.drawImage(strip, {
      x: 0,
      y: pageHeight - (top + rows) * scale,
      width: PAGE[0],
      height: rows * scale,
    });
  }
  return doc.save();
}

/**
 * A scan drawn as a 1-bit stencil mask (`/ImageMask true`) painted in black, as mixed-raster (MRC)
 * scanners and copiers store the text layer of a page.
 */
export async function imageMaskScanPdf(png: Buffer): Promise<Uint8Array> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rowBytes = Math.ceil(info.width / 8);
  // With the default decode array a 0 sample paints; paper stays 1.
  const bits = Buffer.alloc(rowBytes * info.height, 0xff);
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if ((data[(y * info.width + x) * info.channels] ?? 255) < 128) {
        const at = y * rowBytes + (x >> 3);
        bits[at] = (bits[at] ?? 0) & ~(0x80 >> (x & 7));
      }
    }
  }
  const doc = await PDFDocument.create();
  const pageHeight = (info.height / info.width) * PAGE[0];
  const page = doc.addPage([PAGE[0], pageHeight]);
  const mask = doc.context.flateStream(bits, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: info.width,
    Height: info.height,
    ImageMask: true,
    BitsPerComponent: 1,
  });
  page.node.setXObject(PDFName.of('Mask0'), doc.context.register(mask));
  const content = `0 g q ${PAGE[0]} 0 0 ${pageHeight.toFixed(2)} 0 0 cm /Mask0 Do Q`;
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
  return doc.save();
}
