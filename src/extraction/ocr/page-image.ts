import sharp, { type Sharp } from 'sharp';
import { ExtractionError } from '../extraction-error.ts';
import { evenLighting } from './lighting.ts';
import { type GrayImage, measureSkew } from './skew.ts';
import { clearStreaks } from './streaks.ts';

/** A page ready for OCR: an 8-bit grayscale PNG. */
export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
}

/** Images above this many pixels are refused before decoding (a decompression bomb, not a scan). */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Pages are scaled down to at most this many pixels: a 600 dpi A4 page, more than OCR needs. */
export const MAX_PAGE_PIXELS = 35_000_000;
/** Narrower pages are scaled up to this width (at most 3 times): tesseract wants text 20 px or more tall. */
const MIN_OCR_WIDTH = 2400;
const MAX_UPSCALE = 3;
/** Share of a page's pixels taken as the ink level; a sparse page has about 1 % of text pixels. */
const INK_SHARE = 0.002;
/** Ink and paper closer than this (of 255) read poorly: the page is stretched to full contrast. */
const WASHED_OUT_CONTRAST = 160;

/**
 * The pages of a PNG, JPEG or TIFF (every page of a multi-page TIFF, up to `maxPages`), upright as
 * their EXIF orientation says, gray, at a size tesseract reads well.
 */
export async function imagePages(
  bytes: Uint8Array,
  maxPages: number,
): Promise<{ pages: PageImage[]; pageCount: number }> {
  let pageCount: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    pageCount = meta.pages ?? 1;
  } catch (error) {
    throw decodeError(error);
  }
  const pages: PageImage[] = [];
  for (let page = 0; page < Math.min(pageCount, maxPages); page += 1) {
    pages.push(await prepare(sharp(bytes, { page, limitInputPixels: MAX_INPUT_PIXELS }).rotate()));
  }
  return { pages, pageCount };
}

/** An image decoded from a PDF page: 1, 3 or 4 channels of 8 bits. */
export function rawPageImage(
  data: Uint8Array,
  width: number,
  height: number,
  channels: 1 | 3 | 4,
): Promise<PageImage> {
  if (width * height > MAX_INPUT_PIXELS) {
    return Promise.reject(
      new ExtractionError(
        'file_too_large',
        `a page image is ${width}x${height} pixels, over ${MAX_INPUT_PIXELS}`,
      ),
    );
  }
  return prepare(sharp(data, { raw: { width, height, channels } }));
}

/** A page rendered to an encoded image (PNG) elsewhere. */
export const encodedPageImage = (bytes: Uint8Array): Promise<PageImage> =>
  prepare(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }));

export async function rotatePage(image: PageImage, degrees: number): Promise<PageImage> {
  const { data, info } = await sharp(image.png)
    .rotate(degrees)
    .png({ compressionLevel: 1 })
    .withMetadata({ density: 300 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

async function prepare(input: Sharp): Promise<PageImage> {
  try {
    // Set apart before the gray pipeline is set on `input`: a clone takes the pipeline with it.
    const colour = input.clone();
    // Decode once (orientation applied) to learn the real size, then scale from the raw pixels.
    const { data, info } = await input
      .flatten({ background: '#ffffff' })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grayPage = grayOf(data, info.width, info.height, info.channels);
    if (((await colour.metadata()).channels ?? 1) >= 3) await dropRedInk(colour, grayPage);
    const gray = await evenLighting(grayPage);
    const pixels = gray.width * gray.height;
    let scale = 1;
    if (pixels > MAX_PAGE_PIXELS) scale = Math.sqrt(MAX_PAGE_PIXELS / pixels);
    // The page's width is the image's shorter side: a photo of a page taken sideways is landscape.
    else if (Math.min(gray.width, gray.height) < MIN_OCR_WIDTH)
      scale = Math.min(MAX_UPSCALE, MIN_OCR_WIDTH / Math.min(gray.width, gray.height));
    const { ink, paper } = inkAndPaper(gray.data, 1);
    const skew = await pageSkew(gray, ink, paper);
    // Only a washed-out page (a photo in warm or dim light) is stretched, from its own ink and paper levels.
    const stretched = paper - ink < WASHED_OUT_CONTRAST;
    if (stretched) stretch(gray.data, ink, paper);
    clearStreaks(gray, stretched ? 128 : Math.round((ink + paper) / 2));
    let image = sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } });
    let [width, height] = [gray.width, gray.height];
    if (skew !== 0) {
      const straightened = await image
        .rotate(-skew, { background: '#ffffff' })
        // A colour background would make the page three channels again.
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      [width, height] = [straightened.info.width, straightened.info.height];
      image = sharp(straightened.data, { raw: { width, height, channels: 1 } });
    }
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    if (scale !== 1) image = image.resize(width, height, { kernel: scale > 1 ? 'cubic' : 'lanczos3' });
    // A nominal 300 dpi: the PNG carries no resolution otherwise, and tesseract warns and guesses.
    const png = await image.png({ compressionLevel: 1 }).withMetadata({ density: 300 }).toBuffer();
    return { png, width, height };
  } catch (error) {
    throw decodeError(error);
  }
}

