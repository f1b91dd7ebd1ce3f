import sharp from 'sharp';
import type { GrayImage } from './skew.ts';

/**
 * Evens out the light on a photographed page. A phone photo of a sheet is bright where the lamp is and
 * dim in the far corner; one threshold for the whole page (tesseract's Otsu) then turns the dim paper
 * black and the bright ink white, and whole boxes of a form read as nothing. The paper's own level is
 * estimated per region (the brightest pixels nearby, as paper is the brightest thing on a page) and
 * each pixel is divided by it, so paper comes out white everywhere and ink keeps its contrast.
 */

/** The background is estimated on a grid this many times coarser than the page. */
const CELL = 24;
/** Neighbouring cells (each way) whose brightest level is taken as the paper's: wider than any glyph. */
const REACH = 2;
/** Paper levels across the page spreading less than this (of 255) are even light: left alone. */
const UNEVEN_SPREAD = 28;
/** A cell whose brightest pixel is under this share of the page's paper level lies off the sheet... */
const OFF_SHEET_SHARE = 0.72;
/**
 * ...unless it holds strokes: pixels this much darker than its brightest are ink, and ink lies on paper.
 * A hand's or a phone's shadow dims the paper as much as a desk is dim, but the text in it keeps its
 * contrast; a desk or floor, even a grained one, does not hold marks this dark against itself.
 */
const STROKE_SHARE = 0.45;
/** ...and the paper itself is still this bright under a shadow: a cell darker is desk, marks or not. */
const SHADOWED_PAPER_SHARE = 0.4;

export async function evenLighting(image: GrayImage): Promise<GrayImage> {
  const { data, width, height } = image;
  const columns = Math.max(1, Math.ceil(width / CELL));
  const rows = Math.max(1, Math.ceil(height / CELL));
  // The brightest level of each cell. A white speck makes a dim cell look lit; a speckled page then
  // reads as evenly lit and is left as it was, which costs nothing.
  const brightest = new Uint8Array(columns * rows);
  const darkest = new Uint8Array(columns * rows).fill(255);
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / CELL) * columns;
    for (let x = 0; x < width; x += 1) {
      const at = cellRow + Math.floor(x / CELL);
      const value = data[y * width + x] ?? 0;
      if (value > (brightest[at] ?? 0)) brightest[at] = value;
      if (value < (darkest[at] ?? 255)) darkest[at] = value;
    }
  }
  const paper = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      // A cell filled by a dark box or a photo's edge has no paper of its own: its neighbours say.
      let level = 0;
      for (let dy = -REACH; dy <= REACH; dy += 1) {
        for (let dx = -REACH; dx <= REACH; dx += 1) {
          const r = row + dy;
          const c = column + dx;
          if (r < 0 || c < 0 || r >= rows || c >= columns) continue;
          level = Math.max(level, brightest[r * columns + c] ?? 0);
        }
      }
      paper[row * columns + column] = level;
    }
  }
  const sorted = [...paper].sort((a, b) => a - b);
  const low = sorted[Math.floor(sorted.length * 0.1)] ?? 255;
  const high = sorted[Math.floor(sorted.length * 0.9)] ?? 255;
  if (high - low < UNEVEN_SPREAD) return image;
  // Paper in a shadow holding text: its own light is its paper level, not the bright paper beside it,
  // or its text would come out on gray, which tesseract takes for a picture.
  const offSheet = high * OFF_SHEET_SHARE;
  const shadowed = (cell: number): boolean => {
    const top = brightest[cell] ?? 255;
    return (
      top < offSheet && top >= high * SHADOWED_PAPER_SHARE && (darkest[cell] ?? 255) <= top * STROKE_SHARE
    );
  };
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      if (!shadowed(row * columns + column)) continue;
      let level = 0;
      for (let dy = -REACH; dy <= REACH; dy += 1) {
        for (let dx = -REACH; dx <= REACH; dx += 1) {
          const r = row + dy;
          const c = column + dx;
          if (r < 0 || c < 0 || r >= rows || c >= columns || !shadowed(r * columns + c)) continue;
          level = Math.max(level, brightest[r * columns + c] ?? 0);
        }
      }
      paper[row * columns + column] = level;
    }
  }
  // Smooth the coarse paper map back up to the page's size, so no cell edge shows.
  const smooth = await sharp(Buffer.from(paper), { raw: { width: columns, height: rows, channels: 1 } })
    .blur(1)
    .resize(width, height, { kernel: 'cubic' })
    // sharp hands a one-channel raw image back as three channels after a blur.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 1) {
    const background = Math.max(smooth[i] ?? 255, 1);
    out[i] = Math.min(255, Math.round(((data[i] ?? 0) * 255) / background));
  }
  // A cell with no pixel near the paper's level holds no paper: the desk or floor around the sheet in a
  // photo. Left dark and mottled, tesseract takes the page for a picture and reads nothing on it.
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const cell = row * columns + column;
      if ((brightest[cell] ?? 255) >= offSheet || shadowed(cell)) continue;
      for (let y = row * CELL; y < Math.min(height, (row + 1) * CELL); y += 1)
        out.fill(255, y * width + column * CELL, y * width + Math.min(width, (column + 1) * CELL));
    }
  }
  return { data: out, width, height };
}
