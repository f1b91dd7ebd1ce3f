import type { DocumentText } from './document-text.ts';
import type { DocumentType } from './document-type.ts';
import { foldText } from './parse/language.ts';
import { CELL_SEPARATOR } from './pdf/layout-lines.ts';

/**
 * Classification by weighted evidence. A title (a short heading naming the document, in any of the six
 * languages) weighs most, more in the page header and more when set larger than the body text. Field
 * labels and structural cues each add their weight; a few combinations typical of one type (totals with
 * VAT or a bank account on an invoice; shipper, consignee and ports on a B/L) add a bonus. The best score
 * wins if it is high enough and far enough ahead of the runner-up; otherwise the document is `other`.
 */

type ClassifiedType = Exclude<DocumentType, 'other'>;

interface TypeEvidence {
  /** Headings naming the document, accents folded, lower case. */
  titles: readonly string[];
  /** Phrases (folded, whole words) that such documents carry, with their weight. */
  cues: ReadonlyArray<readonly [string, number]>;
}

const TITLE_WEIGHT = 10;
// A numbered title ("FACTURE N° 2024-118") in the header is nearly as strong as a bare one.
const NUMBERED_TITLE_WEIGHT = 7;
const HEADER_LINES = 8;
const HEADER_BONUS = 3;
const STRONG_TITLE = TITLE_WEIGHT + HEADER_BONUS;
const LARGE_TEXT_RATIO = 1.3;
const LARGE_TEXT_BONUS = 2;
// A title is a short cell: "ORIGINAL BILL OF LADING" is one, "Bill of Lading No." is a label.
const MAX_TITLE_EXTRA_WORDS = 3;
// Without a title, the evidence must reach this score and lead the runner-up by this much.
const MIN_SCORE_WITHOUT_TITLE = 6;
const MIN_MARGIN = 2.5;
// Per cue, a cap so one type's long vocabulary cannot drown a title.
const MAX_CUE_SCORE = 14;

const LABEL_WORDS = new Set(
  'no nos nr n number num numero nummer date datum fecha data ref reference total amount value'.split(' '),
);

