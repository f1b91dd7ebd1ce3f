import type { DocumentText } from '../document-text.ts';
import { CELL_SEPARATOR } from '../pdf/layout-lines.ts';

/**
 * The organization that issues a document, read from its letterhead: the first company name with a legal
 * form (B.V., GmbH, SAS, S.L., Ltd, Inc, AG, S.p.A., N.V., SARL, LLC...) near the top of the first page,
 * or failing that in the footer of the first page, where European invoices print the company details.
 */

// Documents set in capitals print the longer forms in capitals too: "CO., LTD.", "GMBH", "INC.".
// South Asian companies print their private status in brackets: "(PVT) LTD", "(Private) Limited".
const CAPITAL_LEGAL_FORM = String.raw`\(PVT\)\s*LTD\.?|\(PRIVATE\)\s*LIMITED|CO\.,?\s*LTD\.?|PTE\.?\s*LTD\.?|PVT\.?\s*LTD\.?|LTD\.?|LIMITED|INC\.?|CORP\.?|CORPORATION|GMBH(?:\s*&\s*CO\.?\s*KG)?|S\.R\.L\.?|SRL|S\.P\.A\.?|SPA|SARL|LTDA\.?|Ltda\.?`;
// Longer forms first: "S.A. DE C.V." (Mexico) and "S.A.C." (Peru) are more than their "S.A.".
const LEGAL_FORM = String.raw`(?:S\.?A\.?\s?(?:de|DE)\s?C\.?V\.?|S\.A\.C\.?|B\.?\s?V\.?|N\.?\s?V\.?|GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OHG|UG|e\.\s?K\.|SAS|S\.A\.S\.?|SARL|S\.A\.R\.L\.?|EURL|SNC|SA|S\.A\.?|S\.L\.U?\.?|SLU?|S\.?p\.?A\.?|S\.r\.l\.?|Srl|SRL|BVBA|BV|NV|VOF|Ltd\.?|Limited|LLC|L\.L\.C\.|LLP|PLC|Plc|Inc\.?|Incorporated|Corp\.?|Corporation|Co\.,?\s*Ltd\.?|Pty\.?\s*Ltd\.?|Pvt\.?\s*Ltd\.?|\(Pvt\)\s*Ltd\.?|\(Private\)\s*Limited|GmbH|A\/S|ApS|AB|Oy|A\.\s?[SŞ]\.?|Sp\.\s?z\s?o\.\s?o\.|SP\.\s?Z\s?O\.\s?O\.|Lda\.?|LDA\.?|EIRELI|${CAPITAL_LEGAL_FORM})`;
const ORGANIZATION = new RegExp(
  String.raw`^([A-ZÀ-Ý0-9][\p{L}0-9&'’.,\- ]{1,70}?\s${LEGAL_FORM})(?![\p{L}])`,
  'u',
);
const ENDS_WITH_LEGAL_FORM = new RegExp(String.raw`\s${LEGAL_FORM}$`, 'u');
// "KG" is also kilograms: "NET KG" heads a weight column, it is no limited partnership.
const WEIGHT_HEADING = /\b(?:net|nett|netto|gross|brutto|bruto|total|weight|wt)\.?\s+kgs?$/i;
const HEADER_LINES = 12;
const FOOTER_LINES = 8;
// Cells naming the other party or quoting a party label are not the letterhead.
const PARTY_LABEL =
  /\b(?:to|bill|sold|ship|client|customer|buyer|kunde|klant|cliente|destinataire|consignee|empf[äa]nger|acheteur|koper|comprador|acquirente|k[äa]ufer|geadresseerde|ontvanger|consignatario|destinatario)\b\s*:?/i;

export function findLetterheadOrganization(
  text: DocumentText,
  exclude: readonly (string | null)[],
): string | null {
  const firstPage = text.lines.filter((line) => line.page === text.lines[0]?.page);
  const excluded = exclude.filter((v): v is string => v !== null).map((v) => v.toLowerCase());
  const candidates = [...firstPage.slice(0, HEADER_LINES), ...firstPage.slice(-FOOTER_LINES)];
  for (const [index, line] of candidates.entries()) {
    const previous = index > 0 ? candidates[index - 1] : undefined;
    for (const cell of line.cells) {
      for (const part of cell.text.split(CELL_SEPARATOR)) {
        const name = organizationIn(part);
        if (name === null) continue;
        if (excluded.some((e) => e.startsWith(name.toLowerCase()) || name.toLowerCase().startsWith(e)))
          continue;
        if (PARTY_LABEL.test(part.slice(0, part.indexOf(name))) || endsWithPartyLabel(previous, cell.x))
          continue;
        return name;
      }
    }
  }
  return null;
}

/** Whether a name ends in its legal form ("... SERVICES BVBA", "... CO., LTD."): the name is complete. */
export function endsWithLegalForm(name: string): boolean {
  return ENDS_WITH_LEGAL_FORM.test(name.trim()) && !WEIGHT_HEADING.test(name.trim());
}

/** A company name with its legal form at the start of `raw`, or null. */
export function parseOrganization(raw: string): string | null {
  return organizationIn(raw);
}

function organizationIn(part: string): string | null {
  const trimmed = part.trim().replace(/^(?:from|de|von|van|da)\s*:\s*/i, '');
  const match = ORGANIZATION.exec(trimmed);
  const name = match?.[1]?.replace(/[\s,]+$/, '').trim() ?? null;
  // "1,200 KG" is a weight, not a partnership: a name has letters before its legal form.
  if (name === null || WEIGHT_HEADING.test(name) || !/\p{L}{2}/u.test(name.replace(/\s\S+$/, '')))
    return null;
  return name;
}

// A name printed under "Bill to:" or "Client" belongs to the buyer.
function endsWithPartyLabel(line: DocumentText['lines'][number] | undefined, x: number): boolean {
  if (line === undefined) return false;
  return line.cells.some(
    (cell) => Math.abs(cell.x - x) < 30 && PARTY_LABEL.test(cell.text) && cell.text.length < 30,
  );
}
