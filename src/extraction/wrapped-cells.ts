import { isLabel } from './fields/label-cells.ts';
import { isFieldLabel } from './fields/label-patterns.ts';
import { endsWithLegalForm } from './fields/letterhead.ts';
import { isPortName } from './fields/port-locode.ts';
import { CELL_SEPARATOR, type TextCell, type TextLine } from './pdf/layout-lines.ts';

/**
 * Joins text that a table cell or a box wrapped onto the next line back into one cell: "Nombre del" over
 * "buque" in a header row, "ZIM" over "KINGSTON" in a value row, a party name over its second half. A
 * cell on the next line continues the one above when it starts where that one starts and its first word
 * would not have fitted on the line above before the next column (or the page's text edge): the reason a
 * producer wraps. A new table row or an address line under a name fits, and stays a line of its own.
 */

// The next line's top must be within this many ems of the line above: wrapped text keeps its leading.
const MAX_LINE_STEP_EM = 1.6;
// Left edges closer than this are one column.
const ALIGN_EM = 0.8;
// Columns keep some padding before the next one: the room a wrapped word needed may include it.
const COLUMN_PADDING_EM = 0.3;

// Words a heading cannot end on: it goes on, on the next line.
const BREAKS_AFTER =
  /\b(?:of|the|for|and|de|du|des|la|le|d'|et|der|die|des|und|van|het|voor|en|del|los|las|y|di|della|dello|da|e)$/i;

// The words a street address starts with in the six languages.
const STREET_START =
  /^(?:unit|suite|building|street|road|avenue|p\.?\s?o\.?\s+box|rue|avenue|bd|boulevard|quai|chemin|place|route|all[ée]e|zi|za|stra(?:ss|ß)e|platz|weg|allee|am|an\s+der|im|straat|laan|kade|plein|weg|avenida|avda\.?|calle|c\/|paseo|plaza|pol[íi]gono|carretera|via|viale|piazza|corso|largo|localit[àa]|zona)\b/i;

interface Link {
  line: number;
  cell: number;
}

export function joinWrappedCells(lines: readonly TextLine[]): TextLine[] {
  const rightEdge = pageRightEdges(lines);
  // For each cell, the cell above that it continues, if any.
  const continues = new Map<string, Link>();
  for (let index = 1; index < lines.length; index += 1) {
    const above = lines[index - 1];
    const line = lines[index];
    if (above === undefined || line === undefined || above.page !== line.page) continue;
    // More cells than the line above: a row of its own, not the tail of one.
    if (line.cells.length > above.cells.length) continue;
    const claimed = new Set<number>();
    const edge = rightEdge.get(line.page) ?? Number.POSITIVE_INFINITY;
    line.cells.forEach((cell, cellIndex) => {
      // A cell after the label that starts its line ("Buque:   MSC FANTASIA") is that label's value, unless
      // the label itself is the tail of a wrapped heading ("Nombre del" over "buque   destino"). Further
      // along a line, cells are more likely a header row's wrapped halves ("n°   débarquement").
      const before = line.cells[0];
      if (
        cellIndex === 1 &&
        before !== undefined &&
        isLabel(before.text) &&
        continuedCell(above, before, edge) === undefined
      )
        return;
      const target = continuedCell(above, cell, edge);
      if (target === undefined || claimed.has(target) || above.y - line.y > cell.fontSize * MAX_LINE_STEP_EM)
        return;
      // In a table or a row of boxes the next column starts at the same place on both lines; a value
      // printed right after its label ("Vessel  EVER GIVEN") starts wherever that label ends.
      const next = line.cells[cellIndex + 1];
      const nextAbove = above.cells[target + 1];
      if (
        next !== undefined &&
        (nextAbove === undefined || Math.abs(next.x - nextAbove.x) > cell.fontSize * ALIGN_EM)
      )
        return;
      claimed.add(target);
      continues.set(`${index}:${cellIndex}`, { line: index - 1, cell: target });
    });
  }
  if (continues.size === 0) return [...lines];
  const root = (link: Link): Link => {
    let current = link;
    for (let next = continues.get(`${current.line}:${current.cell}`); next !== undefined; ) {
      current = next;
      next = continues.get(`${current.line}:${current.cell}`);
    }
    return current;
  };
  const cells = lines.map((line) => line.cells.map((cell) => ({ ...cell })));
  const removed = new Set<string>();
  // Top down, so a cell's head has taken in the lines above it before the cell is considered.
  for (const [key, link] of continues) {
    const [lineIndex, cellIndex] = key.split(':').map(Number) as [number, number];
    const tail = cells[lineIndex]?.[cellIndex];
    const target = root(link);
    const head = cells[target.line]?.[target.cell];
    // A heading that is complete once joined ("Puerto de" + "destino") has its value on the next line.
    if (tail === undefined || head === undefined || isFieldLabel(head.text)) {
      continues.delete(key);
      continue;
    }
    head.text = `${head.text} ${tail.text}`;
    head.xEnd = Math.max(head.xEnd, tail.xEnd);
    removed.add(key);
  }
  const joined: TextLine[] = [];
  lines.forEach((line, lineIndex) => {
    const kept = (cells[lineIndex] ?? []).filter((_, cellIndex) => !removed.has(`${lineIndex}:${cellIndex}`));
    if (kept.length === 0) return;
    joined.push({ ...line, cells: kept, text: kept.map((cell) => cell.text).join(CELL_SEPARATOR) });
  });
  return joined;
}

/** The index of the cell on the line above that `cell` continues, if it does. */
function continuedCell(above: TextLine, cell: TextCell, rightEdge: number): number | undefined {
  const em = Math.max(cell.fontSize, 1);
  const index = above.cells.findIndex((candidate) => Math.abs(candidate.x - cell.x) <= em * ALIGN_EM);
  const head = above.cells[index];
  if (head === undefined || Math.abs(head.fontSize - cell.fontSize) > em * 0.2) return undefined;
  // A whole label ("Vessel", "Port of Loading") over another is a column of labels; a line with a
  // number under a name is its address ("Kaai 12"), not the rest of it.
  // "Discharge Port: LONG BEACH" is a field of its own; "Avenida de la Constitución" starts an address.
  if (isFieldLabel(head.text) || /\d|:/.test(cell.text) || STREET_START.test(cell.text)) return undefined;
  // A company name that ends in its legal form, over a line that names a port, has its town under it
  // ("... SERVICES BVBA" over "ANTWERPEN"); a plant's name may go on after the form ("S.p.A.
  // Stabilimento di Sesto Fiorentino").
  if (endsWithLegalForm(head.text) && isPortName(cell.text)) return undefined;
  // A label under an unknown word is the next label of a column of them ("Zeeschip" over "Laadhaven"),
  // unless the heading above broke after a preposition or article ("Nombre del" over "buque").
  if (isLabel(cell.text) && !BREAKS_AFTER.test(head.text)) return undefined;
  const boundary = (above.cells[index + 1]?.x ?? rightEdge) - em * COLUMN_PADDING_EM;
  const firstWord = cell.text.split(' ')[0] ?? '';
  const charWidth = (cell.xEnd - cell.x) / Math.max(cell.text.length, 1);
  const wouldEnd = head.xEnd + charWidth * (1 + firstWord.length);
  return wouldEnd > boundary ? index : undefined;
}

function pageRightEdges(lines: readonly TextLine[]): Map<number, number> {
  const edges = new Map<number, number>();
  for (const line of lines) {
    for (const cell of line.cells) edges.set(line.page, Math.max(edges.get(line.page) ?? 0, cell.xEnd));
  }
  return edges;
}
