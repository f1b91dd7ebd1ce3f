import sharp from 'sharp';
import { createRandom, type Random } from '../samples/random.ts';
import type { HeldoutDocument } from './heldout-cargo.ts';
import { cleanScanPdf, noisyScanPdf } from './heldout-scans.ts';
import { generateSetDocument, type HeldoutSet, type HeldoutSetFile } from './heldout-set.ts';
import { HELDOUT5_BILLS } from './heldout5-bills.ts';
import { HELDOUT5_NOTICES } from './heldout5-notices.ts';
import { HELDOUT5_TRADE } from './heldout5-trade.ts';
import { renderPages } from './raster.ts';

/**
 * The fifth held-out set (test/fixtures/extraction-heldout-5/): written after the engine stood at
 * 1.00 / 0.99 on the fourth, with text layers that differ from the page (text set one glyph at a time,
 * letter-spaced titles, a right-hand column written before the left, table cells scrambled), values
 * written over their labels or under labels in a box's top-right corner, a terminal's availability notice
 * with a pickup number and firms code, two dates beside one label (`ETA / ATA`, `ETD / ATD`), totals in
 * words beside figures, a debit note, a customs release, tables continued on a second page under a
 * repeated header; and scans at 150 dpi, heavy JPEG compression, phone photos with a shadow turned 4 to 7
 * degrees, a stamp over a field and handwriting over a page. Scored once before any rule was changed for it.
 */

export const HELDOUT5_DOCUMENTS: readonly HeldoutDocument[] = [
  ...HELDOUT5_BILLS,
  ...HELDOUT5_NOTICES,
  ...HELDOUT5_TRADE,
];

type Damage =
  | { kind: 'noisy_scan'; dpi: number; tilt: number; seed: number }
  | { kind: 'jpeg'; dpi: number; quality: number; tilt: number; shadow: boolean }
  | { kind: 'png'; dpi: number; stamp: { x: number; y: number; text: string } }
  | { kind: 'tiff'; dpi: number; seed: number }
  | { kind: 'image_pdf'; dpi: number }
  | { kind: 'photo_sideways'; turn: 90 | 270; tilt: number };

/** Documents again as scans and photos; page 1 only for the single-image kinds. */
export const HELDOUT5_SCANS: ReadonlyArray<readonly [name: string, damage: Damage]> = [
  [
    'bl-oocl-sixteen-containers-continued-on-page-2-repeated-header-xiamen',
    { kind: 'noisy_scan', dpi: 150, tilt: 2.2, seed: 53 },
  ],
  [
    'invoice-total-in-words-and-figures-tianjin',
    { kind: 'jpeg', dpi: 150, quality: 14, tilt: 0, shadow: false },
  ],
  [
    'arrival-notice-evergreen-eta-ata-two-dates-one-label-rail-leg-los-angeles',
    { kind: 'jpeg', dpi: 170, quality: 70, tilt: 4.5, shadow: true },
  ],
  [
    'booking-confirmation-etd-atd-two-dates-one-label-piraeus',
    { kind: 'jpeg', dpi: 170, quality: 68, tilt: -6.5, shadow: true },
  ],
  [
    'pickup-delivery-order-broker-firms-code-long-beach',
    { kind: 'png', dpi: 200, stamp: { x: 455, y: 58, text: 'RELEASED' } },
  ],
  ['packing-list-labels-in-box-corners-letter-spaced-title-auckland', { kind: 'tiff', dpi: 200, seed: 19 }],
  ['conocimiento-de-embarque-spanish-only-forwarder-callao-valencia', { kind: 'image_pdf', dpi: 150 }],
  ['avviso-di-arrivo-italian-franchigia-trieste', { kind: 'photo_sideways', turn: 270, tilt: 2.5 }],
];

export const HELDOUT5_COUNT = HELDOUT5_DOCUMENTS.length + HELDOUT5_SCANS.length;

const DESK = { r: 88, g: 76, b: 64, alpha: 1 };

function describe(damage: Damage): string {
  switch (damage.kind) {
    case 'noisy_scan':
      return `${damage.dpi}dpi scan, skew ${damage.tilt}deg, dust and toner specks`;
    case 'jpeg':
      return damage.shadow
        ? `phone photo turned ${damage.tilt}deg, a hand's shadow across, JPEG ${damage.quality}`
        : `${damage.dpi}dpi scan saved as JPEG quality ${damage.quality} (blocking artefacts)`;
    case 'png':
      return `${damage.dpi}dpi colour scan, a red '${damage.stamp.text}' stamp over a field`;
    case 'tiff':
      return `${damage.dpi}dpi scan with handwriting: ticks, a note, a circled figure, a signature`;
    case 'image_pdf':
      return `${damage.dpi}dpi grey scan in pdf`;
    case 'photo_sideways':
      return `photographed turned ${damage.turn}deg and ${damage.tilt}deg more`;
  }
}

