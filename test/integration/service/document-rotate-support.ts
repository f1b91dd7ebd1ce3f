import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { actionAcceptedResponse, downloadUrlResponse } from '../../../src/contract/document.ts';
import type { Harness } from './service-harness.ts';

/** A landscape test image: white, with a red square in its top-left corner, so every turn is visible. */
export const WIDTH = 60;
export const HEIGHT = 30;
const MARK = 10;
/** Each image gets its own grey centre pixel: the service refuses the same bytes twice in an account. */
let made = 0;

export async function markedImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  made += 1;
  pixels.fill(made % 250, ((HEIGHT / 2) * WIDTH + WIDTH / 2) * 3, ((HEIGHT / 2) * WIDTH + WIDTH / 2 + 1) * 3);
  for (let y = 0; y < MARK; y += 1) {
    for (let x = 0; x < MARK; x += 1) {
      const at = (y * WIDTH + x) * 3;
      pixels[at + 1] = 0;
      pixels[at + 2] = 0;
    }
  }
  const image = sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

export type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';

/** Which corner holds the red mark (JPEG colours are approximate, so red is "mostly red"). */
export async function markedCorner(bytes: Uint8Array): Promise<Corner | undefined> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const inset = 3;
  const corners: Record<Corner, [number, number]> = {
    'top-left': [inset, inset],
    'top-right': [info.width - 1 - inset, inset],
    'bottom-right': [info.width - 1 - inset, info.height - 1 - inset],
    'bottom-left': [inset, info.height - 1 - inset],
  };
  const red = (Object.keys(corners) as Corner[]).filter((corner) => {
    const [x, y] = corners[corner];
    const at = (y * info.width + x) * info.channels;
    return (data[at] ?? 0) > 200 && (data[at + 1] ?? 255) < 80 && (data[at + 2] ?? 255) < 80;
  });
  return red.length === 1 ? red[0] : undefined;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export const rotate = (h: Harness, id: string, body: unknown): Promise<Response> =>
  h.api(`/v2/documents/${id}/rotate`, { method: 'POST', json: body });

export async function rotateOk(h: Harness, id: string, degrees: number): Promise<void> {
  const response = await rotate(h, id, { degrees });
  expect(response.status).toBe(202);
  expect(actionAcceptedResponse.parse(await response.json())).toEqual({ status: 'accepted' });
}

/** Follows the document's download_url as a client would; the bytes and the served content type. */
export async function download(h: Harness, id: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const link = await h.api(`/v2/documents/${id}/download_url`);
  expect(link.status).toBe(200);
  const { download_url: url } = downloadUrlResponse.parse(await link.json());
  const file = await fetch(url);
  expect(file.status).toBe(200);
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.headers.get('content-type') ?? '',
  };
}
