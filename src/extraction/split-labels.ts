import { isFieldLabel } from './fields/label-patterns.ts';
import { CELL_SEPARATOR, type TextCell, type TextLine } from './pdf/layout-lines.ts';

/**
 * Joins a label that a narrow label column broke over two lines ("Port of" over "Discharge", "Waybill"
 * over "Number", "ESTIMATED" over "ARRIVAL"). Two arrangements are common: the value beside the label's
 * first line with nothing beside its second, or the label's first line alone with the value beside its
 * second. The two parts are joined when they start at the same x in the same print, together read as a
 * whole field label, and neither side of the break is a whole label on its own when both are (a column
 * of labels, "Vessel" over "Voyage", is no broken label).
 */

// The next line's baseline must be within this many ems: a broken label keeps its leading.
const MAX_LINE_STEP_EM = 1.6;
// Left edges closer than this are one column.
const ALIGN_EM = 0.5;
// A label's second line is a word or two.
const MAX_TAIL_CHARS = 24;

export function joinSplitLabels(lines: readonly TextLine[]): TextLine[] {
  const cells = lines.map((line) => line.cells.map((cell) => ({ ...cell })));
  const removed = new Set<string>();
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const line = lines[index];
    const next = lines[index + 1];
    if (line === undefined || next === undefined || line.page !== next.page) continue;
    const lineCells = cells[index] ?? [];
    const nextCells = cells[index + 1] ?? [];
    lineCells.forEach((head, headIndex) => {
      if (removed.has(`${index}:${headIndex}`)) return;
      const em = Math.max(head.fontSize, 1);
      if (line.y - next.y > em * MAX_LINE_STEP_EM) return;
      const tailIndex = nextCells.findIndex(
        (cell, i) =>
          !removed.has(`${index + 1}:${i}`) &&
          Math.abs(cell.x - head.x) <= em * ALIGN_EM &&
          // OCR's print sizes are estimates from word boxes: only the text layer's are compared.
          (next.source === 'ocr' || Math.abs(cell.fontSize - head.fontSize) <= em * 0.15),
      );
      const tail = nextCells[tailIndex];
      if (tail === undefined || !brokenLabel(head.text, tail.text)) return;
      const value = lineCells[headIndex + 1];
      const valueBelow = nextCells[tailIndex + 1];
      if (value !== undefined && !isFieldLabel(value.text) && !occupies(valueBelow, value)) {
        // The value beside the first line: the second line's words go up into the label.
        head.text = `${head.text} ${tail.text}`;
        head.xEnd = Math.max(head.xEnd, tail.xEnd);
        removed.add(`${index + 1}:${tailIndex}`);
      } else if (
        valueBelow !== undefined &&
        !isFieldLabel(valueBelow.text) &&
        (value === undefined || value.x >= valueBelow.xEnd)
      ) {
        // The first line alone: it comes down to the line with the value.
        tail.text = `${head.text} ${tail.text}`;
        tail.x = Math.min(head.x, tail.x);
        removed.add(`${index}:${headIndex}`);
      }
    });
  }
  if (removed.size === 0) return [...lines];
  const joined: TextLine[] = [];
  lines.forEach((line, lineIndex) => {
    const kept = (cells[lineIndex] ?? []).filter((_, cellIndex) => !removed.has(`${lineIndex}:${cellIndex}`));
    if (kept.length === 0) return;
    joined.push({ ...line, cells: kept, text: kept.map((cell) => cell.text).join(CELL_SEPARATOR) });
  });
  return joined;
}

/** Two lines that are one label: together a whole label, apart not two whole labels. */
function brokenLabel(head: string, tail: string): boolean {
  const first = head.trim();
  const second = tail.trim();
  if (second.length === 0 || second.length > MAX_TAIL_CHARS || /\d/.test(second) || /\d/.test(first))
    return false;
  if (!isFieldLabel(`${first} ${second}`)) return false;
  return !(isFieldLabel(first) && isFieldLabel(second));
}

/** Whether `cell` (on the line below) stands in the column of `value`. */
function occupies(cell: TextCell | undefined, value: TextCell): boolean {
  return cell !== undefined && cell.x < value.xEnd && cell.xEnd > value.x;
}

// OCR: label words further apart than this (in ems of the line) are not one label.
const MAX_OCR_WORD_GAP_EM = 1.2;
// OCR: at most this many word boxes make one label ("PORT" "OF" "DISCHARGE" "NO.").
const MAX_OCR_LABEL_PIECES = 4;

/**
 * OCR splits a label in small print into word boxes far enough apart to read as cells ("PORT" "OF"
 * "LOADING"), or breaks a word in two ("CONS IGNEE"). Pieces that together are a whole field label, and
 * are not each a whole label (a header row's "VESSEL" "VOYAGE"), are joined into one cell.
 */
export function joinOcrLabelPieces(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    if (line.source !== 'ocr') return line;
    const cells: TextCell[] = [];
    for (let i = 0; i < line.cells.length; i += 1) {
      const first = line.cells[i];
      if (first === undefined) continue;
      let joined: TextCell = { ...first, text: joinBrokenWord(first.text) };
      let end = i;
      for (let j = i + 1; j < line.cells.length && j < i + MAX_OCR_LABEL_PIECES; j += 1) {
        const pieces = line.cells.slice(i, j + 1);
        const gaps = pieces.slice(1).every((cell, k) => {
          const before = pieces[k];
          return before !== undefined && cell.x - before.xEnd <= before.fontSize * MAX_OCR_WORD_GAP_EM;
        });
        if (!gaps) break;
        const text = pieces.map((cell) => cell.text).join(' ');
        if (isFieldLabel(text) && !pieces.every((cell) => isFieldLabel(cell.text))) {
          joined = { ...joined, text, xEnd: pieces.at(-1)?.xEnd ?? joined.xEnd };
          end = j;
        }
      }
      cells.push(joined);
      i = end;
    }
    const changed =
      cells.length !== line.cells.length || cells.some((cell, k) => cell.text !== line.cells[k]?.text);
    return changed ? { ...line, cells, text: cells.map((cell) => cell.text).join(CELL_SEPARATOR) } : line;
  });
}

/** "CONS IGNEE": two halves that are a label written together, neither a label alone. */
function joinBrokenWord(text: string): string {
  const words = text.split(' ');
  for (let k = 0; k + 1 < words.length; k += 1) {
    const [a = '', b = ''] = [words[k], words[k + 1]];
    if (!/^\p{L}{2,}$/u.test(a) || !/^\p{L}{2,}$/u.test(b)) continue;
    if (isFieldLabel(a + b) && !isFieldLabel(a) && !isFieldLabel(b)) {
      words.splice(k, 2, a + b);
      return joinBrokenWord(words.join(' '));
    }
  }
  return text;
}