/** A shadow falling from one corner across the sheet, as a hand or a phone held over it casts. */
async function shadow(page: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.8">
<stop offset="0" stop-color="#000" stop-opacity="0.5"/><stop offset="0.45" stop-color="#000" stop-opacity="0.18"/>
<stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="#f3e6cc" fill-opacity="0.25"/>
<rect width="${width}" height="${height}" fill="url(#s)"/></svg>`;
  return sharp(page)
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** A rubber stamp in red ink, turned a little, over the point (in PDF points) of the page. */
async function stamp(page: Buffer, dpi: number, at: { x: number; y: number; text: string }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const scale = dpi / 72;
  const [cx, cy] = [at.x * scale, at.y * scale];
  const [w, h] = [150 * scale, 40 * scale];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g transform="rotate(-8 ${cx} ${cy})" fill="none" stroke="#c0162b" stroke-opacity="0.7">
<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${6 * scale}" stroke-width="${2.5 * scale}"/>
<text x="${cx}" y="${cy + 7 * scale}" font-family="sans-serif" font-weight="bold" font-size="${20 * scale}"
text-anchor="middle" fill="#c0162b" fill-opacity="0.6" stroke="none">${at.text}</text>
<text x="${cx}" y="${cy + 17 * scale}" font-family="sans-serif" font-size="${6 * scale}" text-anchor="middle"
fill="#c0162b" fill-opacity="0.6" stroke="none">21 NOV 2026 - HGCB</text></g></svg>`;
  return sharp(page)
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** Pen marks over a page: ticks beside lines, a scribbled note, a circle round a figure, a signature. */
async function handwriting(page: Buffer, random: Random): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const paths: string[] = [];
  const wobble = (x: number, y: number, span: number): string =>
    `${(x + (random.next() - 0.5) * span).toFixed(1)} ${(y + (random.next() - 0.5) * span).toFixed(1)}`;
  // Ticks down the right margin.
  for (let i = 0; i < 6; i += 1) {
    const x = width * 0.9;
    const y = height * (0.12 + i * 0.05);
    paths.push(`M ${x} ${y} L ${x + 10} ${y + 14} L ${x + 34} ${y - 18}`);
  }
  // A note and a signature: runs of loops along a baseline.
  for (const [x0, y0, length] of [
    [width * 0.08, height * 0.42, width * 0.35],
    [width * 0.55, height * 0.5, width * 0.3],
  ] as const) {
    let d = `M ${x0} ${y0}`;
    for (let x = x0; x < x0 + length; x += 14)
      d += ` C ${wobble(x + 4, y0 - 22, 8)} ${wobble(x + 10, y0 + 12, 8)} ${wobble(x + 14, y0, 6)}`;
    paths.push(d);
  }
  // A circle round the middle of the page and a line struck under it.
  const [cx, cy] = [width * 0.62, height * 0.2];
  paths.push(
    `M ${cx - 90} ${cy} C ${cx - 90} ${cy - 40} ${cx + 95} ${cy - 42} ${cx + 92} ${cy} C ${cx + 90} ${cy + 38} ${cx - 85} ${cy + 40} ${cx - 96} ${cy - 6}`,
  );
  paths.push(
    `M ${width * 0.1} ${height * 0.3} Q ${width * 0.3} ${height * 0.31} ${width * 0.55} ${height * 0.295}`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g fill="none" stroke="#1b2a6b" stroke-width="3" stroke-linecap="round" stroke-opacity="0.85">
${paths.map((d) => `<path d="${d}"/>`).join('\n')}</g></svg>`;
  return sharp(page)
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }])
    .greyscale()
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

async function damage(
  pdf: Uint8Array,
  how: Damage,
  letter: boolean,
): Promise<{ bytes: Uint8Array; extension: string }> {
  switch (how.kind) {
    case 'noisy_scan': {
      const look = { specks: 0.0015, blur: 0.5, quality: 60 };
      return { bytes: await noisyScanPdf(pdf, how, look, letter), extension: 'pdf' };
    }
    case 'jpeg': {
      const [page] = renderPages(pdf, how.dpi);
      const lit = how.shadow ? await shadow(page as Buffer) : (page as Buffer);
      const turned = how.tilt === 0 ? sharp(lit) : sharp(lit).rotate(how.tilt, { background: DESK });
      const bytes = await turned
        .blur(how.shadow ? 0.7 : 0.3)
        .jpeg({ quality: how.quality, chromaSubsampling: '4:2:0' })
        .toBuffer();
      return { bytes, extension: 'jpg' };
    }
    case 'png': {
      const [page] = renderPages(pdf, how.dpi);
      return { bytes: await stamp(page as Buffer, how.dpi, how.stamp), extension: 'png' };
    }
    case 'tiff': {
      const [page] = renderPages(pdf, how.dpi);
      return { bytes: await handwriting(page as Buffer, createRandom(how.seed)), extension: 'tif' };
    }
    case 'image_pdf':
      return { bytes: await cleanScanPdf(pdf, how.dpi, letter), extension: 'pdf' };
    case 'photo_sideways': {
      const [page] = renderPages(pdf, 170);
      const tilted = await sharp(page).rotate(how.tilt, { background: DESK }).png().toBuffer();
      const bytes = await sharp(tilted).rotate(how.turn).blur(0.5).jpeg({ quality: 72 }).toBuffer();
      return { bytes, extension: 'jpg' };
    }
  }
}

const HELDOUT5_SET: HeldoutSet<Damage> = {
  label: 'heldout-5',
  documents: HELDOUT5_DOCUMENTS,
  scans: HELDOUT5_SCANS,
  describe,
  damage,
};

/** The document at `position` (text PDFs first, then the scans); `scan: false` skips rasterizing. */
export const generateHeldout5 = (
  position: number,
  options: { scan?: boolean } = {},
): Promise<HeldoutSetFile> => generateSetDocument(HELDOUT5_SET, position, options);
