import { foldText } from '../parse/language.ts';
import type { ClassifiedType } from './type-evidence.ts';

/** Evidence from structure beyond single words: each bonus needs several cues together. */

/** A type's running score; bonuses add to its total. */
export interface TypeScore {
  type: ClassifiedType;
  total: number;
}

export function addStructuralBonuses(scores: TypeScore[], plain: string): void {
  const folded = foldText(plain);
  const bonus = (type: ClassifiedType, points: number): void => {
    const score = scores.find((s) => s.type === type);
    if (score !== undefined) score.total += points;
  };
  const has = (pattern: RegExp): boolean => pattern.test(folded);
  // Compounds count: "Totaalbedrag", "Gesamtbetrag", "Rechnungsbetrag".
  const total = has(
    /\b(?:total\w*|totaal\w*|totale|gesamt\w*|\w*summe|montant|importe|importo|\w*betrag|\w*bedrag|amount due)\b/,
  );
  const tax = has(/\b(?:vat|tva|mwst|ust|btw|iva|tax)\b/);
  const bank = has(/\biban\b|\bswift\b|\bbic\b|bank details|coordonnees bancaires|bankverbindung/);
  if (total && (tax || bank)) bonus('commercial_invoice', 3);
  // A total with its money ("Summe: 12.450,00 €", "TOTAL USD 1,234.00") and a priced item table are what
  // an invoice without a title still shows.
  if (TOTAL_WITH_MONEY.test(folded)) bonus('commercial_invoice', 2);
  if (PRICE_HEADING.test(folded)) bonus('commercial_invoice', 1.5);
  const parties = [
    /\bshipper\b|\bchargeur\b|\bablader\b|\bverlader\b|\bembarcador\b|\bcaricatore\b/,
    /\bconsignee\b|\bdestinataire\b|\bempfa?e?nger\b|\bgeadresseerde\b|\bconsignatario\b|\bdestinatario\b/,
    /\bnotify\b|\bnotifier\b|\bmeldeadresse\b|\bnotificar\b|\bnotificare\b/,
  ].filter(has).length;
  const ports = has(
    /port of (?:loading|discharge)|port de (?:chargement|dechargement)|(?:lade|losch|loesch)hafen|(?:laad|los)haven|puerto de (?:carga|descarga|embarque)|porto di (?:carico|scarico|sbarco|imbarco)/,
  );
  if (parties >= 3 && ports) bonus('bill_of_lading', 3);
  if (
    has(/last free day|free time|demurrage/) &&
    has(/\beta\b|arrival|arrivee|ankunft|aankomst|llegada|arrivo/)
  )
    bonus('arrival_notice', 2);
  const weightLines = plain.split('\n').filter((line) => /\d\s*(?:kgs?|kg)\b/i.test(line)).length;
  if (weightLines >= 3 && has(/net|netto|neto/)) bonus('packing_list', 2);
}

const TOTAL_WITH_MONEY =
  /\b(?:total\w*|totaal\w*|totale|\w*summe|\w*betrag|\w*bedrag|montant|importe|importo|amount due|net a payer|te betalen|zu zahlen|a pagar|da pagare)\b[^\n\d]{0,12}(?:[$€£]|\b[a-z]{3}\b)?\s*\d[\d.,' ]*[.,]\d{2}\b/;
// A table heading with a unit price or line amount column next to a quantity column.
const PRICE_HEADING =
  /\b(?:qty|quantity|quantite|qte|menge|aantal|cantidad|cant|quantita|q ta)\b.{0,60}\b(?:unit price|price|amount|prix|montant|preis|betrag|prijs|bedrag|precio|importe|prezzo|importo)\b/;
