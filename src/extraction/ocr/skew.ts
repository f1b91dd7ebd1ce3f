/**
 * The skew of a scanned or photographed page, from the projection profile of its ink: sheared by the
 * right angle, the ink of each text line falls into a few rows (or columns, for a page turned sideways)
 * and the profile is at its sharpest. Read slightly askew, tesseract merges neighbouring lines of a
 * two-column form into one ("ARRIVNoticeALdate:NOTICE"); the page is straightened before it is read.
 */

/** Skews up to this many degrees either way are measured; a larger one is a page turned, not skewed. */
export const MAX_SKEW_DEGREES = 8;
/**
 * Below this the page is read as it is: tesseract copes with up to about 3 degrees itself, and a page
 * straightened from 1 or 2 degrees lost its bold title (tesseract no longer found it) in two scans.
 */
export const MIN_CORRECTED_SKEW_DEGREES = 2;
// Coarse steps first, then fine steps around the best coarse angle.
const COARSE_STEP = 0.25;
const FINE_STEP = 0.05;
// The sharpest profile must beat the unsheared one by this much: on a page of a few words, or a blank
// one, the measure wanders and the page is left as it is.
const MIN_GAIN = 1.08;
/** Fewer ink pixels than this (at the measuring size) say nothing about lines. */
const MIN_INK_PIXELS = 400;

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The angle in degrees by which the page's lines are turned clockwise (rotate the image by minus this
 * to straighten it), or 0 when the page is straight, too sparse to tell, or askew by less than
 * MIN_CORRECTED_SKEW_DEGREES. `ink` is the gray level at or below which a pixel counts as ink.
 */
export function measureSkew(image: GrayImage, ink: number): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const { data, width, height } = image;
  const isInk = (x: number, y: number): boolean => x >= 0 && y >= 0 && (data[y * width + x] ?? 255) <= ink;
  // Only the edges of ink count: the strokes of letters and rules, and the outline of a dark area (a
  // photo's table top beyond the sheet) rather than its whole mass, which would outweigh the text.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (isInk(x, y) && !(isInk(x - 1, y) && isInk(x, y - 1) && isInk(x + 1, y) && isInk(x, y + 1))) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < MIN_INK_PIXELS) return 0;
  const span = width + height;
  const rows = new Float64Array(span * 2);
  const sharpness = (degrees: number, byColumns: boolean): number => {
    rows.fill(0);
    const slope = Math.tan((degrees * Math.PI) / 180);
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i] ?? 0;
      const y = ys[i] ?? 0;
      // Lines turned clockwise by `degrees` run down to the right: y - x·tan is constant along one.
      const at = byColumns ? x + y * slope : y - x * slope;
      const bin = Math.round(at) + span;
      rows[bin] = (rows[bin] ?? 0) + 1;
    }
    let sum = 0;
    for (const count of rows) sum += count * count;
    return sum;
  };
  let best = { degrees: 0, gain: 1 };
  for (const byColumns of [false, true]) {
    const straight = sharpness(0, byColumns);
    if (straight === 0) continue;
    const search = (from: number, to: number, step: number): void => {
      for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
        const gain = sharpness(degrees, byColumns) / straight;
        if (gain > best.gain) best = { degrees, gain };
      }
    };
    const before = best;
    search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP);
    if (best !== before) search(best.degrees - COARSE_STEP, best.degrees + COARSE_STEP, FINE_STEP);
  }
  if (best.gain < MIN_GAIN || Math.abs(best.degrees) < MIN_CORRECTED_SKEW_DEGREES) return 0;
  return Math.round(best.degrees * 100) / 100;
}
