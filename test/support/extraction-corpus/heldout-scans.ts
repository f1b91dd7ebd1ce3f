import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { createRandom } from '../samples/random.ts';
import { renderPages, speckle } from './raster.ts';

/** Paper behind a page turned on a scanner's glass. */
export const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** JPEG pages in a PDF of the document's paper size, dated and signed alike, so a set regenerates byte for byte. */
export async function scanPdf(pages: readonly Buffer[], letter: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setProducer('stevedore held-out corpus (scan)');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const [width, height] = letter ? [612, 792] : [595.28, 841.89];
  for (const jpeg of pages) {
    const image = await doc.embedJpg(jpeg);
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return doc.save({ useObjectStreams: false });
}

/** A clean scan: every page at `dpi`, as JPEG of quality 75, in a PDF. */
export async function cleanScanPdf(pdf: Uint8Array, dpi: number, letter: boolean): Promise<Uint8Array> {
  const pages = await Promise.all(
    renderPages(pdf, dpi).map((page) => sharp(page).jpeg({ quality: 75 }).toBuffer()),
  );
  return scanPdf(pages, letter);
}

/** A worn office scanner: every page specked, tilted, blurred and compressed, in a PDF. */
export async function noisyScanPdf(
  pdf: Uint8Array,
  how: { readonly seed: number; readonly dpi: number; readonly tilt: number },
  look: { readonly specks: number; readonly blur: number; readonly quality: number },
  letter: boolean,
): Promise<Uint8Array> {
  const random = createRandom(how.seed);
  const pages: Buffer[] = [];
  for (const page of renderPages(pdf, how.dpi)) {
    const specked = await speckle(page, random, look.specks);
    pages.push(
      await sharp(specked)
        .rotate(how.tilt, { background: WHITE })
        .blur(look.blur)
        .jpeg({ quality: look.quality })
        .toBuffer(),
    );
  }
  return scanPdf(pages, letter);
}
