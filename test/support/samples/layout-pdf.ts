import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Draws a page "drawn in characters" (the hand-made layout fixtures: cells separated by three or more
 * spaces, a cell's column giving its position, `^` marking a heading) as a one-page PDF, so the fixtures
 * also go through the real PDF text layer. Helvetica at 8 points is narrower than the 5.6 points a
 * character column stands for, so cells never run into each other.
 */

const COLUMN_WIDTH = 5.6;
const BODY_SIZE = 8;
const HEADING_SIZE = 14;
const LEFT = 40;
const TOP = 800;

export async function makeLayoutPdf(source: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-11-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-11-01T00:00:00Z'));
  doc.setProducer('stevedore layout fixtures');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = TOP;
  for (const raw of source.split('\n')) {
    const heading = raw.startsWith('^');
    const row = heading ? ` ${raw.slice(1)}` : raw;
    y -= heading ? HEADING_SIZE * 1.6 : BODY_SIZE * 1.5;
    for (const match of row.matchAll(/\S+(?: {1,2}\S+)*/g)) {
      page.drawText(match[0], {
        x: LEFT + (match.index ?? 0) * COLUMN_WIDTH,
        y,
        size: heading ? HEADING_SIZE : BODY_SIZE,
        font: heading ? bold : regular,
      });
    }
  }
  return doc.save({ useObjectStreams: false });
}
