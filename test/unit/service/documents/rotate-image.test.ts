import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_SLOW_FORMAT_ROTATION_PIXELS,
  rotateImage,
  UnrotatableImageError,
} from '../../../../src/service/documents/rotate-image.ts';

const frame = (background: string) =>
  sharp({ create: { width: 8, height: 4, channels: 3, background } })
    .png()
    .toBuffer();

async function reasonOf(input: Uint8Array): Promise<string | undefined> {
  try {
    await rotateImage(input, 90);
    return undefined;
  } catch (error) {
    return error instanceof UnrotatableImageError ? error.reason : 'other';
  }
}

describe('rotateImage', () => {
  it('writes each writable format back as itself, turned', async () => {
    for (const format of ['png', 'jpeg', 'tiff', 'webp', 'gif'] as const) {
      const input = await sharp(await frame('#08f'))
        .toFormat(format)
        .toBuffer();
      const meta = await sharp(await rotateImage(input, 270)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 4, 8]);
    }
  });

  it(`refuses a WebP or GIF over MAX_SLOW_FORMAT_ROTATION_PIXELS (${MAX_SLOW_FORMAT_ROTATION_PIXELS}): they encode several times slower`, async () => {
    const width = 5_000;
    const height = Math.floor(MAX_SLOW_FORMAT_ROTATION_PIXELS / width) + 1;
    for (const format of ['webp', 'gif'] as const) {
      const input = await sharp({ create: { width, height, channels: 3, background: '#fff' } })
        .toFormat(format)
        .toBuffer();
      expect(await reasonOf(input), format).toBe('too_large');
    }
  });

  it('refuses an SVG, which sharp reads but cannot write back', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="8" height="4"/></svg>',
    );
    expect(await reasonOf(svg)).toBe('unwritable_format');
  });

  it('refuses an animated GIF: its frames would each need turning', async () => {
    const animated = await sharp([await frame('#f00'), await frame('#0f0')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    expect(await reasonOf(animated)).toBe('multi_page');
  });

  it('refuses bytes that are no image, and an image cut short', async () => {
    const png = await frame('#000');
    expect(await reasonOf(new TextEncoder().encode('plain text'))).toBe('undecodable');
    expect(await reasonOf(png.subarray(0, png.length - 20))).toBe('undecodable');
  });
});
