import type { DocumentText } from '../document-text.ts';
import type { TextCell, TextLine } from '../pdf/layout-lines.ts';
import { captionedValue, captionsUnderValues, cornerValue } from './form-boxes.ts';
import {
  isHeadingRow,
  isLabel,
  LABEL_WORDS,
  LONE_MARK,
  MAX_HEADING_CELL,
  withoutBoxNumber,
} from './label-cells.ts';
import { isFieldLabel } from './label-patterns.ts';

/**
 * Finds the value printed for a label. Documents put it in one of three places, all tried in order:
 * after the label in the same cell ("Invoice No.: 123"), in the next cell on the line ("Invoice No.   123"),
 * or under the label ("SHIPPER" with the name on the line below, as in B/L boxes). Several labelled
 * values may share one run of text ("POL: HAMBURG   POD: SAVANNAH"); a label inside a run counts only
 * with a colon or "#" after it, so ordinary words in sentences are not taken for labels.
 */

// An inline value ends at a wide gap, or where a known label with a colon begins ("HAMBURG POD: ...").
const VALUE_END = new RegExp(String.raw`\s{3,}|\s+(?=(?:${LABEL_WORDS})[^:#]{0,24}[:#](?:\s|$))`, 'i');
// Blocks in B/L layouts hold a name then address lines; the name is on the first line below the label.
const MAX_LINES_BELOW = 2;
const MAX_GAP_BELOW_EM = 3.5;
// Box titles on forms are set smaller than the values in the boxes; a neighbour in the label's small
// print under which a box holds larger text is the next box's title, not this label's value.
const TITLE_PRINT_RATIO = 0.85;
// A caption may run on past its label words ("LAST FREE DAY AT TERMINAL"), never into a value.
const MAX_CAPTION_TAIL = 30;
// Cells of one column in a list of pairs start at the same x, give or take rounding.
const SAME_COLUMN = 1;
// At most this much of a label's cell after its words qualifies the value ("EUR", "(kg)", "in USD").
const MAX_LABEL_QUALIFIER = 12;
// Words that may follow a label before its colon without making it another label ("Shipper Name:").
const LABEL_SUFFIX_WORDS = /^(?:name|naam|nom|nome|nombre|address|adresse|adres|details)$/i;

/** Turns a candidate into a field value, or null to try the next candidate. `label` is the label as printed. */
export type ValueParser<T> = (raw: string, label: string) => T | null;

export interface Candidate {
  value: string;
  label: string;
}

export interface LabelSearchOptions {
  /**
   * Also look under the label. Off for labels that double as table headings ("Total"), whose cell
   * below holds one row's value rather than the document's.
   */
  below?: boolean;
  /**
   * Try the cell under the label before the one beside it. For party boxes on B/Ls, whose neighbour on
   * the label's line is usually another box's heading ("Consignee   Export References").
   */
  preferBelow?: boolean;
  /** Refuse the cell under the label when the column goes on with more numbers (an item table). */
  singleRowBelow?: boolean;
  /** Only a label that starts its cell: a bare "Date" must not be read out of "Due Date:". */
  startOfCell?: boolean;
}

export function findLabeledValue<T>(
  text: DocumentText,
  labels: readonly RegExp[],
  parse: ValueParser<T>,
  options: LabelSearchOptions = {},
): T | null {
  for (const label of labels) {
    for (const candidate of candidateValues(text.lines, label, options)) {
      const parsed = parse(candidate.value, candidate.label);
      if (parsed !== null) return parsed;
    }
  }
  return null;
}

/** Every parsed value the labels point at, in label order then document order. */
export function findLabeledValues<T>(
  text: DocumentText,
  labels: readonly RegExp[],
  parse: ValueParser<T>,
  options: LabelSearchOptions = {},
): T[] {
  const found: T[] = [];
  for (const label of labels) {
    for (const candidate of candidateValues(text.lines, label, options)) {
      const parsed = parse(candidate.value, candidate.label);
      if (parsed !== null) found.push(parsed);
    }
  }
  return found;
}

