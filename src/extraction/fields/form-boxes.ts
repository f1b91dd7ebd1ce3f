import type { TextCell, TextLine } from '../pdf/layout-lines.ts';
import { isHeadingRow, isLabel } from './label-cells.ts';

/**
 * Where a form puts a box's value when its label is not above-left of it: typed over a caption printed
 * under it (on a line, or in a box whose label sits in its bottom corner), or below a label set flush
 * right in the box's top-right corner.
 */

// A caption printed under its value (the filled blank of a pre-printed form) sits just under it: the
// value's descent, the rule and the caption's own height, about 1.3 of the value's ems between baselines.
// A box title under the last line of the box above it is further down (box padding), 1.4 em and more.
const MAX_CAPTION_GAP_EM = 1.35;
// A caption is set well under the size of the value it names: a section title over a smaller table
// heading is not the heading's value.
const CAPTION_PRINT_RATIO = 0.8;
// ...and clearly nearer to the value above than to the text below: a box title midway is the box's.
const CAPTION_NEARER = 1.3;
// A box on a form whose labels stand under their values is a few lines deep at most: the label at its
// foot names the block at its top.
const MAX_BOX_DEPTH_EM = 4.5;
// A label "near" text above or below it: a caption's value sits just over it, a box title's just under.
const NEAR_EM = 1.8;
// Labels needed to tell a page's convention, and how many times as many must point up as down.
const MIN_CAPTIONS = 3;
const CAPTION_MAJORITY = 3;
// A box title is printed smaller than its box's value (on OCR, whose sizes are rough, only smaller).
const BOX_TITLE_PRINT_RATIO = 0.85;

/**
 * The value over a caption: a label set smaller than the text just above it, nearer to that text than to
 * anything below, as on forms where the value is typed on a line with its caption printed underneath.
 * Box titles, whose value is below them, are nearer to the value below and are left alone, unless the
 * page's labels stand under their values throughout (`captionsUnderValues`); OCR's glyph heights vary too
 * much to tell the two prints apart.
 */
export function captionedValue(
  lines: readonly TextLine[],
  lineIndex: number,
  labelCell: TextCell,
): TextCell | undefined {
  const line = lines[lineIndex];
  if (line === undefined || line.source === 'ocr') return undefined;
  const over = (other: TextLine): TextCell | undefined =>
    other.cells.find((cell) => cell.x < labelCell.xEnd && cell.xEnd > labelCell.x - 2);
  // The nearest line up or down with text over or under the label; lines of other columns are skipped.
  const nearest = (step: 1 | -1): { index: number; cell: TextCell } | undefined => {
    for (let i = lineIndex + step; i >= 0 && i < lines.length; i += step) {
      const other = lines[i];
      if (other === undefined || other.page !== line.page) return undefined;
      const cell = over(other);
      if (cell !== undefined) return { index: i, cell };
    }
    return undefined;
  };
  const above = nearest(-1);
  const aboveLine = above === undefined ? undefined : lines[above.index];
  if (above === undefined || aboveLine === undefined || isLabel(above.cell.text)) return undefined;
  let value = above.cell;
  if (labelCell.fontSize >= value.fontSize * CAPTION_PRINT_RATIO) return undefined;
  const gapAbove = aboveLine.y - line.y;
  // On a form whose labels all stand under their values, the label at the foot of a tall box names the
  // block at the box's top, however far up, and a box below is the next label's.
  const underValues = captionsUnderValues(lines, line.page);
  if (gapAbove > value.fontSize * (underValues ? MAX_BOX_DEPTH_EM : MAX_CAPTION_GAP_EM)) return undefined;
  const below = nearest(1);
  const belowLine = below === undefined ? undefined : lines[below.index];
  if (!underValues && belowLine !== undefined && line.y - belowLine.y <= gapAbove * CAPTION_NEARER)
    return undefined;
  // A table's header row under a section title has its values below: a row of captions has values
  // over two of them at least.
  const captionsWithValues = line.cells.filter((cell) =>
    aboveLine.cells.some((v) => v.x < cell.xEnd && v.xEnd > cell.x - 2),
  ).length;
  if (isHeadingRow(line) && captionsWithValues < 2) return undefined;
  // A value of several lines (a name over its address): the caption names the block, whose first line
  // is the value.
  let lower = aboveLine;
  for (let i = above.index - 1; i >= 0; i -= 1) {
    const higher = lines[i];
    if (higher === undefined || higher.page !== line.page) break;
    const cell = over(higher);
    if (cell === undefined) continue;
    const sameBlock =
      Math.abs(cell.fontSize - value.fontSize) < 0.5 &&
      Math.abs(cell.x - value.x) < 2 &&
      higher.y - lower.y <= value.fontSize * MAX_CAPTION_GAP_EM &&
      !isLabel(cell.text);
    if (!sameBlock) break;
    value = cell;
    lower = higher;
  }
  return value;
}

