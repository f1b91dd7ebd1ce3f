import type { DocumentText } from '../document-text.ts';
import { NUM } from '../fields/label-patterns.ts';
import { findLabeledValue, findLabeledValues } from '../fields/labeled-values.ts';
import { findLetterheadOrganization, parseOrganization } from '../fields/letterhead.ts';
import { findLineItems } from '../fields/line-items.ts';
import { parseIdentifier, parseParty } from '../fields/value-parsers.ts';
import { findCurrency, type Money, parseCurrencyCode, parseMoney } from '../parse/amounts.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { CommercialInvoicePayload } from '../schemas/commercial-invoice.ts';

// A forwarder's or a line's debit note bills its charges as an invoice does, numbered as its own series.
const INVOICE_WORD = String.raw`(?:(?:commercial\s+|tax\s+|proforma\s+|pro-forma\s+)?invoice|inv\.?|facture|rechnung|rechnungs|factuur|fattura|factura|fatura|debit\s+note|note\s+de\s+d[ée]bit|nota\s+(?:de|di)\s+d[ée]bito)`;
// "Invoice No. and date", "No. & date of invoice": one box holding both, "STC-087 DATED 24/11/2026".
const NUMBER_AND_DATE = [
  new RegExp(
    String.raw`${INVOICE_WORD}[\s-]*${NUM}\s*(?:and|&)\s*date|${NUM}\s*(?:and|&)\s*date\s+of\s+invoice`,
  ),
];
const INVOICE_NUMBER = [
  ...NUMBER_AND_DATE,
  new RegExp(String.raw`${INVOICE_WORD}[\s-]*(?:${NUM}|ref(?:erence)?\.?)`),
  new RegExp(
    String.raw`${NUM}\s*(?:de\s+|di\s+|del\s+|da\s+)?(?:la\s+)?(?:facture|factura|fatura|fattura|factuur|invoice)`,
  ),
  /rechnungsnummer|rechnungsnr\.?|factuurnummer|factuurnr\.?|invoice\s*#/,
  // A bare "Invoice:" before the number, as US forwarders print it.
  /invoice(?=\s*:)/,
  // Mexico's invoices number themselves by "Folio" (the "Folio fiscal" is the tax authority's UUID).
  /folio(?!\s+fiscal)/,
];
// A date is no invoice number: under a bare "Invoice:" some print the date.
const DATE_SHAPE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

// A series before the number: "EXP-A 4471", "FA 2026-118".
const SERIES_AND_NUMBER = /^([A-Z]{1,5}(?:-[A-Z]{1,3})?) (\d[\dA-Z\-/]{2,})(?![A-Za-z0-9\-/])/;

function parseInvoiceNumber(raw: string): string | null {
  const series = SERIES_AND_NUMBER.exec(raw.trim());
  if (series !== null) return `${series[1]} ${series[2]}`;
  const id = parseIdentifier(raw);
  return id === null || DATE_SHAPE.test(id) ? null : id;
}

const BARE_NUMBER = [/no\.?|nr\.?|n\s?[°º]\.?|number|num[ée]ro|nummer|n[úu]mero/];
const BARE_DATE = [/date|dated|datum|fecha|data/];
const INVOICE_DATE = [
  ...NUMBER_AND_DATE,
  /invoice\s+date|date\s+of\s+invoice|date\s+(?:de\s+(?:la\s+)?)?facture|date\s+de\s+facturation|rechnungsdatum|factuurdatum|data\s+(?:della\s+)?fattura|fecha\s+(?:de\s+(?:la\s+)?)?factura|data\s+da\s+fatura/,
  // "Tax point": the date a UK VAT invoice is dated for tax, its invoice date.
  /issue\s+date|date\s+of\s+issue|tax\s+point(?:\s+date)?|date\s+issued|date\s+d[''’][ée]mission|ausstellungsdatum|datum\s+der\s+rechnung|fecha\s+de\s+emisi[óo]n|data\s+(?:di\s+)?emissione|data\s+de\s+emiss[ãa]o/,
];
// Named payees first; a letterhead is next best; a shipper or "From" only then.
const SUPPLIER = [
  /seller|supplier|vendor|sold\s+by|beneficiary|fournisseur|vendeur|[ée]metteur|lieferant|verk[äa]ufer|leverancier|verkoper|proveedor|vendedor|fornitore|venditore|cedente\s+prestatore|fornecedor/,
];
const SUPPLIER_FALLBACK = [/exporter|shipper|exportateur|exporteur|exportador|esportatore/];
const FROM = [/from|de|von|van|da/];
const BUYER = [
  /buyer|messrs\.?|bill\s+to|billed\s+to|sold\s+to|invoice\s+to|importer|customer|client|acheteur|factur[ée]\s+[àa]|kunde|k[äa]ufer|rechnungsempf[äa]nger|klant|koper|cliente|comprador|facturar\s+a|acquirente|cessionario\s+committente|faturar\s+a/,
  /consignee|destinataire|empf[äa]nger|destinatario/,
];
// The grand total payable, most specific wordings first: what is left to pay, then the gross total
// (deposits and credits come off the gross total before the amount due). A bare "Total" may also head a
// quantity or weight line, or a table column (so the cell under it is one row's amount, never the
// invoice total).
const GRAND_TOTAL = [
  /total\s+amount\s+(?:due|payable)|amount\s+(?:due|payable)|total\s+(?:due|payable)|balance\s+due|net\s+[àa]\s+payer|reste\s+[àa]\s+payer|total\s+[àa]\s+payer|zu\s+zahlender\s+betrag|zahlbetrag|noch\s+zu\s+zahlen|totaal\s+te\s+betalen|te\s+betalen|total\s+a\s+pagar|importe\s+a\s+pagar|valor\s+a\s+pagar|totale\s+da\s+pagare|importo\s+da\s+pagare|netto\s+a\s+pagare/,
  /grand\s+total|invoice\s+total|total\s+invoice\s+(?:amount|value)|total\s+incl\.?(?:uding)?\s+vat|total\s+amount|total\s+value|total\s+ttc|montant\s+ttc|montant\s+total|total\s+g[ée]n[ée]ral|rechnungsbetrag|gesamtbetrag|endbetrag|gesamtsumme|bruttobetrag|summe\s+brutto|totaalbedrag|totaal\s+incl\.?\s+btw|factuurbedrag|importe\s+total|total\s+factura|valor\s+total|total\s+da\s+fatura|total\s+geral|totale\s+fattura|totale\s+documento|importo\s+totale/,
];
// An exporter's total at its Incoterm ("TOTAL FOB VALUE", "CIF Value EUR"); where it goes on from FOB
// to CIF, the largest is the amount invoiced.
const INCOTERM_TOTAL = [
  /(?:total\s+)?(?:exw|fca|fas|fob|cfr|c\s?&\s?f|cnf|cif|cpt|cip|dap|dpu|ddp)\s+(?:value|amount|total)(?:\s+(?:usd|eur|gbp|chf|jpy|cny|inr|aud|cad))?/,
];
const BARE_TOTAL = [/total|totaal|totale|gesamt|summe|montant|importe|importo|valor/];
const CURRENCY = [/currency|devise|monnaie|w[äa]hrung|valuta|moneda|divisa/];

