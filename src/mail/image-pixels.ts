/**
 * How many pixels an image declares, read from its first bytes: a PNG or JPEG of a few KB can declare
 * billions of pixels (a pixel bomb), which OCR would try to allocate.
 */

/** The pixel limit of sharp, which reads the images for OCR: past it the extraction fails anyway. */
export const MAX_IMAGE_PIXELS = 16_383 * 16_383;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Width times height as the header declares them, or undefined when `head` does not say. */
export function declaredPixels(mime: string, head: Buffer): number | undefined {
  const size = declaredSize(mime, head);
  return size === undefined ? undefined : size.width * size.height;
}

/** Width and height as the header declares them, or undefined when `head` does not say. */
export function declaredSize(mime: string, head: Buffer): ImageSize | undefined {
  if (mime === 'image/png') return pngSize(head);
  if (mime === 'image/jpeg') return jpegSize(head);
  return undefined;
}

function pngSize(head: Buffer): ImageSize | undefined {
  // Signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function jpegSize(head: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1] ?? 0;
    // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC), hold the dimensions.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
    }
    at += 2 + head.readUInt16BE(at + 2);
  }
  return undefined;
}