/** Every value a label could be pointing at, in document order. */
export function* candidateValues(
  lines: readonly TextLine[],
  label: RegExp,
  options: LabelSearchOptions = {},
): Generator<Candidate> {
  const pattern = new RegExp(
    // "SHIPPER'S LOAD AND COUNT" is a clause, not the shipper's label.
    // Nor is a label run on into a word ("POLÍGONO" is no "POL") or an identifier ("BL-ANR-55120").
    String.raw`(?<=^|[\s/])((?:${label.source})(?![A-Za-zÀ-ÖØ-öø-ÿ]|-[A-Za-z0-9]|['’]s\b)(?:\s*\([^)]{1,40}\))?)\s*([:#.]?)\s*`,
    'gi',
  );
  for (const [lineIndex, line] of lines.entries()) {
    for (const [cellIndex, cell] of line.cells.entries()) {
      for (const match of cell.text.matchAll(pattern)) {
        const printedBefore = cell.text.slice(0, match.index).trim();
        const before = cell.text.length <= MAX_HEADING_CELL ? withoutBoxNumber(printedBefore) : printedBefore;
        // "Container No. / Seal No." heads two columns at once: the second label counts as a heading too.
        const atStart = before.length === 0 || (before.endsWith('/') && cell.text.length <= MAX_HEADING_CELL);
        const separator = match[2] ?? '';
        if (!atStart && (options.startOfCell === true || (separator !== ':' && separator !== '#'))) continue;
        const printedLabel = match[1] ?? '';
        const rest = cell.text.slice((match.index ?? 0) + match[0].length);
        if (separator === '' && extendsLabel(rest)) continue;
        // On a page whose labels stand under their values, the cell below is the next box's value.
        const belowCell =
          atStart && options.below !== false && !captionsUnderValues(lines, line.page)
            ? (cellBelow(lines, lineIndex, cell, options.singleRowBelow === true) ??
              cornerValue(lines, lineIndex, cell, MAX_LINES_BELOW))
            : undefined;
        const aboveCell =
          atStart && separator === '' && rest.length <= MAX_CAPTION_TAIL && !/\d/.test(rest)
            ? captionedValue(lines, lineIndex, cell)
            : undefined;
        // A caption's qualifier names the value's unit as a label's does ("Total factura EUR").
        if (aboveCell !== undefined)
          yield {
            value: tidyValue(aboveCell.text),
            label: rest.length > MAX_LABEL_QUALIFIER ? printedLabel : `${printedLabel} ${rest}`.trim(),
          };
        // A box title in small print over larger text: the box's value is below it, and what follows the
        // label in the title is the form's instruction ("Shipper Insert Name, Address and Phone").
        // OCR's glyph heights vary too much to tell title print from value print.
        const titlePrint =
          belowCell !== undefined &&
          line.source !== 'ocr' &&
          cell.fontSize < belowCell.fontSize * TITLE_PRINT_RATIO;
        // "Empfänger / Consignee", "Also notify / Remarks": a bilingual or double title, whose second half
        // is no value; the value is beside or below it.
        const continuesTitle =
          separator === '' && /^\/\s*\p{L}/u.test(rest) && cell.text.length <= MAX_HEADING_CELL;
        const runOn = continuesTitle ? '' : tidyValue(rest.split(VALUE_END)[0] ?? '');
        // A label set in lower case may end its cell with a short qualifier ("total due chf", "gross
        // weight kg") whose value is the next cell: the qualifier is no value, the cell beside is.
        const lowerQualifier =
          separator === '' &&
          /^\p{Ll}/u.test(runOn) &&
          runOn.length <= MAX_LABEL_QUALIFIER &&
          !/\s\S+\s/.test(runOn) &&
          rest.trim() === runOn &&
          line.cells[cellIndex + 1] !== undefined;
        const inline = lowerQualifier ? '' : runOn;
        // A label word that runs on in lower case is prose, not a label: "Shipper and Consignee agree
        // that..." in the terms, "Port of Loading or Port of Discharge is not named...". A cell ending in
        // a colon is a longer label all the same ("Importo da pagare:").
        if (separator === '' && /^\p{Ll}/u.test(inline) && !/:\s*$/.test(cell.text)) continue;
        if (inline.length > 0 && !(titlePrint && separator === ''))
          yield { value: inline, label: printedLabel };
        // Inside a run, a label with its value inline says nothing about the cells around it.
        if (!atStart && inline.length > 0) continue;
        // A label split from its "No." ("FBL   No.   DEHAM2211873"), or from its colon set in a column of
        // its own ("Vessel   :   BERLIN EXPRESS"; OCR also reads a box rule so): the value is the cell after.
        const split = line.cells[cellIndex + 1]?.text ?? '';
        const afterNumberWord = BARE_NUMBER_WORD.test(split) || LONE_MARK.test(split) ? 2 : 1;
        const nextIndex = cellIndex + afterNumberWord;
        const next = line.cells[nextIndex];
        const besideIsTitle =
          (next !== undefined && titlePrint && Math.abs(next.fontSize - cell.fontSize) < 0.5) ||
          // A column heading takes no colon: "Vessel:" beside a block's title is a pair all the same.
          (separator !== ':' && isHeadingRow(line) && !labelUnder(lines, lineIndex, cell));
        // The words after the label in its cell qualify a value beside or below ("Gesamtbetrag EUR",
        // "Gross Weight in kg"): the parser sees them with the label.
        const heading =
          /\d/.test(rest) || rest.length > MAX_LABEL_QUALIFIER
            ? printedLabel
            : `${printedLabel} ${rest}`.trim();
        const beside =
          next !== undefined && !isLabel(next.text) && !besideIsTitle
            ? { value: tidyValue(next.text), label: heading }
            : undefined;
        // A figure whose unit went on into cells of its own ("37,700   LBS   (17,100.4   KG)", as OCR
        // splits a wide-set line): the figure with the short rest of the line after it.
        const unitCells = line.cells.slice(nextIndex + 1);
        const besideWithUnit =
          beside !== undefined &&
          /^[\d.,' ]+$/.test(beside.value) &&
          unitCells.length > 0 &&
          unitCells.length <= 3 &&
          UNIT_START.test(unitCells[0]?.text ?? '') &&
          unitCells.reduce((sum, c) => sum + c.text.length, 0) <= MAX_UNIT_TAIL
            ? { value: tidyValue([beside.value, ...unitCells.map((c) => c.text)].join(' ')), label: heading }
            : undefined;
        const below =
          belowCell === undefined ? undefined : { value: tidyValue(belowCell.text), label: heading };
        const order =
          options.preferBelow === true && !inPairList(lines, lineIndex, cell, next, belowCell)
            ? [below, beside, besideWithUnit]
            : [beside, besideWithUnit, below];
        for (const candidate of order) if (candidate !== undefined) yield candidate;
      }
    }
  }
}

/**
 * A list of label and value pairs ("Booking Date   10 Nov" over "Shipper   ACME LTD" over "Forwarder
 * XYZ"): the cell under the label starts where the label starts and has a value of its own beside it,
 * and the row above is a known label with its value in the same two columns. The cell under is then the
 * next row's label, whatever its wording, and the value is the one beside. Two box titles side by side
 * ("Destinataire   Remettre à") have their values, not another pair, above them.
 */
function inPairList(
  lines: readonly TextLine[],
  lineIndex: number,
  label: TextCell,
  beside: TextCell | undefined,
  below: TextCell | undefined,
): boolean {
  if (beside === undefined || below === undefined || Math.abs(below.x - label.x) > SAME_COLUMN) return false;
  if (Math.abs(beside.fontSize - label.fontSize) > 0.5) return false;
  const at = (line: TextLine | undefined, x: number): TextCell | undefined =>
    line?.cells.find((cell) => Math.abs(cell.x - x) <= SAME_COLUMN);
  const line = lines.slice(lineIndex + 1).find((l) => l.cells.includes(below));
  if (at(line, beside.x) === undefined) return false;
  const labelLine = lines[lineIndex];
  const above = lines
    .slice(0, lineIndex)
    .reverse()
    .find((l) => l.page === labelLine?.page && at(l, label.x) !== undefined);
  const aboveLabel = at(above, label.x);
  return aboveLabel !== undefined && isLabel(aboveLabel.text) && at(above, beside.x) !== undefined;
}

/**
 * Another label straight under a label: a list of label and value pairs ("Port of Discharge" over "Place
 * of Delivery"), where a table's heading row would have its values under it.
 */
function labelUnder(lines: readonly TextLine[], lineIndex: number, label: TextCell): boolean {
  const line = lines[lineIndex];
  const next = lines[lineIndex + 1];
  if (line === undefined || next === undefined || next.page !== line.page) return false;
  const under = next.cells.find((cell) => cell.x < label.xEnd && cell.xEnd > label.x - 2);
  return under !== undefined && isLabel(under.text);
}

const BARE_NUMBER_WORD = /^\s*(?:no|nr|n[°º]|#)\.?\s*$/i;
// Units a figure's next cell may start with: weights and volumes (a currency code is no unit here).
const UNIT_START = /^\(?\s*(?:kgs?|kgm|kilos?|lbs?|pounds?|mt|tonnes?|cbm|m3)\b/i;
const MAX_UNIT_TAIL = 30;

// "BENEFICIARY BANK: ..." read for "Beneficiary": the colon after the next word ends a longer label.
function extendsLabel(rest: string): boolean {
  const match = /^([\p{L}.]{1,20})\s*:/u.exec(rest);
  const word = (match?.[1] ?? '').replace(/\.$/, '');
  // A currency code is the value's unit, not part of the label: "Total EUR: 1.234,00". A second label
  // word names the same field again: "Mittente Speditore:".
  return match !== null && !LABEL_SUFFIX_WORDS.test(word) && !/^[A-Z]{3}$/.test(word) && !isFieldLabel(word);
}

function cellBelow(
  lines: readonly TextLine[],
  lineIndex: number,
  labelCell: TextCell,
  singleRow: boolean,
): TextCell | undefined {
  const labelLine = lines[lineIndex];
  if (labelLine === undefined) return undefined;
  const maxDrop = labelCell.fontSize * MAX_GAP_BELOW_EM;
  const under = (line: TextLine): TextCell | undefined =>
    line.cells.find((cell) => cell.x < labelCell.xEnd && cell.xEnd > labelCell.x - 2);
  for (let i = lineIndex + 1; i <= lineIndex + MAX_LINES_BELOW && i < lines.length; i += 1) {
    const line = lines[i];
    if (line === undefined || line.page !== labelLine.page || labelLine.y - line.y > maxDrop)
      return undefined;
    const overlapping = under(line);
    if (overlapping === undefined) continue;
    if (isLabel(overlapping.text)) return undefined;
    // A heading over a column of numbers heads a table: its first row is not the document's value.
    const after = lines[i + 1];
    const nextUnder = after === undefined || after.page !== line.page ? undefined : under(after);
    if (
      singleRow &&
      nextUnder !== undefined &&
      looksNumeric(nextUnder.text) &&
      looksNumeric(overlapping.text)
    )
      return undefined;
    return overlapping;
  }
  return undefined;
}

// A table cell holding a number, perhaps with a currency or unit: no sentence.
function looksNumeric(text: string): boolean {
  return /\d/.test(text) && text.trim().length <= 24 && (text.match(/\p{L}/gu)?.length ?? 0) <= 4;
}

function tidyValue(value: string): string {
  return (
    value
      // OCR reads a box's left rule or a speck as "|" or a quote before the value.
      .replace(/^[\s:#.\-–—°º|‘’'`]+/, '')
      .replace(/[\s,;]+$/, '')
      .trim()
  );
}
