import { type PageImage, rawPageImage } from '../ocr/page-image.ts';

/**
 * What a PDF page draws besides text, read from pdf.js's operator list: the images that may be a scan of
 * the page, and how much path data it holds (words turned into outlines). Only pages that want OCR are
 * looked at.
 */

/** A page's operators and their arguments, as pdf.js lists them. */
export interface OperatorList {
  readonly fnArray: number[];
  readonly argsArray: unknown[][];
}

type ObjectStore = { get(key: string, callback: (value: unknown) => void): void };

/** Where pdf.js keeps a page's decoded images: its own, and those shared by the document (`g_` keys). */
export interface DrawnObjects {
  readonly objs: ObjectStore;
  readonly commonObjs: ObjectStore;
}

/** The operator codes of pdf.js (its `OPS`) that paint an image or a stencil mask. */
export interface ImageOps {
  readonly paintImageXObject: number;
  readonly paintImageMaskXObject: number;
}

/** Smaller images are logos and stamps, not a scanned page. */
const MIN_SCAN_PIXELS = 250_000;
/** Smaller images are logos and stamps; larger ones may be one strip or tile of a scan stored in pieces. */
const MIN_STRIP_PIXELS = 40_000;

// pdf.js imagekind: 1 bit gray (rows padded to a byte, 1 is white), 8 bit RGB, 8 bit RGBA.
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * The largest image drawn on the page, decoded by pdf.js, when it is big enough to be a scan; and how
 * many distinct images or stencil masks of a strip's size or more, together a scan's size, the page is
 * drawn from.
 */
export async function scanImages(
  page: DrawnObjects,
  operators: OperatorList,
  ops: ImageOps,
): Promise<{ largest: PageImage | undefined; pieces: number }> {
  let best: { data: Uint8Array; width: number; height: number; kind: number } | undefined;
  const seen = new Set<string>();
  let pieces = 0;
  let piecePixels = 0;
  const addPiece = (pixels: number): void => {
    if (pixels < MIN_STRIP_PIXELS) return;
    pieces += 1;
    piecePixels += pixels;
  };
  for (const [index, fn] of operators.fnArray.entries()) {
    if (fn === ops.paintImageMaskXObject) {
      // A stencil mask is painted in the fill colour; pdf.js gives its size beside the data's key.
      const { width, height } = (operators.argsArray[index]?.[0] ?? {}) as {
        width?: unknown;
        height?: unknown;
      };
      if (typeof width === 'number' && typeof height === 'number') addPiece(width * height);
      continue;
    }
    if (fn !== ops.paintImageXObject) continue;
    const key = operators.argsArray[index]?.[0];
    if (typeof key !== 'string' || seen.has(key)) continue;
    seen.add(key);
    const objects = key.startsWith('g_') ? page.commonObjs : page.objs;
    const image = asDecodedImage(await new Promise<unknown>((resolve) => objects.get(key, resolve)));
    if (image === undefined) continue;
    addPiece(image.width * image.height);
    if (best === undefined || image.width * image.height > best.width * best.height) best = image;
  }
  const scanPieces = piecePixels >= MIN_SCAN_PIXELS ? pieces : 0;
  if (best === undefined || best.width * best.height < MIN_SCAN_PIXELS) {
    return { largest: undefined, pieces: scanPieces };
  }
  const { data, width, height, kind } = best;
  const largest =
    kind === GRAYSCALE_1BPP
      ? await rawPageImage(unpackBits(data, width, height), width, height, 1)
      : kind === RGB_24BPP
        ? await rawPageImage(data, width, height, 3)
        : kind === RGBA_32BPP
          ? await rawPageImage(data, width, height, 4)
          : undefined;
  return { largest, pieces: scanPieces };
}

/**
 * How many numbers the page's paths hold (coordinates and segment codes, however this pdf.js version
 * packs them): table rules and boxes take a few hundred, a page of words turned into glyph outlines
 * thousands.
 */
export function pathNumbers(operators: OperatorList, constructPath: number): number {
  const count = (value: unknown, depth: number): number => {
    if (ArrayBuffer.isView(value)) return (value as unknown as ArrayLike<unknown>).length;
    if (Array.isArray(value) && depth < 3)
      return value.reduce<number>((sum, v) => sum + count(v, depth + 1), 0);
    return 0;
  };
  let numbers = 0;
  for (const [index, fn] of operators.fnArray.entries()) {
    if (fn === constructPath) numbers += count(operators.argsArray[index], 0);
  }
  return numbers;
}

/** pdf.js gives `Uint8Array` pixels for some images and `Uint8ClampedArray` for others (JPEG). */
function asDecodedImage(
  value: unknown,
): { data: Uint8Array; width: number; height: number; kind: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { data, width, height, kind } = value as Record<string, unknown>;
  if (!(data instanceof Uint8Array || data instanceof Uint8ClampedArray)) return undefined;
  if (typeof width !== 'number' || typeof height !== 'number' || typeof kind !== 'number') return undefined;
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height, kind };
}

function unpackBits(packed: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const bit = ((packed[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      gray[y * width + x] = bit === 1 ? 255 : 0;
    }
  }
  return gray;
}