/**
 * A red or pink rubber stamp ("RELEASED", "PAID") over a field reads as black in gray and hides the
 * value under it. Ink far redder than it is green or blue is stamp ink: it takes its red channel's
 * lightness, as a scanner's colour dropout does; black print under it stays black.
 */
const RED_INK_MARGIN = 70;

/** The colour page is first looked at this small (cheap to decode): most colour scans hold no red ink. */
const RED_INK_PREVIEW = 256;

const hasRedInk = (data: Buffer, channels: number): boolean => {
  for (let at = 0; at + 2 < data.length; at += channels)
    if ((data[at] ?? 0) - Math.max(data[at + 1] ?? 0, data[at + 2] ?? 0) >= RED_INK_MARGIN) return true;
  return false;
};

async function dropRedInk(input: Sharp, gray: GrayImage): Promise<void> {
  const preview = await input
    .clone()
    .flatten({ background: '#ffffff' })
    .resize(RED_INK_PREVIEW, RED_INK_PREVIEW, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (preview.info.channels < 3 || !hasRedInk(preview.data, preview.info.channels)) return;
  const { data, info } = await input
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels < 3 || info.width !== gray.width || info.height !== gray.height) return;
  for (let i = 0; i < gray.data.length; i += 1) {
    const at = i * info.channels;
    const red = data[at] ?? 0;
    if (red - Math.max(data[at + 1] ?? 0, data[at + 2] ?? 0) >= RED_INK_MARGIN)
      gray.data[i] = Math.max(gray.data[i] ?? 0, red);
  }
}

function stretch(data: Uint8Array, ink: number, paper: number): void {
  const gain = 255 / Math.max(paper - ink, 1);
  for (let i = 0; i < data.length; i += 1)
    data[i] = Math.max(0, Math.min(255, Math.round(((data[i] ?? 0) - ink) * gain)));
}

function grayOf(data: Buffer, width: number, height: number, channels: number): GrayImage {
  // sharp's buffer is this call's own: it is changed in place, not copied (pages run to 100 megapixels).
  if (channels === 1) return { data, width, height };
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i += 1) gray[i] = data[i * channels] ?? 255;
  return { data: gray, width, height };
}

/** Skew is measured on a copy this wide at most: lines stay a few pixels tall, the count stays small. */
const SKEW_MEASURE_WIDTH = 1000;
/**
 * Pixels darker than this share of the way from ink to paper count as ink when measuring skew: halfway
 * takes in the mottle of a photo's paper, which drowns the lines.
 */
const SKEW_INK_SHARE = 0.35;

async function pageSkew(gray: GrayImage, ink: number, paper: number): Promise<number> {
  const factor = Math.min(1, SKEW_MEASURE_WIDTH / Math.max(gray.width, gray.height));
  const small = await sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } })
    .resize(Math.max(1, Math.round(gray.width * factor)), Math.max(1, Math.round(gray.height * factor)))
    // sharp hands a one-channel raw image back as three channels after a resize.
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measureSkew(
    { data: small.data, width: small.info.width, height: small.info.height },
    Math.round(ink + (paper - ink) * SKEW_INK_SHARE),
  );
}

/**
 * Ink and paper levels of a gray page: the darkest 0.2 % of pixels and the median. A page is mostly
 * paper and its text covers a few percent at most, so a stretch by fixed percentiles (sharp's normalise,
 * 1 % and 99 %) takes light gray for ink and turns the anti-aliasing and JPEG ringing around every letter
 * black: tesseract then reads nothing at all.
 */
function inkAndPaper(data: Uint8Array, channels: number): { ink: number; paper: number } {
  const histogram = new Array<number>(256).fill(0);
  let count = 0;
  for (let i = 0; i < data.length; i += channels) {
    histogram[data[i] ?? 255] = (histogram[data[i] ?? 255] ?? 0) + 1;
    count += 1;
  }
  const level = (share: number): number => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value] ?? 0;
      if (seen >= count * share) return value;
    }
    return 255;
  };
  return { ink: level(INK_SHARE), paper: level(0.5) };
}

function decodeError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ExtractionError('file_too_large', `the image is over ${MAX_INPUT_PIXELS} pixels`, {
      cause: error,
    });
  }
  return new ExtractionError('unreadable', `the image could not be decoded: ${message}`, { cause: error });
}
