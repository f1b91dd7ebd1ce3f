import sharp from 'sharp';
import type { HeldoutDocument } from './heldout-cargo.ts';
import { noisyScanPdf } from './heldout-scans.ts';
import { generateSetDocument, type HeldoutSet, type HeldoutSetFile } from './heldout-set.ts';
import { HELDOUT7_PORTUGUESE } from './heldout7-portuguese.ts';
import { HELDOUT7_TRADE } from './heldout7-trade.ts';
import { HELDOUT7_TRANSPORT } from './heldout7-transport.ts';
import { renderPages } from './raster.ts';

/**
 * The seventh held-out set (test/fixtures/extraction-heldout-7/): written after the engine stood at
 * 1.00 / 0.99 on the sixth, with the first documents in Portuguese (Brazilian and Portuguese bills,
 * invoices in reais and in euros grouped by spaces, a notice, a `Romaneio`, an order to a road haulier,
 * a booking naming `Xangai`, a customs extract), amounts as `1'234.56` and in lakh grouping, a bill whose
 * 60 containers go on two continued sheets, a table whose row breaks across pages, an invoice and its
 * packing list in one PDF, an email printed over a notice, a spreadsheet printed with its grid, labels in
 * lower case, in Title Case, in a row over their values, a booking told in sentences, a bill consigned `TO
 * ORDER`, an order naming only a booking, a rail operator's notice, a credit note and a security filing
 * (both `other`); and four scans, three of them Portuguese. Scored once before any rule was changed for it.
 */

export const HELDOUT7_DOCUMENTS: readonly HeldoutDocument[] = [
  ...HELDOUT7_PORTUGUESE,
  ...HELDOUT7_TRANSPORT,
  ...HELDOUT7_TRADE,
];

type Damage =
  | { kind: 'png'; dpi: number }
  | { kind: 'tiff'; dpi: number }
  | { kind: 'noisy_scan'; dpi: number; tilt: number; seed: number }
  | { kind: 'jpeg'; dpi: number; quality: number; tilt: number };

/** Documents again as scans and photos; page 1 only for the single-image kinds. */
export const HELDOUT7_SCANS: ReadonlyArray<readonly [name: string, damage: Damage]> = [
  [
    'conhecimento-de-embarque-brazilian-boxes-values-below-santos-antwerp',
    { kind: 'noisy_scan', dpi: 200, tilt: 1.2, seed: 71 },
  ],
  ['fatura-comercial-brazilian-reais-written-date-itajai', { kind: 'jpeg', dpi: 180, quality: 62, tilt: -2 }],
  ['aviso-de-chegada-brazilian-atracacao-free-time-santos', { kind: 'png', dpi: 200 }],
  ['packing-list-spreadsheet-export-with-grid-lines-valencia', { kind: 'tiff', dpi: 200 }],
];

export const HELDOUT7_COUNT = HELDOUT7_DOCUMENTS.length + HELDOUT7_SCANS.length;

const DESK = { r: 92, g: 80, b: 70, alpha: 1 };

function describe(damage: Damage): string {
  switch (damage.kind) {
    case 'png':
      return `${damage.dpi}dpi greyscale scan`;
    case 'tiff':
      return `${damage.dpi}dpi fax, thresholded to black and white`;
    case 'noisy_scan':
      return `${damage.dpi}dpi scan, skew ${damage.tilt}deg, dust and toner specks`;
    case 'jpeg':
      return `phone photo turned ${damage.tilt}deg, dimmed, JPEG ${damage.quality}`;
  }
}

async function damage(
  pdf: Uint8Array,
  how: Damage,
  letter: boolean,
): Promise<{ bytes: Uint8Array; extension: string }> {
  switch (how.kind) {
    case 'png': {
      const [page] = renderPages(pdf, how.dpi);
      return { bytes: await sharp(page).greyscale().png().toBuffer(), extension: 'png' };
    }
    case 'tiff': {
      const [page] = renderPages(pdf, how.dpi);
      const bytes = await sharp(page).greyscale().threshold(150).tiff({ compression: 'lzw' }).toBuffer();
      return { bytes, extension: 'tif' };
    }
    case 'noisy_scan': {
      const look = { specks: 0.0012, blur: 0.55, quality: 62 };
      return { bytes: await noisyScanPdf(pdf, how, look, letter), extension: 'pdf' };
    }
    case 'jpeg': {
      const [page] = renderPages(pdf, how.dpi);
      const bytes = await sharp(page)
        .modulate({ brightness: 0.9 })
        .rotate(how.tilt, { background: DESK })
        .blur(0.5)
        .jpeg({ quality: how.quality })
        .toBuffer();
      return { bytes, extension: 'jpg' };
    }
  }
}

const HELDOUT7_SET: HeldoutSet<Damage> = {
  label: 'heldout-7',
  documents: HELDOUT7_DOCUMENTS,
  scans: HELDOUT7_SCANS,
  describe,
  damage,
};

/** The document at `position` (text PDFs first, then the scans); `scan: false` skips rasterizing. */
export const generateHeldout7 = (
  position: number,
  options: { scan?: boolean } = {},
): Promise<HeldoutSetFile> => generateSetDocument(HELDOUT7_SET, position, options);
