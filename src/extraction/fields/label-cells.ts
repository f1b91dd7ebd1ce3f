import type { TextLine } from '../pdf/layout-lines.ts';
import { isFieldLabel } from './label-patterns.ts';

/**
 * Whether a cell of text is a label: it starts with a label word in one of the corpus languages, ends
 * like one ("SWB No.", "Ref #", a colon), is a field label the extractors know, or is a piece of a label
 * OCR split off. The value finder (labeled-values.ts) uses it to tell a neighbouring value from the next
 * label, the table heading beside it or the box title below it.
 */

// Words that start a label; a neighbouring cell that starts with one is another label, not a value.
export const LABEL_WORDS = [
  String.raw`shipper|consignee|notify|export\b|port of|place of|pol\b|pod\b|ocean vessel|vessel|voy(?:age)?\b|invoice|inv\.|date|dated|bill of lading|b\/l|bl no|m?bl\b|booking|container|seal|eta\b|etd\b|estimated|last free|lfd\b|buyer|seller|supplier|vendor|exporter|importer|bill to|sold to|ship to|total|grand total|amount|currency|gross|net weight|packages|no\. of|number of|reference|ref\b|scac|carrier|terminal|packing list|p\/l|freight`,
  // French, German, Dutch, Spanish and Italian label heads.
  String.raw`facture|rechnung|factuur|fattura|factura|datum\b|fecha\b|data\b|num[ée]ro\b|nummer\b|n[úu]mero\b|n\s?[°º]|exp[ée]diteur|chargeur|destinataire|empf[äa]e?nger|versender|absender|ablader|afzender|verlader|ontvanger|geadresseerde|embarcador|remitente|consignatario|caricatore|mittente|destinatario|navire|schiff\b|schip\b|buque\b|nave\b|port de|(?:lade|l[öo]sch|verlade|bestimmungs)hafen|(?:laad|los)haven|puerto de|porto d|totaal|totale|importe|montant|gesamt|betrag|bedrag|importo|poids|gewicht|peso\b|devise|w[äa]hrung|valuta|moneda|divisa|r[ée]servation|buchung|boeking|reserva\b|prenotazione|fournisseur|lieferant|leverancier|proveedor|fornitore|client\b|kunde\b|klant\b|cliente\b|meldeadresse|notifier|notificar|iban\b|tva\b|mwst|btw\b|iva\b|vat\b`,
].join('|');
const LABEL_TAIL = /^[\p{L}/.\s-]{1,30}\b(?:no|nr|number|n[°º]|num[ée]ro|nummer)\.?$|#$/iu;
// "BL-ANR-55120" is an identifier that happens to start like a label.
const LABEL_HEAD = new RegExp(`^(?:${LABEL_WORDS})(?!-[A-Za-z0-9])`, 'i');
// Cells longer than this are text, not headings: a box number is stripped only from shorter ones.
export const MAX_HEADING_CELL = 60;
// A word OCR split off a label in small print ("PORT" "OF" "DISCHARGE", "ON" "BOARD" "DATE"): alone in a
// cell it is a piece of a label, never a value.
const LABEL_PIECE = /^(?:port|place|party|of|on|board)$/i;
// Form boxes are numbered: "(2) Shipper", "3. Consignee", "[12] Port of Discharge".
const BOX_NUMBER = /^(?:\(\d{1,2}[a-z]?\)|\[\d{1,2}[a-z]?\]|\d{1,2}[a-z]?[.)])\s*/i;

// Callers strip it only from short cells: a numbered clause of the terms ("3. PORT OF LOADING AND ...")
// is no box.
export function withoutBoxNumber(text: string): string {
  return text.replace(BOX_NUMBER, '');
}

export function isLabel(raw: string): boolean {
  const trimmed = raw.trim();
  const text = trimmed.length <= MAX_HEADING_CELL ? withoutBoxNumber(trimmed) : trimmed;
  // "SWB No.", "Kundennummer", "Ref #": a short cell ending like a label is one, whatever its first word.
  return (
    LABEL_HEAD.test(text.trim()) ||
    /:\s*$/.test(text) ||
    LABEL_TAIL.test(text.trim()) ||
    isFieldLabel(text) ||
    LABEL_PIECE.test(text.trim())
  );
}

/** A colon, dash or rule set in a column of its own ("Vessel   :   BERLIN EXPRESS"): neither label nor value. */
export const LONE_MARK = /^\s*[:.\-–—|]\s*$/;

/**
 * A table's header row ("Ocean Vessel   Voy. No.   Port of Loading   Port of Discharge   Final
 * Destination"): most of its cells are labels, so a cell beside a label is the next column's heading
 * even when it is a heading the label lists do not know, and the values are in the row below.
 */
export function isHeadingRow(line: TextLine): boolean {
  const cells = line.cells.filter((cell) => !LONE_MARK.test(cell.text));
  const others = cells.filter((cell) => !isLabel(cell.text));
  // A cell with a digit is a value ("Bill of Lading   HLCU123   Consignee" is a row of pairs).
  return (
    cells.length >= 3 &&
    others.length <= Math.max(1, Math.floor(cells.length / 3)) &&
    others.every((cell) => !/\d/.test(cell.text))
  );
}
