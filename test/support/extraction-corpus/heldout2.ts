import sharp from 'sharp';
import type { HeldoutDocument } from './heldout-cargo.ts';
import { scanPdf, WHITE } from './heldout-scans.ts';
import { generateSetDocument, type HeldoutSet, type HeldoutSetFile } from './heldout-set.ts';
import { HELDOUT2_BILLS } from './heldout2-bills.ts';
import { HELDOUT2_INVOICES } from './heldout2-invoices.ts';
import { HELDOUT2_NOTICES } from './heldout2-notices.ts';
import { HELDOUT2_PACKING } from './heldout2-packing.ts';
import { renderPages } from './raster.ts';

/**
 * The second held-out set (test/fixtures/extraction-heldout-2/): written after the engine had reached
 * 1.00 / 0.99 on the first, in layouts neither the corpus generator nor the first set makes, and scored
 * once before any rule was changed for it. Its scans are harder than the first set's: pages upside down
 * and sideways, skewed by 2 to 5 degrees, a low-contrast fax and a photo under uneven light.
 */

export const HELDOUT2_DOCUMENTS: readonly HeldoutDocument[] = [
  ...HELDOUT2_BILLS,
  ...HELDOUT2_NOTICES,
  ...HELDOUT2_INVOICES,
  ...HELDOUT2_PACKING,
];

type Damage =
  | { kind: 'photo_sideways'; turn: 90 | 270; tilt: number }
  | { kind: 'image_pdf'; turn: 180 }
  | { kind: 'noisy_scan'; tilt: number }
  | { kind: 'tiff'; low: number; high: number }
  | { kind: 'jpeg'; tilt: number }
  | { kind: 'png'; tilt: number };

/** Documents again as scans and photos; page 1 only for the single-image kinds. */
export const HELDOUT2_SCANS: ReadonlyArray<readonly [name: string, damage: Damage]> = [
  ['bl-bilingual-german-boxes-check-digit-boxed', { kind: 'photo_sideways', turn: 90, tilt: 3 }],
  ['invoice-french-sarl-space-thousands-total-ttc', { kind: 'image_pdf', turn: 180 }],
  ['arrival-notice-free-time-table-savannah-dd-mon-yyyy', { kind: 'noisy_scan', tilt: -3.5 }],
  ['delivery-order-uk-release-note-felixstowe', { kind: 'tiff', low: 150, high: 225 }],
  ['booking-confirmation-spanish-reserva', { kind: 'jpeg', tilt: 2.2 }],
  ['packing-list-german-packliste-comma-decimal-weights', { kind: 'photo_sideways', turn: 270, tilt: -4.5 }],
  ['invoice-uk-tax-invoice-ordinal-date-pound-sign', { kind: 'png', tilt: 5 }],
];

export const HELDOUT2_COUNT = HELDOUT2_DOCUMENTS.length + HELDOUT2_SCANS.length;

function describe(damage: Damage): string {
  switch (damage.kind) {
    case 'photo_sideways':
      return `turned ${damage.turn}deg, tilt ${damage.tilt}deg, uneven light`;
    case 'image_pdf':
      return 'scanned upside down, 150dpi jpeg in pdf';
    case 'noisy_scan':
      return `skew ${damage.tilt}deg, blur`;
    case 'tiff':
      return `200dpi fax, greys squeezed to ${damage.low}-${damage.high}`;
    case 'jpeg':
      return `photo, tilt ${damage.tilt}deg, uneven light`;
    case 'png':
      return `150dpi skew ${damage.tilt}deg`;
  }
}

/** Light falling off from one corner, as a phone photo of a sheet on a desk. */
async function unevenLight(image: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g" cx="0.25" cy="0.2" r="1"><stop offset="0" stop-color="#fff8ec"/><stop offset="1" stop-color="#9a9080"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(image)
    .toColourspace('srgb')
    .composite([{ input: shade, blend: 'multiply' }])
    .toBuffer();
}

async function damage(
  pdf: Uint8Array,
  how: Damage,
  letter: boolean,
): Promise<{ bytes: Uint8Array; extension: string }> {
  switch (how.kind) {
    case 'photo_sideways': {
      const [page] = renderPages(pdf, 130);
      const tilted = await sharp(page)
        .rotate(how.tilt, { background: { r: 190, g: 185, b: 175, alpha: 1 } })
        .toBuffer();
      const lit = await unevenLight(await sharp(tilted).rotate(how.turn).toBuffer());
      return { bytes: await sharp(lit).blur(0.6).jpeg({ quality: 62 }).toBuffer(), extension: 'jpg' };
    }
    case 'image_pdf': {
      const pages = await Promise.all(
        renderPages(pdf, 150).map((page) => sharp(page).rotate(how.turn).jpeg({ quality: 72 }).toBuffer()),
      );
      return { bytes: await scanPdf(pages, letter), extension: 'pdf' };
    }
    case 'noisy_scan': {
      const pages = await Promise.all(
        renderPages(pdf, 150).map((page) =>
          sharp(page).rotate(how.tilt, { background: WHITE }).blur(0.7).jpeg({ quality: 60 }).toBuffer(),
        ),
      );
      return { bytes: await scanPdf(pages, letter), extension: 'pdf' };
    }
    case 'tiff': {
      const [page] = renderPages(pdf, 200);
      // Ink no darker than `low`, paper no lighter than `high`: a fax of a faint original.
      const scale = (how.high - how.low) / 255;
      const bytes = await sharp(page)
        .greyscale()
        .blur(0.8)
        .linear(scale, how.low)
        .tiff({ compression: 'lzw' })
        .toBuffer();
      return { bytes, extension: 'tif' };
    }
    case 'jpeg': {
      const [page] = renderPages(pdf, 140);
      const tilted = await sharp(page)
        .rotate(how.tilt, { background: { r: 180, g: 176, b: 168, alpha: 1 } })
        .toBuffer();
      const lit = await unevenLight(tilted);
      return { bytes: await sharp(lit).blur(0.8).jpeg({ quality: 58 }).toBuffer(), extension: 'jpg' };
    }
    case 'png': {
      const [page] = renderPages(pdf, 150);
      const bytes = await sharp(page).rotate(how.tilt, { background: WHITE }).greyscale().png().toBuffer();
      return { bytes, extension: 'png' };
    }
  }
}

const HELDOUT2_SET: HeldoutSet<Damage> = {
  label: 'heldout-2',
  documents: HELDOUT2_DOCUMENTS,
  scans: HELDOUT2_SCANS,
  describe,
  damage,
};

/** The document at `position` (text PDFs first, then the scans); `scan: false` skips rasterizing. */
export const generateHeldout2 = (
  position: number,
  options: { scan?: boolean } = {},
): Promise<HeldoutSetFile> => generateSetDocument(HELDOUT2_SET, position, options);
