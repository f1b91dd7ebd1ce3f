import type { DocumentText } from '../document-text.ts';
import type { TextCell, TextLine } from '../pdf/layout-lines.ts';

/**
 * The total of a table column ("Gross Weight" over per-carton rows): the value in the column on the
 * table's total row ("TOTAL", "Totaal", "Gesamt", "Totale"); failing that, the sum of the rows when every
 * row's value reads. A header is a cell that is only the label, on a line of at least three cells.
 */

// A heading is the label alone, perhaps with its unit: "Gross Weight (kg)", "Brutto kg", "G.W. KGS".
const headingPattern = (header: RegExp): RegExp =>
  new RegExp(
    String.raw`^(?:${header.source})(?:\s*\([^)]{1,20}\)|\s+(?:kgs?|kilos?|lbs?|cbm|m3|pcs))?\s*[:.]?$`,
    'i',
  );

const TOTAL_ROW = /^(?:grand\s+)?(?:totals?|totaal|totale|gesamt|summe|sum|somme)\b/i;
const MIN_HEADER_CELLS = 3;
const MAX_ROWS = 200;
// Numbers are often right-aligned under a left-aligned heading: a cell this close still belongs to it.
const ALIGN_SLACK = 25;
// Rows of a table follow each other closely; a wider step is the end of the table.
const MAX_ROW_STEP_EM = 3;

export function findColumnTotal<T>(
  text: DocumentText,
  header: RegExp,
  parse: (raw: string, label: string) => T | null,
  add: (a: T, b: T) => T,
): T | null {
  const whole = headingPattern(header);
  let firstSum: T | null = null;
  for (const [index, line] of text.lines.entries()) {
    if (line.cells.length < MIN_HEADER_CELLS) continue;
    const headerCell = line.cells.find((cell) => whole.test(cell.text.trim()));
    if (headerCell === undefined) continue;
    const column = readColumn(text.lines, index, headerCell, parse, add);
    if (column === null) continue;
    // A table carried over to the next page repeats its header and prints the total row there: the
    // first page's rows alone are not the total.
    if (column.onTotalRow) return column.value;
    firstSum ??= column.value;
  }
  return firstSum;
}

/**
 * Every value in the column under a heading that is only the label, in a table (a header line of at
 * least two cells): the seals of a container table, one per row. Rows without a value in the column
 * are skipped until the first value; after it, such a row ends the table.
 */
export function findColumnValues<T>(
  text: DocumentText,
  header: RegExp,
  parse: (raw: string) => T | null,
  options: { shared?: boolean } = {},
): T[] {
  const own = headingPattern(header);
  // "CONTAINER NO / SEAL NO" heads a column of "TCNU3812071/NB7085649": with `shared`, a heading after
  // others and slashes ("Marks & Nos / Container / Seal") is the column's too, and the parser picks its
  // part of each cell.
  const whole =
    options.shared === true ? new RegExp(`^(?:[^/]{1,30}/\\s*){0,3}${own.source.slice(1)}`, 'i') : own;
  const found: T[] = [];
  for (const [index, line] of text.lines.entries()) {
    if (line.cells.length < 2) continue;
    for (const headerCell of line.cells.filter((cell) => whole.test(cell.text.trim()))) {
      const page = line.page;
      let started = false;
      let previousY = line.y;
      for (let i = index + 1; i < text.lines.length && i <= index + MAX_ROWS; i += 1) {
        const row = text.lines[i];
        // A blank band below the rows ends the table (above them, a wrapped header may take room).
        if (
          row === undefined ||
          row.page !== page ||
          (started && previousY - row.y > headerCell.fontSize * MAX_ROW_STEP_EM)
        )
          break;
        previousY = row.y;
        // The cell must start in the column: a wide cell from the left margin is not one of its rows.
        const cell = [nearestCell(row, headerCell, line)].find(
          (c) => c !== undefined && c.x >= headerCell.x - ALIGN_SLACK,
        );
        // A line with nothing in the column (a unit or description wrapped under its own column).
        if (cell === undefined) continue;
        const value = parse(cell.text);
        if (value === null) {
          if (started) break;
          // Before the first row, a line or two of a wrapped header may sit in between.
          if (i > index + 3) break;
          continue;
        }
        started = true;
        found.push(value);
      }
    }
  }
  return found;
}

function readColumn<T>(
  lines: readonly TextLine[],
  headerIndex: number,
  header: TextCell,
  parse: (raw: string, label: string) => T | null,
  add: (a: T, b: T) => T,
): { value: T; onTotalRow: boolean } | null {
  const page = lines[headerIndex]?.page;
  const values: T[] = [];
  for (let i = headerIndex + 1; i < lines.length && i <= headerIndex + MAX_ROWS; i += 1) {
    const line = lines[i];
    if (line === undefined || line.page !== page) break;
    const cell = nearestCell(line, header, lines[headerIndex]);
    const isTotal = line.cells.some((c) => TOTAL_ROW.test(c.text.trim()));
    const value = cell === undefined ? null : parse(cell.text, header.text);
    // A total row printed as one run across the table ("TOTAL: 2,100 PCS  G.W. 18,480 KGS") has nothing
    // in the column: the rows above it are then the whole table.
    if (isTotal && value === null && cell === undefined && values.length > 0)
      return { value: values.reduce(add), onTotalRow: false };
    if (isTotal) return value === null ? null : { value, onTotalRow: true };
    // The first line without a value in the column ends the table (a note, a signature, the next table).
    if (value === null) {
      if (values.length > 0) break;
      continue;
    }
    values.push(value);
  }
  if (values.length === 0) return null;
  return { value: values.reduce(add), onTotalRow: false };
}

/**
 * The cell of a row under a heading: overlapping it (with some slack), nearest by centre. A cell that
 * overlaps the heading itself wins over one only within the slack; failing that, one that lies wholly
 * between the heading's left edge and the next heading's, as a spreadsheet prints its columns (text set
 * left, numbers right: "43" right-aligned in the "Pallets" column ends nearer "Gross Weight (kg)" than
 * the weight right-aligned under it).
 */
function nearestCell(line: TextLine, header: TextCell, headerLine?: TextLine): TextCell | undefined {
  const centre = (c: TextCell): number => (c.x + c.xEnd) / 2;
  const nextHeading = headerLine?.cells.find((c) => c.x > header.xEnd);
  // Only with the heading line known: without it a column has no right edge but the slack.
  const inColumn = (c: TextCell): boolean =>
    headerLine !== undefined && c.x >= header.x && c.xEnd <= (nextHeading?.x ?? Number.POSITIVE_INFINITY);
  const near = line.cells
    .filter((c) => (c.x < header.xEnd + ALIGN_SLACK && c.xEnd > header.x - ALIGN_SLACK) || inColumn(c))
    .filter((c) => !TOTAL_ROW.test(c.text.trim()))
    .sort((a, b) => Math.abs(centre(a) - centre(header)) - Math.abs(centre(b) - centre(header)));
  if (near.length < 2) return near[0];
  const overlapping = near.filter((c) => c.x < header.xEnd && c.xEnd > header.x);
  if (overlapping.length > 0) return overlapping[0];
  return near.find(inColumn) ?? near[0];
}
