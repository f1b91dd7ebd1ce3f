import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Random } from '../samples/random.ts';
import type { InputKind } from './truth.ts';

/**
 * Turns a text PDF into what a scanner, a fax or a phone makes of it. Pages are rendered by `pdftoppm`
 * (poppler) at generation time only; the results are committed, so tests never need it.
 */

export function renderPages(pdf: Uint8Array, dpi: number): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-raster-'));
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', input, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.startsWith('page'))
      .sort()
      .map((name) => readFileSync(join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sprinkles seeded dark and light specks over a greyscale image, as dust and toner on a scan. */
export async function speckle(image: Buffer, random: Random, density: number): Promise<Buffer> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pixels = Buffer.from(data);
  const count = Math.floor(info.width * info.height * density);
  for (let i = 0; i < count; i += 1) {
    const at = random.int(0, pixels.length - 1);
    pixels[at] = random.chance(0.7) ? random.int(0, 90) : 255;
  }
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

function skew(random: Random, min: number, max: number): number {
  const angle = min + random.next() * (max - min);
  return Math.round((random.chance(0.5) ? angle : -angle) * 10) / 10;
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

async function imagePdf(
  pages: readonly Buffer[],
  letter: boolean,
  junk: readonly string[] = [],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = junk.length > 0 ? await doc.embedFont(StandardFonts.Helvetica) : null;
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setProducer('stevedore extraction corpus (scan)');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const [width, height] = letter ? [612, 792] : [595.28, 841.89];
  for (const jpeg of pages) {
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 0, width, height });
    // An invisible text layer of junk, as a scanner's bad OCR or a broken font encoding leaves behind.
    junk.forEach((line, i) => {
      page.drawText(line, { x: 50, y: height - 60 - i * 14, size: 10, font: font ?? undefined, opacity: 0 });
    });
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * A clean scan whose PDF also carries a text layer of `lines` with every letter shifted, as a font with a
 * broken encoding extracts: plenty of characters, none of them the document's.
 */
export async function scanWithGarbledTextLayer(
  pdf: Uint8Array,
  lines: readonly string[],
): Promise<Uint8Array> {
  const shift = (line: string): string =>
    line.replace(/[A-Za-z]/g, (c) => {
      const base = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(base + ((c.charCodeAt(0) - base + 3) % 26));
    });
  const pages = await Promise.all(
    renderPages(pdf, 150).map((page) => sharp(page).jpeg({ quality: 72 }).toBuffer()),
  );
  return imagePdf(pages, false, lines.map(shift));
}

export interface Degraded {
  bytes: Uint8Array;
  extension: string;
  detail: string;
}

/** The document as `kind`; image kinds other than PDFs keep the first page only. */
export async function degrade(
  pdf: Uint8Array,
  kind: Exclude<InputKind, 'text_pdf'>,
  random: Random,
  letter: boolean,
): Promise<Degraded> {
  switch (kind) {
    case 'image_pdf': {
      const pages = await Promise.all(
        renderPages(pdf, 150).map((page) => sharp(page).jpeg({ quality: 72 }).toBuffer()),
      );
      return { bytes: await imagePdf(pages, letter), extension: 'pdf', detail: '150dpi jpeg in pdf' };
    }
    case 'noisy_scan': {
      const angle = skew(random, 0.8, 3);
      const pages = await Promise.all(
        renderPages(pdf, 150).map(async (page) => {
          const noisy = await speckle(page, random, 0.002);
          return sharp(noisy).rotate(angle, { background: WHITE }).blur(0.6).jpeg({ quality: 60 }).toBuffer();
        }),
      );
      return {
        bytes: await imagePdf(pages, letter),
        extension: 'pdf',
        detail: `skew ${angle}deg, specks, blur`,
      };
    }
    case 'png': {
      const [page] = renderPages(pdf, 150);
      const bytes = await sharp(page).png({ palette: true, colours: 16, compressionLevel: 9 }).toBuffer();
      return { bytes, extension: 'png', detail: '150dpi 16 greys' };
    }
    case 'jpeg': {
      const [page] = renderPages(pdf, 150);
      const angle = skew(random, 0.2, 1.2);
      const bytes = await sharp(page)
        .rotate(angle, { background: WHITE })
        .blur(0.5)
        .jpeg({ quality: 70 })
        .toBuffer();
      return { bytes, extension: 'jpg', detail: `150dpi skew ${angle}deg` };
    }
    case 'tiff': {
      const [page] = renderPages(pdf, 200);
      const bytes = await sharp(page)
        .greyscale()
        .threshold(160)
        .toColourspace('b-w')
        .tiff({ compression: 'ccittfax4', bitdepth: 1 })
        .toBuffer();
      return { bytes, extension: 'tif', detail: '200dpi 1-bit fax g4' };
    }
    case 'photo_sideways': {
      const [page] = renderPages(pdf, 130);
      const turn = random.pick([90, 270]);
      const tilt = skew(random, 0.5, 2.5);
      const rotated = await sharp(page)
        .rotate(tilt, { background: { r: 200, g: 195, b: 185, alpha: 1 } })
        .toBuffer();
      const bytes = await sharp(rotated)
        .rotate(turn)
        .tint({ r: 240, g: 228, b: 205 })
        .modulate({ brightness: 0.93 })
        .blur(0.7)
        .jpeg({ quality: 65 })
        .toBuffer();
      return { bytes, extension: 'jpg', detail: `turned ${turn}deg, tilt ${tilt}deg, warm light` };
    }
  }
}
