import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { evenLighting } from '../../../src/extraction/ocr/lighting.ts';
import { type GrayImage, MIN_CORRECTED_SKEW_DEGREES, measureSkew } from '../../../src/extraction/ocr/skew.ts';
import { parseOrientation } from '../../../src/extraction/ocr/system-tesseract.ts';

/**
 * Straightening and lighting of scanned pages before OCR, on synthetic pages: rows of dark "words"
 * (short bars with gaps) on white, turned and lit as a scanner or a phone would.
 */

const WIDTH = 600;
const HEIGHT = 800;

/** A page of twenty lines of words, each word a 6-pixel-high bar, lines 30 pixels apart. */
function textPage(): Uint8Array {
  const page = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (let line = 0; line < 20; line += 1) {
    const top = 60 + line * 30;
    for (let x = 60; x < WIDTH - 60; x += 1) {
      // Words of 40 pixels with 12-pixel spaces.
      if (x % 52 >= 40) continue;
      for (let y = top; y < top + 6; y += 1) page[y * WIDTH + x] = 20;
    }
  }
  return page;
}

async function turned(degrees: number, quarter = 0): Promise<GrayImage> {
  const tilted = await sharp(textPage(), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .png()
    .toBuffer();
  const { data, info } = await sharp(tilted)
    .rotate(quarter)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('measureSkew', () => {
  it.each([2.5, 3.5, -4, 5, -6.5, 7.5])(
    'measures a page turned by %s degrees, to a tenth of a degree',
    async (degrees) => {
      expect(measureSkew(await turned(degrees), 128)).toBeCloseTo(degrees, 0.5);
    },
  );

  it('measures the same skew on a page that is also turned sideways', async () => {
    expect(measureSkew(await turned(4.5, 90), 128)).toBeCloseTo(4.5, 0.5);
  });

  it(`leaves a straight page, and one askew by less than ${MIN_CORRECTED_SKEW_DEGREES} degrees, as it is`, async () => {
    expect(measureSkew(await turned(0), 128)).toBe(0);
    expect(measureSkew(await turned(MIN_CORRECTED_SKEW_DEGREES / 2), 128)).toBe(0);
  });

  it('says nothing about a blank page', () => {
    expect(
      measureSkew({ data: new Uint8Array(WIDTH * HEIGHT).fill(250), width: WIDTH, height: HEIGHT }, 128),
    ).toBe(0);
  });
});

describe('evenLighting', () => {
  /** The text page under light falling from 250 at the top to 150 at the bottom, on a dark desk. */
  function photographed(): GrayImage {
    const page = textPage();
    const lit = new Uint8Array(WIDTH * (HEIGHT + 100));
    for (let y = 0; y < HEIGHT + 100; y += 1) {
      const light = 250 - (100 * y) / (HEIGHT + 100);
      for (let x = 0; x < WIDTH; x += 1) {
        // Below the sheet, the desk: no paper anywhere near.
        const value = y < HEIGHT ? (page[y * WIDTH + x] ?? 255) : 70;
        lit[y * WIDTH + x] = Math.round((value * light) / 255);
      }
    }
    return { data: lit, width: WIDTH, height: HEIGHT + 100 };
  }

  it('brings the paper to white all over and keeps the ink dark', async () => {
    const even = await evenLighting(photographed());
    const at = (x: number, y: number): number => even.data[y * WIDTH + x] ?? 0;
    // Paper between the lines, near the bright top and near the dim bottom.
    expect(at(300, 75)).toBeGreaterThan(235);
    expect(at(300, 645)).toBeGreaterThan(235);
    // Ink stays ink.
    expect(at(70, 62)).toBeLessThan(60);
    expect(at(70, 632)).toBeLessThan(60);
  });

  it('blanks the desk around the sheet', async () => {
    const even = await evenLighting(photographed());
    expect(even.data[(HEIGHT + 80) * WIDTH + 300]).toBe(255);
  });

  it('leaves an evenly lit page untouched', async () => {
    const page = { data: textPage(), width: WIDTH, height: HEIGHT };
    expect(await evenLighting(page)).toBe(page);
  });
});

describe('parseOrientation', () => {
  it("reads tesseract's orientation report", () => {
    const out = [
      'Page number: 0',
      'Orientation in degrees: 180',
      'Rotate: 180',
      'Orientation confidence: 12.42',
      'Script: Latin',
      'Script confidence: 3.18',
    ].join('\n');
    expect(parseOrientation(out)).toEqual({ rotate: 180, confidence: 12.42 });
  });

  it('gives nothing for a page it could not judge', () => {
    expect(parseOrientation('Too few characters. Skipping this page\n')).toBeUndefined();
  });
});