const EVIDENCE: Readonly<Record<ClassifiedType, TypeEvidence>> = {
  commercial_invoice: {
    titles: [
      'commercial invoice',
      'tax invoice',
      'export invoice',
      'proforma invoice',
      'pro forma invoice',
      'invoice',
      'vat invoice',
      'facture',
      'facture commerciale',
      'facture proforma',
      'rechnung',
      'handelsrechnung',
      'proformarechnung',
      'factuur',
      'handelsfactuur',
      'fattura',
      'fattura commerciale',
      'fattura proforma',
      'factura',
      'factura comercial',
      'factura proforma',
      'factura de exportacion',
      'facture d exportation',
      'exportrechnung',
      'zollfaktura',
      'fattura di vendita',
      'fattura accompagnatoria',
      'verkoopfactuur',
      'exportfactuur',
    ],
    cues: [
      ['invoice no', 2],
      ['invoice number', 2],
      ['invoice date', 2],
      ['invoice #', 2],
      ['facture n', 2],
      ['numero de facture', 2],
      ['date de facture', 2],
      ['rechnungsnummer', 2],
      ['rechnungsdatum', 2],
      ['rechnung nr', 2],
      ['factuurnummer', 2],
      ['factuurdatum', 2],
      ['numero fattura', 2],
      ['data fattura', 2],
      ['fattura n', 2],
      ['numero de factura', 2],
      ['fecha de factura', 2],
      ['factura n', 2],
      ['factuur nr', 2],
      ['factuurnr', 2],
      ['rechnungs nr', 2],
      ['n de facture', 2],
      ['n fattura', 2],
      ['n de factura', 2],
      ['inv no', 2],
      ['summe', 1],
      ['endbetrag', 1.5],
      ['nettobetrag', 1],
      ['base imponible', 1.5],
      ['imponibile', 1.5],
      ['montant total', 1.5],
      ['importo da pagare', 1.5],
      ['importo totale', 1.5],
      ['totale da pagare', 1.5],
      ['buyer', 1],
      ['seller', 1],
      ['acheteur', 1],
      ['vendeur', 1],
      ['kaufer', 1],
      ['verkaufer', 1],
      ['koper', 1],
      ['verkoper', 1],
      ['comprador', 1],
      ['vendedor', 1],
      ['acquirente', 1],
      ['venditore', 1],
      ['fournisseur', 0.5],
      ['lieferant', 0.5],
      ['leverancier', 0.5],
      ['proveedor', 0.5],
      ['fornitore', 0.5],
      ['facture a', 1],
      ['rechnungsempfanger', 1],
      ['factuuradres', 1],
      ['facturar a', 1],
      ['intestatario', 1],
      ['ust idnr', 1],
      ['tva intracommunautaire', 1],
      ['partita iva', 1],
      ['cif', 0.5],
      ['nif', 0.5],
      ['unit price', 1.5],
      ['prix unitaire', 1.5],
      ['einzelpreis', 1.5],
      ['stukprijs', 1.5],
      ['eenheidsprijs', 1.5],
      ['prezzo unitario', 1.5],
      ['precio unitario', 1.5],
      ['subtotal', 1],
      ['sous-total', 1],
      ['zwischensumme', 1],
      ['subtotaal', 1],
      ['subtotale', 1],
      ['grand total', 1.5],
      ['amount due', 1.5],
      ['total due', 1.5],
      ['net a payer', 2],
      ['total ttc', 2],
      ['total ht', 1.5],
      ['montant ttc', 1.5],
      ['gesamtbetrag', 1.5],
      ['rechnungsbetrag', 2],
      ['zu zahlen', 1],
      ['te betalen', 1.5],
      ['totaalbedrag', 1.5],
      ['totale fattura', 2],
      ['totale documento', 2],
      ['importe total', 1.5],
      ['total a pagar', 1.5],
      ['vat', 1],
      ['tva', 1],
      ['mwst', 1],
      ['ust', 1],
      ['btw', 1],
      ['iva', 1],
      ['iban', 1.5],
      ['bic', 0.5],
      ['swift', 0.5],
      ['payment terms', 1],
      ['conditions de paiement', 1],
      ['zahlungsbedingungen', 1],
      ['betalingsvoorwaarden', 1],
      ['condiciones de pago', 1],
      ['termini di pagamento', 1],
      ['bill to', 1],
      ['sold to', 1],
      ['due date', 1],
      ['echeance', 1],
      ['faellig', 1],
      ['vervaldatum', 1],
      ['scadenza', 1],
      ['vencimiento', 1],
      ['incoterms', 0.5],
      ['hs code', 0.5],
    ],
  },
  bill_of_lading: {
    titles: [
      'bill of lading',
      'ocean bill of lading',
      'house bill of lading',
      'master bill of lading',
      'sea waybill',
      'seawaybill',
      'seewaybill',
      'see waybill',
      'sea way bill',
      'waybill',
      'express bill of lading',
      'express release',
      'telex release',
      'non negotiable sea waybill',
      'connaissement',
      'connaissement maritime',
      'lettre de transport maritime',
      'konnossement',
      'seefrachtbrief',
      'cognossement',
      'connossement',
      'zeevrachtbrief',
      'conocimiento de embarque',
      'conocimiento maritimo',
      'polizza di carico',
      'polizza di carico marittima',
      'combined transport bill of lading',
      'multimodal transport bill of lading',
      'through bill of lading',
      'carta de porte maritimo',
      'carta de porte',
      'lettera di vettura marittima',
      'lettera di vettura',
      'conocimiento de embarque maritimo',
      'connaissement de transport combine',
      'durchkonnossement',
    ],
    cues: [
      ['shipper', 1.5],
      ['consignee', 1.5],
      ['notify party', 2.5],
      ['notify', 1],
      ['port of loading', 1.5],
      ['port of discharge', 1.5],
      ['place of receipt', 1.5],
      ['place of delivery', 1],
      ['ocean vessel', 2],
      ['freight prepaid', 2],
      ['freight collect', 2],
      ['shipped on board', 3],
      ['number of original', 3],
      ['particulars furnished by shipper', 3],
      ['said to contain', 2],
      ['stc', 0.5],
      ['on board', 1],
      ['chargeur', 1.5],
      ['expediteur', 1],
      ['destinataire', 1],
      ['partie a notifier', 2.5],
      ['notifier', 1],
      ['port de chargement', 1.5],
      ['port de dechargement', 1.5],
      ['ablader', 1.5],
      ['versender', 1],
      ['empfaenger', 1],
      ['empfanger', 1],
      ['meldeadresse', 2],
      ['verladehafen', 1.5],
      ['ladehafen', 1.5],
      ['loeschhafen', 1.5],
      ['loschhafen', 1.5],
      ['afzender', 1],
      ['verlader', 1.5],
      ['geadresseerde', 1],
      ['laadhaven', 1.5],
      ['loshaven', 1.5],
      ['embarcador', 1.5],
      ['consignatario', 1.5],
      ['notificar a', 2],
      ['puerto de carga', 1.5],
      ['puerto de embarque', 1.5],
      ['puerto de descarga', 1.5],
      ['caricatore', 1.5],
      ['porto di carico', 1.5],
      ['porto di imbarco', 1.5],
      ['porto di sbarco', 1.5],
      ['porto di scarico', 1.5],
      ['seal', 0.5],
      ['scac', 1],
      ['absender', 1],
      ['ontvanger', 0.5],
      ['remitente', 1],
      ['mittente', 1],
      ['destinatario', 0.5],
      ['notify adres', 2],
      ['notify adresse', 2],
      ['te verwittigen partij', 2.5],
      ['parte a notificar', 2.5],
      ['parte da notificare', 2.5],
      ['notificare a', 2],
      ['haven van lading', 1.5],
      ['haven van lossing', 1],
      ['port d embarquement', 1.5],
      ['entladehafen', 1],
      ['place of issue', 2],
      ['place and date of issue', 2.5],
      ['lieu et date d emission', 2.5],
      ['ort und datum der ausstellung', 2.5],
      ['plaats en datum van afgifte', 2.5],
      ['lugar y fecha de emision', 2.5],
      ['luogo e data di emissione', 2.5],
      ['fret paye', 2],
      ['fracht bezahlt', 2],
      ['vracht betaald', 2],
      ['flete pagado', 2],
      ['nolo pagato', 2],
      ['zegel', 0.5],
      ['precinto', 0.5],
      ['sigillo', 0.5],
      ['plomb', 0.5],
      ['plombe', 0.5],
    ],
  },
  arrival_notice: {
    titles: [
      'arrival notice',
      'notice of arrival',
      'cargo arrival notice',
      'arrival notification',
      'avis d arrivee',
      'avis d arrivee marchandises',
      'ankunftsmeldung',
      'ankunftsanzeige',
      'ankunftsavis',
      'aankomstbericht',
      'aankomstmelding',
      'aviso de llegada',
      'avviso di arrivo',
      'notifica di arrivo',
      'avviso arrivo merce',
      'avis d arrivee navire',
      'notificacion de llegada',
      'aviso de arribo',
      'avviso di arrivo nave',
      'avviso di arrivo merce',
      'ankunftsbenachrichtigung',
      'notification d arrivee',
    ],
    cues: [
      ['eta', 1],
      ['estimated time of arrival', 2],
      ['last free day', 3],
      ['free time', 2],
      ['demurrage', 1.5],
      ['available for pickup', 2.5],
      ['charges due', 1.5],
      ['arrival date', 2],
      ['date of arrival', 2],
      ['has arrived', 2],
      ['will arrive', 2],
      ['customs clearance', 1],
      ['date d arrivee', 2],
      ['ankunft', 1.5],
      ['ankunftsdatum', 2],
      ['aankomst', 1.5],
      ['fecha de llegada', 2],
      ['llegada', 1],
      ['data di arrivo', 2],
      ['arrivo', 1],
      ['freight charges', 1],
      ['terminal', 0.5],
      ['firms code', 1.5],
      ['it number', 1],
      ['date d arrivee prevue', 2],
      ['arrivee prevue', 2],
      ['voraussichtliche ankunft', 2],
      ['verwachte aankomst', 2],
      ['llegada estimada', 2],
      ['arrivo previsto', 2],
      ['dernier jour de franchise', 3],
      ['fin de franchise', 3],
      ['letzter freier tag', 3],
      ['freizeit bis', 2.5],
      ['laatste vrije dag', 3],
      ['vrije tijd', 2],
      ['ultimo dia libre', 3],
      ['dias libres', 2.5],
      ['ultimo giorno franco', 3],
      ['franchigia', 2],
      ['franchise', 1],
      ['surestaries', 1.5],
      ['liegegeld', 1.5],
      ['sobrestadia', 1.5],
      ['controstallie', 1.5],
    ],
  },
  packing_list: {
    titles: [
      'packing list',
      'packing slip',
      'packing specification',
      'packinglist',
      'liste de colisage',
      'note de colisage',
      'packliste',
      'packing liste',
      'paklijst',
      'paklijst packing list',
      'lista de empaque',
      'lista de embalaje',
      'distinta colli',
      'lista colli',
      'lista di imballaggio',
      'colisage',
      'lista de bultos',
      'distinta di imballaggio',
      'distinta d imballaggio',
      'lista imballo',
      'pakbon',
      'packzettel',
    ],
    cues: [
      ['gross weight', 1],
      ['net weight', 1.5],
      ['packages', 0.5],
      ['cartons', 1],
      ['measurement', 1],
      ['cbm', 0.5],
      ['dimensions', 1],
      ['marks and numbers', 1],
      ['pallets', 1],
      ['poids brut', 1],
      ['poids net', 1.5],
      ['colis', 1],
      ['bruttogewicht', 1],
      ['nettogewicht', 1.5],
      ['packstuck', 1],
      ['packstucke', 1],
      ['kolli', 1],
      ['brutogewicht', 1],
      ['netto gewicht', 1.5],
      ['colli', 1],
      ['peso bruto', 1],
      ['peso neto', 1.5],
      ['bultos', 1],
      ['peso lordo', 1],
      ['peso netto', 1.5],
      ['carton no', 1.5],
      ['ctn', 0.5],
      ['n w', 1],
      ['g w', 1],
      ['packing list no', 2],
      ['p l no', 2],
      ['n de colisage', 2],
      ['packlisten nr', 2],
      ['paklijstnummer', 2],
      ['n de lista', 1.5],
      ['n distinta', 2],
      ['total packages', 1],
      ['total cartons', 1.5],
      ['nombre de colis', 1],
      ['total colis', 1],
      ['anzahl packstucke', 1],
      ['packstucke gesamt', 1],
      ['aantal colli', 1],
      ['totaal colli', 1],
      ['total bultos', 1],
      ['numero de bultos', 1],
      ['totale colli', 1],
      ['numero colli', 1],
      ['poids brut total', 1],
      ['gesamtgewicht', 1],
      ['totaal bruto gewicht', 1],
      ['peso bruto total', 1],
      ['peso lordo totale', 1],
      ['total gross weight', 1],
    ],
  },
  delivery_order: {
    titles: [
      'delivery order',
      'pickup order',
      'pick up order',
      'cargo release',
      'container release order',
      'release order',
      'equipment release',
      'bon a delivrer',
      'bon a enlever',
      'bon de livraison',
      'auslieferauftrag',
      'auslieferungsauftrag',
      'freistellung',
      'freistellungsauftrag',
      'afleveringsorder',
      'vrijgave',
      'leveringsorder',
      'orden de entrega',
      'orden de retiro',
      'ordine di consegna',
      'buono di consegna',
      'afleverorder',
      'vrijgaveorder',
      'uitleveringsorder',
      'orden de despacho',
      'orden de liberacion',
      'ordine di rilascio',
      'bon de delivrance',
      'freigabeauftrag',
    ],
    cues: [
      ['delivery order no', 3],
      ['delivery order number', 3],
      ['d o no', 2.5],
      ['release no', 1.5],
      ['please release', 3],
      ['please deliver', 3],
      ['release the', 1.5],
      ['deliver to', 3],
      ['delivery to', 1.5],
      ['trucker', 1.5],
      ['haulier', 1.5],
      ['trucking company', 1.5],
      ['pick up', 0.5],
      ['pickup location', 1],
      ['empty return', 1.5],
      ['return depot', 1.5],
      ['valid until', 1.5],
      ['released to', 2],
      ['livrer a', 3],
      ['ausliefern an', 3],
      ['transporteur', 1],
      ['entregar a', 3],
      ['consegnare a', 3],
      ['remettre a', 3],
      ['freigabe an', 3],
      ['vrijgeven aan', 3],
      ['afleveren aan', 3],
      ['despachar a', 3],
      ['rilasciare a', 3],
      ['release to', 3],
      ['n bad', 2.5],
      ['freistellungs nr', 2.5],
      ['freistellungsnummer', 2.5],
      ['vrijgavenummer', 2.5],
      ['n de orden', 1.5],
      ['orden n', 1.5],
      ['n ordine', 1.5],
      ['buono n', 2],
      ['ordernummer', 1],
      ['auftrags nr', 1],
      ['bon n', 1],
    ],
  },
  booking_confirmation: {
    titles: [
      'booking confirmation',
      'booking acknowledgement',
      'booking acknowledgment',
      'booking advice',
      'booking note',
      'confirmation de reservation',
      'confirmation de booking',
      'buchungsbestatigung',
      'buchungsbestaetigung',
      'boekingsbevestiging',
      'confirmacion de reserva',
      'confirmacion de booking',
      'conferma di prenotazione',
      'conferma booking',
      'shipping order confirmation',
      'bevestiging van boeking',
      'reserveringsbevestiging',
      'conferma della prenotazione',
      'confirmacion de la reserva',
      'confirmation de la reservation',
      'bestatigung der buchung',
    ],
    cues: [
      ['booking no', 2],
      ['booking number', 2],
      ['booking ref', 2],
      ['booking reference', 2],
      ['booking date', 2],
      ['cut off', 2],
      ['cut-off', 2],
      ['cutoff', 2],
      ['vgm', 1.5],
      ['si cut', 2],
      ['doc cut', 2],
      ['empty pick up', 2],
      ['empty pickup', 2],
      ['empty release', 1.5],
      ['etd', 1],
      ['estimated time of departure', 2],
      ['equipment', 1],
      ['closing', 1],
      ['earliest receiving', 2],
      ['gate in', 1.5],
      ['numero de reservation', 2],
      ['buchungsnummer', 2],
      ['boekingsnummer', 2],
      ['numero de reserva', 2],
      ['numero di prenotazione', 2],
      ['we confirm', 1],
      ['thank you for your booking', 3],
      ['boeking nr', 2],
      ['buchungs nr', 2],
      ['n de reservation', 2],
      ['ref booking', 2],
      ['n de reserva', 2],
      ['numero de booking', 2],
      ['n prenotazione', 2],
      ['numero booking', 2],
      ['estimated departure', 2],
      ['sailing date', 1.5],
      ['depart prevu', 2],
      ['date de depart', 1.5],
      ['voraussichtliche abfahrt', 2],
      ['abfahrt', 1],
      ['verwacht vertrek', 2],
      ['vertrekdatum', 1.5],
      ['salida estimada', 2],
      ['fecha de salida', 1.5],
      ['partenza prevista', 2],
      ['data di partenza', 1.5],
    ],
  },
};

