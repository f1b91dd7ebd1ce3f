import sharp from 'sharp';
import type { HeldoutDocument } from './heldout-cargo.ts';
import { noisyScanPdf, scanPdf } from './heldout-scans.ts';
import { generateSetDocument, type HeldoutSet, type HeldoutSetFile } from './heldout-set.ts';
import { HELDOUT6_BILLS } from './heldout6-bills.ts';
import { HELDOUT6_NOTICES } from './heldout6-notices.ts';
import { HELDOUT6_TRADE } from './heldout6-trade.ts';
import { renderPages } from './raster.ts';

/**
 * The sixth held-out set (test/fixtures/extraction-heldout-6/): written after the engine stood at
 * 1.00 / 0.97 on the fifth, with labels in French, German, Dutch, Spanish and Italian and in Chinese
 * beside English, a house bill naming its master bill, an express release, a telex release and a VGM
 * declaration (both `other`), invoices with VAT lines and a second currency, weights in lbs and kg,
 * dates as `24NOV26`, `2026/11/24` and `Nov. 24th, 2026`, container numbers split by spaces or dashes,
 * two unrelated columns, a running header and footer, a text layer full of ligatures, soft hyphens,
 * zero-width and no-break spaces and full-width digits, a page stored sideways under `/Rotate 90`; and
 * scans turned 180 and 90 degrees, a low-contrast fax, a worn scan and phone photos. Scored once before
 * any rule was changed for it.
 */

export const HELDOUT6_DOCUMENTS: readonly HeldoutDocument[] = [
  ...HELDOUT6_BILLS,
  ...HELDOUT6_NOTICES,
  ...HELDOUT6_TRADE,
];

type Damage =
  | { kind: 'image_pdf'; dpi: number; turn: 180 }
  | { kind: 'png'; dpi: number; turn: 90 | 270 }
  | { kind: 'tiff'; dpi: number }
  | { kind: 'noisy_scan'; dpi: number; tilt: number; seed: number }
  | { kind: 'jpeg'; dpi: number; quality: number; tilt: number }
  | { kind: 'photo_sideways'; turn: 90 | 270; tilt: number };

/** Documents again as scans and photos; page 1 only for the single-image kinds. */
export const HELDOUT6_SCANS: ReadonlyArray<readonly [name: string, damage: Damage]> = [
  ['avis-d-arrivee-french-franchise-le-havre', { kind: 'image_pdf', dpi: 200, turn: 180 }],
  ['delivery-order-ordinal-date-spaced-containers-norfolk', { kind: 'png', dpi: 200, turn: 90 }],
  ['fattura-italian-iva-totale-documento-bologna', { kind: 'tiff', dpi: 200 }],
  [
    'seefrachtbrief-german-spaced-container-numbers-hamburg-new-york',
    { kind: 'noisy_scan', dpi: 200, tilt: -1.6, seed: 61 },
  ],
  ['packing-list-lbs-first-kg-in-brackets-savannah', { kind: 'jpeg', dpi: 180, quality: 60, tilt: 3 }],
  ['confirmacion-de-reserva-spanish-barcelona-veracruz', { kind: 'photo_sideways', turn: 90, tilt: 1.5 }],
];

export const HELDOUT6_COUNT = HELDOUT6_DOCUMENTS.length + HELDOUT6_SCANS.length;

const DESK = { r: 92, g: 80, b: 70, alpha: 1 };

function describe(damage: Damage): string {
  switch (damage.kind) {
    case 'image_pdf':
      return `${damage.dpi}dpi scan in pdf, fed upside down (turned ${damage.turn}deg)`;
    case 'png':
      return `${damage.dpi}dpi scan, fed sideways (turned ${damage.turn}deg)`;
    case 'tiff':
      return `${damage.dpi}dpi low-contrast fax: grey print on grey paper, line noise`;
    case 'noisy_scan':
      return `${damage.dpi}dpi scan, skew ${damage.tilt}deg, dust and toner specks`;
    case 'jpeg':
      return `phone photo turned ${damage.tilt}deg, uneven light, JPEG ${damage.quality}`;
    case 'photo_sideways':
      return `photographed turned ${damage.turn}deg and ${damage.tilt}deg more`;
  }
}

/** A fax: grey print on grey paper, every fourth scan line a little darker, thresholded soft. */
async function fax(page: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(page).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < info.height; y += 1) {
    const streak = y % 4 === 0 ? 18 : 0;
    for (let x = 0; x < info.width; x += 1) {
      const i = y * info.width + x;
      // Ink 0 -> 120, paper 255 -> 205: a contrast of 85 levels.
      out[i] = Math.max(0, Math.round(120 + ((data[i] ?? 255) * 85) / 255) - streak);
    }
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(0.6)
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

async function damage(
  pdf: Uint8Array,
  how: Damage,
  letter: boolean,
): Promise<{ bytes: Uint8Array; extension: string }> {
  switch (how.kind) {
    case 'image_pdf': {
      const pages = await Promise.all(
        renderPages(pdf, how.dpi).map((page) =>
          sharp(page).rotate(how.turn).jpeg({ quality: 75 }).toBuffer(),
        ),
      );
      return { bytes: await scanPdf(pages, letter), extension: 'pdf' };
    }
    case 'png': {
      const [page] = renderPages(pdf, how.dpi);
      return { bytes: await sharp(page).rotate(how.turn).greyscale().png().toBuffer(), extension: 'png' };
    }
    case 'tiff': {
      const [page] = renderPages(pdf, how.dpi);
      return { bytes: await fax(page as Buffer), extension: 'tif' };
    }
    case 'noisy_scan': {
      const look = { specks: 0.001, blur: 0.5, quality: 65 };
      return { bytes: await noisyScanPdf(pdf, how, look, letter), extension: 'pdf' };
    }
    case 'jpeg': {
      const [page] = renderPages(pdf, how.dpi);
      const bytes = await sharp(page)
        .modulate({ brightness: 0.92 })
        .rotate(how.tilt, { background: DESK })
        .blur(0.5)
        .jpeg({ quality: how.quality })
        .toBuffer();
      return { bytes, extension: 'jpg' };
    }
    case 'photo_sideways': {
      const [page] = renderPages(pdf, 170);
      const tilted = await sharp(page).rotate(how.tilt, { background: DESK }).png().toBuffer();
      const bytes = await sharp(tilted).rotate(how.turn).blur(0.5).jpeg({ quality: 74 }).toBuffer();
      return { bytes, extension: 'jpg' };
    }
  }
}

const HELDOUT6_SET: HeldoutSet<Damage> = {
  label: 'heldout-6',
  documents: HELDOUT6_DOCUMENTS,
  scans: HELDOUT6_SCANS,
  describe,
  damage,
};

/** The document at `position` (text PDFs first, then the scans); `scan: false` skips rasterizing. */
export const generateHeldout6 = (
  position: number,
  options: { scan?: boolean } = {},
): Promise<HeldoutSetFile> => generateSetDocument(HELDOUT6_SET, position, options);