export function extractCommercialInvoice(text: DocumentText): CommercialInvoicePayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  // Among several bare totals (net, VAT, gross), the amount payable is the largest.
  const total =
    findLabeledValue(text, GRAND_TOTAL, parseTotal, { singleRowBelow: true }) ??
    largestMoney(findLabeledValues(text, INCOTERM_TOTAL, parseTotal, { below: false })) ??
    largestMoney(findLabeledValues(text, BARE_TOTAL, parseTotal, { below: false }));
  const buyer = findLabeledValue(text, BUYER, parseParty);
  const supplier =
    findLabeledValue(text, SUPPLIER, parseParty) ??
    findLetterheadOrganization(text, [buyer]) ??
    findLabeledValue(text, SUPPLIER_FALLBACK, parseParty) ??
    findLabeledValue(text, FROM, parseOrganization, { startOfCell: true });
  return {
    // A bare "No." or "Date" counts only at the start of a cell, beside or under it.
    invoice_number:
      findLabeledValue(text, INVOICE_NUMBER, parseInvoiceNumber) ??
      findLabeledValue(text, BARE_NUMBER, parseIdentifier, { startOfCell: true, singleRowBelow: true }),
    invoice_date:
      findLabeledValue(text, INVOICE_DATE, (raw) => parseDate(raw, slashOrder)) ??
      dateAfterNumber(text, (raw) => parseDate(raw, slashOrder)) ??
      findLabeledValue(text, BARE_DATE, (raw) => parseDate(raw, slashOrder), { startOfCell: true }),
    supplier_name: supplier,
    buyer_name: buyer,
    total_amount: total?.amount ?? null,
    currency:
      total?.currency ?? findLabeledValue(text, CURRENCY, parseCurrencyCode) ?? documentCurrency(text.plain),
    line_items: findLineItems(text),
  };
}

// "Facture n° FA-118 du 12/03/2023", "Rechnung Nr. 118 vom 12.03.2023", "Invoice 118 dated 3 May 2023".
const NUMBER_THEN_DATE = new RegExp(
  String.raw`${INVOICE_WORD}[\s-]*(?:${NUM})?\s*:?\s*\S+\s+(?:du|vom|del|van|of|dated|le|d\.d\.)\s+(.{6,30})`,
  'i',
);

function dateAfterNumber(text: DocumentText, parse: (raw: string) => string | null): string | null {
  for (const line of text.lines) {
    const match = NUMBER_THEN_DATE.exec(line.text);
    const date = match?.[1] === undefined ? null : parse(match[1]);
    if (date !== null) return date;
  }
  return null;
}

// A total is an amount and maybe a currency; any other words mean the label meant something else
// ("Total Qty 50", "Total Gross Weight 1,200 KG").
function parseTotal(raw: string, label: string): Money | null {
  const money = parseMoney(raw);
  if (money === null) return null;
  const leftover = raw.replace(/[A-Z]{3}|US\$|R\$|[$€£₹]|[\d.,'\s()-]|euros?|eur\b/gi, '');
  if (leftover.length > 0) return null;
  // A label set in lower case names its currency so too ("total due chf").
  const labelCurrency = findCurrency(label) ?? findCurrency(label.toUpperCase());
  return money.currency === null ? { amount: money.amount, currency: labelCurrency } : money;
}

function largestMoney(values: readonly Money[]): Money | null {
  let best: Money | null = null;
  for (const value of values) if (best === null || Number(value.amount) > Number(best.amount)) best = value;
  return best;
}

// With no currency beside the total, one currency used throughout the document is the invoice's.
function documentCurrency(plain: string): string | null {
  const codes = new Set<string>();
  for (const line of plain.split('\n')) {
    const money = parseMoney(line);
    if (money?.currency !== null && money?.currency !== undefined && /\d/.test(line))
      codes.add(money.currency);
  }
  return codes.size === 1 ? ([...codes][0] ?? null) : null;
}