export interface Classification {
  documentType: DocumentType;
  /** 0..1: how far the decision stands above the alternatives. */
  confidence: number;
  notes: string;
}

interface Score {
  type: ClassifiedType;
  title: string | null;
  titleScore: number;
  cues: string[];
  cueScore: number;
  total: number;
}

export function classifyDocument(text: DocumentText): Classification {
  const haystack = ` ${foldText(text.plain).replace(/[^a-z0-9#]+/g, ' ')} `;
  const bodySize = medianFontSize(text);
  const types = Object.keys(EVIDENCE) as ClassifiedType[];
  const scores = types.map((type) => scoreType(type, text, haystack, bodySize));
  addStructuralBonuses(scores, text.plain);
  // A title in the page header outweighs any pile of cues: an arrival notice or a delivery order repeats
  // most of a B/L's labels. Among such titles the stronger wins; otherwise the evidence totals decide.
  const rank = (s: Score): number =>
    s.titleScore >= STRONG_TITLE ? 1000 + s.titleScore * 10 + s.total : s.total;
  scores.sort((a, b) => rank(b) - rank(a) || b.titleScore - a.titleScore);
  const [best, runnerUp] = scores;
  if (best === undefined || best.total === 0) {
    return { documentType: 'other', confidence: 0, notes: 'no title and no cues of a known type' };
  }
  const margin = best.total - (runnerUp?.total ?? 0);
  const confidence =
    Math.round(Math.max(0, Math.min(1, margin / (best.total + 1) + (best.title !== null ? 0.5 : 0))) * 100) /
    100;
  const cueNote = `${best.cues.length} supporting cue${best.cues.length === 1 ? '' : 's'}`;
  if (best.title !== null && (margin > 0 || best.titleScore > (runnerUp?.titleScore ?? 0))) {
    return {
      documentType: best.type,
      confidence,
      notes: `title '${best.title.toUpperCase()}'; ${cueNote}; confidence ${confidence}`,
    };
  }
  if (best.total >= MIN_SCORE_WITHOUT_TITLE && margin >= MIN_MARGIN) {
    return {
      documentType: best.type,
      confidence,
      notes: `no title; ${cueNote} (${best.cues.slice(0, 4).join(', ')}); confidence ${confidence}`,
    };
  }
  return {
    documentType: 'other',
    confidence: 0,
    notes: `no clear title; closest is ${best.type} with ${cueNote}, too little to decide`,
  };
}

