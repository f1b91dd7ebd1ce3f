import type { GrayImage } from './skew.ts';

/**
 * Clears the thin dark streaks a fax or a dirty scanner drum draws across a page. A streak runs from
 * edge to edge, margins included, a pixel or a few tall; text and a form's rules stop at the margins,
 * and a text line leaves gaps between and within its letters. Tesseract reads a streak through a line of
 * text as strokes of the letters and loses the line. Each streak pixel takes the lighter of the pixels
 * just above and below the streak, so a letter's stroke that crosses it stays whole.
 */

/** A streak darkens at least this share of its row... */
const STREAK_SHARE = 0.5;
/** ...spread over the whole width: this share of every one of SEGMENTS stretches, bar one. */
const SEGMENT_SHARE = 0.3;
const SEGMENTS = 20;
/** Runs of streak rows taller than this are a dark band (a heading bar, a photo's edge): left alone. */
const MAX_STREAK_ROWS = 4;

/** Clears streaks in place; `dark` is the level under which a pixel counts as ink. Returns how many rows. */
export function clearStreaks(image: GrayImage, dark: number): number {
  const { data, width, height } = image;
  const streak = new Uint8Array(height);
  for (let y = 0; y < height; y += 1) {
    let count = 0;
    let segmentsDark = 0;
    const row = y * width;
    for (let segment = 0; segment < SEGMENTS; segment += 1) {
      const from = Math.floor((segment * width) / SEGMENTS);
      const to = Math.floor(((segment + 1) * width) / SEGMENTS);
      let inSegment = 0;
      for (let x = from; x < to; x += 1) if ((data[row + x] ?? 255) < dark) inSegment += 1;
      count += inSegment;
      if (inSegment >= (to - from) * SEGMENT_SHARE) segmentsDark += 1;
    }
    streak[y] = count >= width * STREAK_SHARE && segmentsDark >= SEGMENTS - 1 ? 1 : 0;
  }
  let cleared = 0;
  for (let y = 0; y < height; ) {
    if (streak[y] !== 1) {
      y += 1;
      continue;
    }
    let end = y;
    while (end + 1 < height && streak[end + 1] === 1) end += 1;
    const rows = end - y + 1;
    const above = y - 1;
    const below = end + 1;
    if (rows <= MAX_STREAK_ROWS && above >= 0 && below < height) {
      for (let x = 0; x < width; x += 1) {
        const fill = Math.max(data[above * width + x] ?? 255, data[below * width + x] ?? 255);
        for (let r = y; r <= end; r += 1) data[r * width + x] = fill;
      }
      cleared += rows;
    }
    y = end + 1;
  }
  return cleared;
}
