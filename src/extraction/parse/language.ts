/** Which of the seven supported languages a document is written in, from its commonest words and labels. */

export type DocumentLanguage = 'en' | 'fr' | 'de' | 'nl' | 'es' | 'it' | 'pt';

// Words frequent in one language and rare in the others (accents stripped, lower case). Shared words
// ("de", "la", "total", "date") say nothing and are left out.
const MARKERS: Readonly<Record<DocumentLanguage, readonly string[]>> = {
  en: [
    'the',
    'of',
    'and',
    'to',
    'invoice',
    'amount',
    'number',
    'shipper',
    'consignee',
    'weight',
    'port',
    'due',
    'bill',
    'from',
    'with',
    'vessel',
  ],
  fr: [
    'le',
    'du',
    'des',
    'et',
    'facture',
    'montant',
    'numero',
    'poids',
    'chargeur',
    'destinataire',
    'tva',
    'ttc',
    'navire',
    'paiement',
    'adresse',
    'reglement',
  ],
  de: [
    'der',
    'die',
    'und',
    'das',
    'rechnung',
    'betrag',
    'datum',
    'gewicht',
    'empfanger',
    'mwst',
    'ust',
    'zahlung',
    'bitte',
    'nummer',
    'zahlbar',
    'gesamt',
  ],
  nl: [
    'het',
    'van',
    'een',
    'factuur',
    'bedrag',
    'btw',
    'datum',
    'gewicht',
    'ontvanger',
    'betaling',
    'voor',
    'nummer',
    'totaal',
    'vervaldatum',
    'afzender',
    'schip',
  ],
  es: [
    'el',
    'los',
    'las',
    'y',
    'factura',
    'importe',
    'fecha',
    'peso',
    'consignatario',
    'iva',
    'pago',
    'numero',
    'buque',
    'puerto',
    'cliente',
    'del',
  ],
  it: [
    'il',
    'della',
    'di',
    'e',
    'fattura',
    'importo',
    'data',
    'peso',
    'destinatario',
    'iva',
    'pagamento',
    'numero',
    'nave',
    'porto',
    'totale',
    'dello',
  ],
  pt: [
    'dos',
    'das',
    'nao',
    'fatura',
    'navio',
    'viagem',
    'remetente',
    'conhecimento',
    'carregamento',
    'chegada',
    'vencimento',
    'endereco',
    'volumes',
    'emissao',
  ],
};
// Fewer marker hits than this and no language is claimed.
const MIN_HITS = 2;

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** The language with the most marker words, or null when too few are found to say. */
export function detectLanguage(text: string): DocumentLanguage | null {
  const counts = new Map<string, number>();
  for (const word of foldText(text).split(/[^a-z]+/)) {
    if (word.length > 0) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let best: DocumentLanguage | null = null;
  let bestHits = 0;
  for (const [language, words] of Object.entries(MARKERS) as Array<[DocumentLanguage, readonly string[]]>) {
    // Each marker counts at most 3 times so one repeated word cannot decide alone.
    const hits = words.reduce((sum, word) => sum + Math.min(3, counts.get(word) ?? 0), 0);
    if (hits > bestHits) {
      bestHits = hits;
      best = language;
    }
  }
  return bestHits >= MIN_HITS ? best : null;
}