function scoreType(type: ClassifiedType, text: DocumentText, haystack: string, bodySize: number): Score {
  const evidence = EVIDENCE[type];
  let title: string | null = null;
  let titleScore = 0;
  text.lines.forEach((line, index) => {
    const inHeader = index < HEADER_LINES;
    for (const [cell, part] of line.cells.flatMap((c) =>
      c.text.split(CELL_SEPARATOR).map((p) => [c, p] as const),
    )) {
      const found = matchTitle(part, evidence.titles, inHeader);
      if (found === null) continue;
      const score =
        found.weight +
        (inHeader ? HEADER_BONUS : 0) +
        (cell.fontSize >= bodySize * LARGE_TEXT_RATIO ? LARGE_TEXT_BONUS : 0);
      if (score > titleScore) {
        titleScore = score;
        title = found.title;
      }
    }
  });
  const cues: string[] = [];
  let cueScore = 0;
  for (const [cue, weight] of evidence.cues) {
    if (haystack.includes(` ${cue} `)) {
      cues.push(cue);
      cueScore += weight;
    }
  }
  cueScore = Math.min(cueScore, MAX_CUE_SCORE);
  return { type, title, titleScore, cues, cueScore, total: titleScore + cueScore };
}

// Structure beyond single words: each bonus needs several cues together.
function addStructuralBonuses(scores: Score[], plain: string): void {
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

function matchTitle(
  cellText: string,
  titles: readonly string[],
  inHeader: boolean,
): { title: string; weight: number } | null {
  if (cellText.includes(':')) return null;
  const words = foldText(cellText)
    .replace(/[^a-z0-9#\s-]/g, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  // Letter-spaced headings ("I N V O I C E") come out as single letters; read them as one word.
  if (words.length >= 4 && words.every((w) => w.length === 1)) {
    const compact = words.join('');
    const title = titles.find((t) => ocrFold(t.replace(/ /g, '')) === ocrFold(compact));
    return title === undefined ? null : { title, weight: TITLE_WEIGHT };
  }
  const joined = ` ${words.join(' ')} `;
  let best: { title: string; weight: number } | null = null;
  for (const title of titles) {
    const at = ocrFold(joined).indexOf(` ${ocrFold(title)} `);
    if (at < 0) continue;
    const before = joined
      .slice(0, at)
      .trim()
      .split(' ')
      .filter((w) => w.length > 0);
    const after = joined
      .slice(at + title.length + 2)
      .trim()
      .split(' ')
      .filter((w) => w.length > 0);
    const extra = [...before, ...after];
    const numbered = after.length > 0 && LABEL_WORDS.has(after[0] ?? '') && after.some((w) => /\d/.test(w));
    let weight = 0;
    if (
      !/\d/.test(ocrFold(joined)) &&
      extra.length <= MAX_TITLE_EXTRA_WORDS &&
      !extra.some((w) => LABEL_WORDS.has(w))
    ) {
      weight = TITLE_WEIGHT;
    } else if (numbered && inHeader && before.length <= 1 && after.length <= 4) {
      weight = NUMBERED_TITLE_WEIGHT;
    }
    // Two titles in one heading ("ARRIVAL NOTICE / FREIGHT INVOICE"): the one it starts with names it.
    if (weight > 0 && before.length === 0) weight += 1;
    // Longer titles are more specific ("house bill of lading" over "bill of lading").
    if (
      weight > 0 &&
      (best === null || weight > best.weight || (weight === best.weight && title.length > best.title.length))
    ) {
      best = { title, weight };
    }
  }
  return best;
}

// OCR confuses l, 1, | and I, 0 and O, 5 and S: headings compare with each group folded to one letter.
// Only letters are replaced one for one, so positions in the folded text match the original.
function ocrFold(text: string): string {
  return text.replace(/[l1|]/g, 'i').replace(/0/g, 'o').replace(/5/g, 's');
}

function medianFontSize(text: DocumentText): number {
  const sizes = text.lines.flatMap((line) => line.cells.map((cell) => cell.fontSize)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}
