import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** PDFs for the unhappy paths: no text layer, encryption, and free-form text for odd layouts. */

const A4: [number, number] = [595.28, 841.89];
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

/** A page that only has drawn shapes, the way a scan looks to a text extractor (no text layer at all). */
export async function makeScannedLikePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const page = doc.addPage(A4);
  page.drawRectangle({
    x: 40,
    y: 40,
    width: 515,
    height: 760,
    borderColor: rgb(0.2, 0.2, 0.2),
    borderWidth: 1,
  });
  // Grey bars where lines of text would be on a scanned page.
  for (let row = 0; row < 40; row += 1) {
    const width = 180 + ((row * 97) % 300);
    page.drawRectangle({ x: 60, y: 770 - row * 18, width, height: 7, color: rgb(0.55, 0.55, 0.55) });
  }
  return doc.save({ useObjectStreams: false });
}

/** One text run: a string at a position, or a whole line at the left margin when given as a string. */
export type TextRun = string | { text: string; x: number; size?: number };

/** A page with the given lines, top to bottom; each line is a string or runs placed side by side. */
export async function makeTextPdf(lines: ReadonlyArray<TextRun | readonly TextRun[]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const page = doc.addPage(A4);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let y = A4[1] - 60;
  for (const line of lines) {
    const runs = isRunList(line) ? line : [line];
    for (const run of runs) {
      const { text, x, size } = typeof run === 'string' ? { text: run, x: 50, size: 10 } : run;
      page.drawText(text, { x, y, size: size ?? 10, font });
    }
    y -= 16;
  }
  return doc.save({ useObjectStreams: false });
}

const isRunList = (line: TextRun | readonly TextRun[]): line is readonly TextRun[] => Array.isArray(line);

/**
 * A minimal PDF whose trailer points at a standard security handler dictionary (RC4, revision 2) for
 * which the empty password is wrong, so PDF readers ask for a password. pdf-lib cannot encrypt; the
 * /O and /U entries are fixed bytes that match no password, which is all a reader checks before asking.
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex32 = (seed: number): string =>
    Array.from({ length: 32 }, (_, i) => ((seed + i * 37) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 16 >>\nstream\n\u00a7\u00e1\u0013k\u009f\u0002\u00c4\u0088\u00e9-\u0017\u00b2\u00d0\u0091|\u0005\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(101)}> /P -3904 >>`,
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const id = hex32(7).slice(0, 32);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${id}> <${id}>] >>\n`;
  body += `startxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