const conventions = new WeakMap<readonly TextLine[], Map<number, boolean>>();

/**
 * Whether the labels of a page stand under their values: of its labels in small print, clearly more have
 * larger text just above them than just below. A form of box titles over values votes the other way
 * (the title is nearer its value than the box above); a page of few labels keeps the usual reading.
 */
export function captionsUnderValues(lines: readonly TextLine[], page: number): boolean {
  let byPage = conventions.get(lines);
  if (byPage === undefined) {
    byPage = new Map();
    conventions.set(lines, byPage);
  }
  const known = byPage.get(page);
  if (known !== undefined) return known;
  let up = 0;
  let down = 0;
  const onPage = lines.filter((line) => line.page === page && line.source !== 'ocr');
  for (const [index, line] of onPage.entries()) {
    for (const cell of line.cells) {
      // The nearest text over or under the cell when it is in larger print close by, else undefined.
      const near = (step: 1 | -1): TextCell | undefined => {
        for (let i = index + step; i >= 0 && i < onPage.length; i += step) {
          const other = onPage[i];
          if (other === undefined) return undefined;
          const over = other.cells.find((c) => c.x < cell.xEnd && c.xEnd > cell.x - 2);
          if (over === undefined) continue;
          const close =
            cell.fontSize < over.fontSize * BOX_TITLE_PRINT_RATIO &&
            Math.abs(other.y - line.y) <= over.fontSize * NEAR_EM;
          return close ? over : undefined;
        }
        return undefined;
      };
      // Sizes first, the label patterns only then: most cells of a page are in one print.
      const [above, below] = [near(-1), near(1)];
      if ((above === undefined) === (below === undefined) || !isLabel(cell.text)) continue;
      const value = above ?? below;
      if (value === undefined || isLabel(value.text)) continue;
      if (above !== undefined) up += 1;
      else down += 1;
    }
  }
  const under = up >= MIN_CAPTIONS && up >= down * CAPTION_MAJORITY;
  byPage.set(page, under);
  return under;
}

/**
 * The value under a label set flush right in the top-right corner of its box ("SHIPPER" at the box's
 * right edge, the name below at its left): the nearest cell in larger print on the next line or two,
 * lying between the label's left neighbour and the label's right end, the one nearest the label. A line
 * closer than the value's own height is another box's line running past, not this box's value. On OCR
 * the print sizes are rough, but a corner label's small capitals still measure well under its value's.
 */
export function cornerValue(
  lines: readonly TextLine[],
  lineIndex: number,
  label: TextCell,
  maxLinesBelow: number,
): TextCell | undefined {
  const line = lines[lineIndex];
  if (line === undefined) return undefined;
  const left = line.cells.filter((c) => c.xEnd <= label.x).at(-1)?.xEnd ?? Number.NEGATIVE_INFINITY;
  for (let i = lineIndex + 1; i <= lineIndex + maxLinesBelow && i < lines.length; i += 1) {
    const next = lines[i];
    if (next === undefined || next.page !== line.page) return undefined;
    // Text under the label itself is the usual reading's business (`cellBelow`), not a corner's.
    if (next.cells.some((c) => c.x < label.xEnd && c.xEnd > label.x - 2)) return undefined;
    const inBox = next.cells.filter((c) => c.x > left && c.xEnd <= label.xEnd + 2).at(-1);
    if (inBox === undefined) continue;
    if (line.y - next.y < inBox.fontSize * 0.9) continue;
    const ratio = line.source === 'ocr' ? 1 : BOX_TITLE_PRINT_RATIO;
    if (isLabel(inBox.text) || label.fontSize >= inBox.fontSize * ratio) return undefined;
    return inBox;
  }
  return undefined;
}
