import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { AppError } from '../../domain/errors.ts';
import { MAX_INPUT_PIXELS } from '../../extraction/ocr/page-image.ts';

/** A clockwise turn the rotate endpoint accepts. */
export type RotationDegrees = 90 | 180 | 270;

/** Why an image cannot be rotated; every reason is the file's, so the route answers 422, never 500. */
export type UnrotatableReason = 'undecodable' | 'multi_page' | 'unwritable_format' | 'too_large';

export class UnrotatableImageError extends AppError {
  readonly reason: UnrotatableReason;
  constructor(reason: UnrotatableReason, message: string, cause?: unknown) {
    super('unrotatable_image', message, { cause, details: { reason } });
    this.reason = reason;
  }
}

/**
 * The formats written back as they came. A rotation keeps the file's format, so its content type stays
 * true; anything else sharp can read (SVG, say) is refused rather than silently turned into a PNG.
 */
const WRITABLE_FORMATS: ReadonlySet<keyof FormatEnum> = new Set(['png', 'jpeg', 'tiff', 'webp', 'gif']);
/**
 * Pixels of the largest image turned: a 600 dpi A4 scan is 35 million. A turn decodes, turns and encodes
 * the whole image while the client waits, about 0.5 s for 40 million pixels of JPEG, PNG or TIFF here and
 * 2 s for the 100 million extraction reads, so larger images are refused rather than making a request
 * take seconds.
 */
export const MAX_ROTATION_PIXELS = 40_000_000;
/**
 * WebP and GIF encode several times slower (40 million pixels: 3.7 s of WebP at sharp's default effort,
 * 1.7 s of GIF), so they get half the pixels, and WebP a lower effort (same quality, larger file).
 */
export const MAX_SLOW_FORMAT_ROTATION_PIXELS = 20_000_000;
const SLOW_FORMATS: ReadonlySet<keyof FormatEnum> = new Set(['webp', 'gif']);
const WEBP_EFFORT = 2;
/** JPEG has no lossless rotation in sharp: each turn re-encodes once, at a quality where scans stay legible. */
const JPEG_QUALITY = 90;

const maxPixelsOf = (format: keyof FormatEnum): number =>
  Math.min(
    MAX_INPUT_PIXELS,
    SLOW_FORMATS.has(format) ? MAX_SLOW_FORMAT_ROTATION_PIXELS : MAX_ROTATION_PIXELS,
  );

const encode = (image: Sharp, format: keyof FormatEnum): Sharp => {
  if (format === 'jpeg') return image.jpeg({ quality: JPEG_QUALITY });
  if (format === 'webp') return image.webp({ effort: WEBP_EFFORT });
  return image.toFormat(format);
};

/**
 * The image at `input` (a file path or bytes) turned clockwise by `degrees`, in its own format. The EXIF
 * orientation is applied first and the tag dropped, so the turn is relative to the image as a viewer shows
 * it (sharp's `rotate(angle)` alone would turn the stored pixels and strip the tag, undoing the viewer's
 * orientation). The ICC profile is kept; other metadata is not.
 */
export async function rotateImage(input: string | Uint8Array, degrees: RotationDegrees): Promise<Buffer> {
  let format: keyof FormatEnum;
  let pixels: number;
  let size: string;
  try {
    // The header only, read without sharp's pixel limit so that a bomb is refused by its size, by name.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    // Each page of a TIFF or frame of a GIF would need turning on its own; only one is read here.
    if ((meta.pages ?? 1) > 1) {
      throw new UnrotatableImageError(
        'multi_page',
        `the image has ${meta.pages} pages; only single-page images can be rotated`,
      );
    }
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
    size = `${meta.width}x${meta.height}`;
  } catch (error) {
    if (error instanceof UnrotatableImageError) throw error;
    throw new UnrotatableImageError('undecodable', 'the file cannot be decoded as an image', error);
  }
  if (!WRITABLE_FORMATS.has(format)) {
    throw new UnrotatableImageError(
      'unwritable_format',
      `${format} images cannot be written back, so they are not rotated`,
    );
  }
  const limitInputPixels = maxPixelsOf(format);
  if (pixels > limitInputPixels) {
    throw new UnrotatableImageError(
      'too_large',
      `the image is ${size} pixels; ${format} images over ${limitInputPixels} pixels are not rotated`,
    );
  }
  const turned = sharp(input, { limitInputPixels }).autoOrient().rotate(degrees).keepIccProfile();
  try {
    return await encode(turned, format).toBuffer();
  } catch (error) {
    // The header read above; the pixel data after it may still be truncated or corrupt.
    throw new UnrotatableImageError('undecodable', 'the image data cannot be decoded', error);
  }
}
