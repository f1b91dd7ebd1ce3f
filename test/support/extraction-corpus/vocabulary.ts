/**
 * Words the corpus prints, per language: titles, field labels (several synonyms each) and month names.
 * Written independently of the engine's vocabulary on purpose, so the corpus measures rather than mirrors.
 */

export const LANGUAGES = ['en', 'fr', 'de', 'nl', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * The languages of the held-out sets: the generator's six and Portuguese, which the generator does not
 * write (the seventh set's Brazilian and Portuguese papers are its only ones).
 */
export const HELDOUT_LANGUAGES = [...LANGUAGES, 'pt'] as const;
export type HeldoutLanguage = (typeof HELDOUT_LANGUAGES)[number];

export const CORPUS_TYPES = [
  'commercial_invoice',
  'bill_of_lading',
  'arrival_notice',
  'packing_list',
  'delivery_order',
  'booking_confirmation',
  'other',
] as const;
export type CorpusType = (typeof CORPUS_TYPES)[number];

type PerLanguage<T> = Readonly<Record<Language, T>>;

export const TITLES: Readonly<Record<Exclude<CorpusType, 'other'>, PerLanguage<readonly string[]>>> = {
  commercial_invoice: {
    en: ['COMMERCIAL INVOICE', 'Invoice', 'TAX INVOICE'],
    fr: ['FACTURE', 'Facture commerciale'],
    de: ['RECHNUNG', 'Handelsrechnung'],
    nl: ['FACTUUR', 'Handelsfactuur'],
    es: ['FACTURA', 'Factura comercial'],
    it: ['FATTURA', 'Fattura commerciale'],
  },
  bill_of_lading: {
    en: ['BILL OF LADING', 'SEA WAYBILL', 'HOUSE BILL OF LADING', 'Combined Transport Bill of Lading'],
    fr: ['CONNAISSEMENT', 'LETTRE DE TRANSPORT MARITIME'],
    de: ['KONNOSSEMENT', 'Seefrachtbrief'],
    nl: ['CONOSSEMENT', 'Zeevrachtbrief'],
    es: ['CONOCIMIENTO DE EMBARQUE', 'Carta de porte marítimo'],
    it: ['POLIZZA DI CARICO', 'Lettera di vettura marittima'],
  },
  arrival_notice: {
    en: ['ARRIVAL NOTICE', 'Notice of Arrival'],
    fr: ["AVIS D'ARRIVÉE", "Avis d'arrivée navire"],
    de: ['ANKUNFTSMELDUNG', 'Ankunftsanzeige'],
    nl: ['AANKOMSTBERICHT', 'Aankomstmelding'],
    es: ['AVISO DE LLEGADA', 'Notificación de llegada'],
    it: ['AVVISO DI ARRIVO', 'Avviso arrivo merce'],
  },
  packing_list: {
    en: ['PACKING LIST', 'Packing Specification'],
    fr: ['LISTE DE COLISAGE', 'Colisage'],
    de: ['PACKLISTE', 'Packliste / Packing List'],
    nl: ['PAKLIJST', 'Paklijst'],
    es: ['LISTA DE EMPAQUE', 'Lista de bultos'],
    it: ['DISTINTA DI IMBALLAGGIO', 'Lista colli'],
  },
  delivery_order: {
    en: ['DELIVERY ORDER', 'Release Order'],
    fr: ['BON À DÉLIVRER', 'Bon de livraison'],
    de: ['AUSLIEFERUNGSAUFTRAG', 'Freistellungsauftrag'],
    nl: ['AFLEVERORDER', 'Vrijgaveorder'],
    es: ['ORDEN DE ENTREGA', 'Orden de despacho'],
    it: ['ORDINE DI CONSEGNA', 'Buono di consegna'],
  },
  booking_confirmation: {
    en: ['BOOKING CONFIRMATION', 'Booking Acknowledgement'],
    fr: ['CONFIRMATION DE RÉSERVATION', 'Confirmation de booking'],
    de: ['BUCHUNGSBESTÄTIGUNG', 'Buchungsbestätigung'],
    nl: ['BOEKINGSBEVESTIGING', 'Bevestiging van boeking'],
    es: ['CONFIRMACIÓN DE RESERVA', 'Confirmación de booking'],
    it: ['CONFERMA DI PRENOTAZIONE', 'Conferma booking'],
  },
};

export const OTHER_TITLES: PerLanguage<readonly string[]> = {
  en: ['CERTIFICATE OF ORIGIN', 'QUOTATION'],
  fr: ["CERTIFICAT D'ORIGINE", 'DEVIS'],
  de: ['URSPRUNGSZEUGNIS', 'ANGEBOT'],
  nl: ['CERTIFICAAT VAN OORSPRONG', 'OFFERTE'],
  es: ['CERTIFICADO DE ORIGEN', 'PRESUPUESTO'],
  it: ['CERTIFICATO DI ORIGINE', 'PREVENTIVO'],
};

export type LabelKey =
  | 'invoice_number'
  | 'invoice_date'
  | 'seller'
  | 'buyer'
  | 'total'
  | 'subtotal'
  | 'vat'
  | 'bl_number'
  | 'shipper'
  | 'consignee'
  | 'notify_party'
  | 'vessel'
  | 'voyage'
  | 'port_of_loading'
  | 'port_of_discharge'
  | 'containers'
  | 'seals'
  | 'scac'
  | 'eta'
  | 'etd'
  | 'last_free_day'
  | 'packing_list_number'
  | 'packages'
  | 'gross_weight'
  | 'delivery_order_number'
  | 'booking_number'
  | 'date'
  | 'description'
  | 'quantity'
  | 'unit_price'
  | 'amount'
  | 'carrier'
  | 'release_to';

export const LABELS: Readonly<Record<LabelKey, PerLanguage<readonly string[]>>> = {
  invoice_number: {
    en: ['Invoice No.', 'Invoice Number', 'Invoice #', 'Inv. No'],
    fr: ['N° de facture', 'Facture n°', 'Numéro de facture'],
    de: ['Rechnungsnummer', 'Rechnung Nr.', 'Rechnungs-Nr.'],
    nl: ['Factuurnummer', 'Factuur nr.', 'Factuurnr.'],
    es: ['Nº de factura', 'Factura n.º', 'Número de factura'],
    it: ['Fattura n.', 'Numero fattura', 'N. fattura'],
  },
  invoice_date: {
    en: ['Invoice Date', 'Date', 'Date of Invoice'],
    fr: ['Date de facture', 'Date', 'Date facture'],
    de: ['Rechnungsdatum', 'Datum'],
    nl: ['Factuurdatum', 'Datum'],
    es: ['Fecha de factura', 'Fecha'],
    it: ['Data fattura', 'Data'],
  },
  seller: {
    en: ['Seller', 'Exporter', 'Supplier', 'Sold by'],
    fr: ['Vendeur', 'Fournisseur', 'Exportateur'],
    de: ['Verkäufer', 'Lieferant', 'Exporteur'],
    nl: ['Verkoper', 'Leverancier', 'Exporteur'],
    es: ['Vendedor', 'Proveedor', 'Exportador'],
    it: ['Venditore', 'Fornitore', 'Esportatore'],
  },
  buyer: {
    en: ['Bill To', 'Buyer', 'Sold To', 'Importer'],
    fr: ['Acheteur', 'Client', 'Facturé à'],
    de: ['Käufer', 'Kunde', 'Rechnungsempfänger'],
    nl: ['Koper', 'Klant', 'Factuuradres'],
    es: ['Comprador', 'Cliente', 'Facturar a'],
    it: ['Acquirente', 'Cliente', 'Intestatario'],
  },
  total: {
    en: ['TOTAL', 'Total Amount Due', 'Grand Total', 'Amount Payable'],
    fr: ['TOTAL TTC', 'Montant total', 'Net à payer'],
    de: ['Gesamtbetrag', 'Rechnungsbetrag', 'Zu zahlen'],
    nl: ['Totaal', 'Te betalen', 'Totaalbedrag'],
    es: ['TOTAL', 'Importe total', 'Total a pagar'],
    it: ['Totale', 'Totale fattura', 'Importo da pagare'],
  },
  subtotal: {
    en: ['Subtotal'],
    fr: ['Total HT'],
    de: ['Nettobetrag'],
    nl: ['Subtotaal'],
    es: ['Base imponible'],
    it: ['Imponibile'],
  },
  vat: {
    en: ['VAT'],
    fr: ['TVA'],
    de: ['MwSt.'],
    nl: ['BTW'],
    es: ['IVA'],
    it: ['IVA'],
  },
  bl_number: {
    en: ['B/L No.', 'Bill of Lading No.', 'Waybill No.', 'BL Number'],
    fr: ['N° connaissement', 'Connaissement n°', 'N° B/L'],
    de: ['Konnossement-Nr.', 'B/L-Nr.', 'Frachtbrief-Nr.'],
    nl: ['B/L nr.', 'Cognossementnummer', 'Conossement nr.'],
    es: ['Nº B/L', 'Conocimiento n.º', 'Número de B/L'],
    it: ['N. polizza', 'Polizza n.', 'B/L n.'],
  },
  shipper: {
    en: ['Shipper', 'Shipper / Exporter', 'Consignor'],
    fr: ['Chargeur', 'Expéditeur'],
    de: ['Absender', 'Ablader', 'Versender'],
    nl: ['Afzender', 'Verlader'],
    es: ['Embarcador', 'Cargador', 'Remitente'],
    it: ['Caricatore', 'Mittente Speditore'],
  },
  consignee: {
    en: ['Consignee', 'Consigned to'],
    fr: ['Destinataire'],
    de: ['Empfänger'],
    nl: ['Geadresseerde', 'Ontvanger'],
    es: ['Consignatario'],
    it: ['Destinatario'],
  },
  notify_party: {
    en: ['Notify Party', 'Notify'],
    fr: ['Partie à notifier', 'Notifier'],
    de: ['Meldeadresse', 'Notify-Adresse'],
    nl: ['Notify-adres', 'Te verwittigen partij'],
    es: ['Notificar a', 'Parte a notificar'],
    it: ['Parte da notificare', 'Notificare a'],
  },
  vessel: {
    en: ['Vessel', 'Ocean Vessel', 'Vessel Name'],
    fr: ['Navire', 'Nom du navire'],
    de: ['Schiff', 'Schiffsname'],
    nl: ['Schip', 'Zeeschip'],
    es: ['Buque', 'Nombre del buque'],
    it: ['Nave', 'Nome nave'],
  },
  voyage: {
    en: ['Voyage No.', 'Voyage', 'Voy.'],
    fr: ['Voyage', 'N° de voyage'],
    de: ['Reise-Nr.', 'Reise'],
    nl: ['Reisnummer', 'Reis'],
    es: ['Viaje', 'Nº de viaje'],
    it: ['Viaggio', 'N. viaggio'],
  },
  port_of_loading: {
    en: ['Port of Loading', 'POL', 'Port of Lading'],
    fr: ['Port de chargement', "Port d'embarquement"],
    de: ['Verladehafen', 'Ladehafen'],
    nl: ['Laadhaven', 'Haven van lading'],
    es: ['Puerto de carga', 'Puerto de embarque'],
    it: ['Porto di imbarco', 'Porto di carico'],
  },
  port_of_discharge: {
    en: ['Port of Discharge', 'POD', 'Discharge Port'],
    fr: ['Port de déchargement', 'Port de débarquement'],
    de: ['Löschhafen', 'Entladehafen'],
    nl: ['Loshaven', 'Haven van lossing'],
    es: ['Puerto de descarga', 'Puerto de destino'],
    it: ['Porto di sbarco', 'Porto di scarico'],
  },
  containers: {
    en: ['Container No.', 'Container Numbers', 'Containers', 'Cntr #'],
    fr: ['N° conteneur', 'Conteneurs'],
    de: ['Container-Nr.', 'Container'],
    nl: ['Containernummer', 'Containers'],
    es: ['Nº contenedor', 'Contenedores'],
    it: ['N. container', 'Contenitori'],
  },
  seals: {
    en: ['Seal No.', 'Seal'],
    fr: ['N° plomb', 'Scellé'],
    de: ['Plombe', 'Siegel-Nr.'],
    nl: ['Zegel', 'Zegelnummer'],
    es: ['Precinto', 'Nº precinto'],
    it: ['Sigillo', 'N. sigillo'],
  },
  scac: {
    en: ['SCAC', 'Carrier SCAC'],
    fr: ['Code SCAC'],
    de: ['SCAC'],
    nl: ['SCAC-code'],
    es: ['Código SCAC'],
    it: ['Codice SCAC'],
  },
  eta: {
    en: ['ETA', 'Estimated Arrival', 'Arrival Date'],
    fr: ["Date d'arrivée prévue", 'ETA'],
    de: ['Voraussichtliche Ankunft', 'ETA'],
    nl: ['Verwachte aankomst', 'ETA'],
    es: ['Llegada estimada', 'Fecha de llegada'],
    it: ['Arrivo previsto', 'Data di arrivo'],
  },
  etd: {
    en: ['ETD', 'Estimated Departure', 'Sailing Date'],
    fr: ['Départ prévu', 'Date de départ'],
    de: ['Voraussichtliche Abfahrt', 'Abfahrt'],
    nl: ['Verwacht vertrek', 'Vertrekdatum'],
    es: ['Salida estimada', 'Fecha de salida'],
    it: ['Partenza prevista', 'Data di partenza'],
  },
  last_free_day: {
    en: ['Last Free Day', 'Free Time Expires'],
    fr: ['Dernier jour de franchise', 'Fin de franchise'],
    de: ['Letzter freier Tag', 'Freizeit bis'],
    nl: ['Laatste vrije dag', 'Vrije tijd tot'],
    es: ['Último día libre', 'Fin de días libres'],
    it: ['Ultimo giorno franco', 'Franchigia fino al'],
  },
  packing_list_number: {
    en: ['Packing List No.', 'P/L No.', 'Reference'],
    fr: ['N° de colisage', 'Référence'],
    de: ['Packlisten-Nr.', 'Referenz'],
    nl: ['Paklijstnummer', 'Referentie'],
    es: ['Nº de lista', 'Referencia'],
    it: ['N. distinta', 'Riferimento'],
  },
  packages: {
    en: ['Total Packages', 'No. of Packages', 'Total Cartons'],
    fr: ['Nombre de colis', 'Total colis'],
    de: ['Anzahl Packstücke', 'Packstücke gesamt'],
    nl: ['Aantal colli', 'Totaal colli'],
    es: ['Total bultos', 'Número de bultos'],
    it: ['Totale colli', 'Numero colli'],
  },
  gross_weight: {
    en: ['Gross Weight', 'Total Gross Weight', 'G.W.'],
    fr: ['Poids brut', 'Poids brut total'],
    de: ['Bruttogewicht', 'Gesamtgewicht brutto'],
    nl: ['Brutogewicht', 'Totaal bruto gewicht'],
    es: ['Peso bruto', 'Peso bruto total'],
    it: ['Peso lordo', 'Peso lordo totale'],
  },
  delivery_order_number: {
    en: ['D/O No.', 'Delivery Order No.', 'Release No.'],
    fr: ['N° BAD', 'Bon n°'],
    de: ['Auftrags-Nr.', 'Freistellungs-Nr.'],
    nl: ['Ordernummer', 'Vrijgavenummer'],
    es: ['Nº de orden', 'Orden n.º'],
    it: ['N. ordine', 'Buono n.'],
  },
  booking_number: {
    en: ['Booking No.', 'Booking Number', 'Booking Ref.'],
    fr: ['N° de réservation', 'Réf. booking'],
    de: ['Buchungsnummer', 'Buchungs-Nr.'],
    nl: ['Boekingsnummer', 'Boeking nr.'],
    es: ['Nº de reserva', 'Número de booking'],
    it: ['N. prenotazione', 'Numero booking'],
  },
  date: {
    en: ['Date', 'Issued'],
    fr: ['Date', "Date d'émission"],
    de: ['Datum', 'Ausgestellt am'],
    nl: ['Datum', 'Uitgiftedatum'],
    es: ['Fecha', 'Fecha de emisión'],
    it: ['Data', 'Data di emissione'],
  },
  description: {
    en: ['Description of Goods', 'Description'],
    fr: ['Désignation', 'Description'],
    de: ['Bezeichnung', 'Warenbeschreibung'],
    nl: ['Omschrijving', 'Goederen'],
    es: ['Descripción', 'Mercancía'],
    it: ['Descrizione', 'Descrizione merce'],
  },
  quantity: {
    en: ['Qty', 'Quantity'],
    fr: ['Qté', 'Quantité'],
    de: ['Menge', 'Anz.'],
    nl: ['Aantal'],
    es: ['Cant.', 'Cantidad'],
    it: ['Q.tà', 'Quantità'],
  },
  unit_price: {
    en: ['Unit Price', 'Price'],
    fr: ['Prix unitaire', 'P.U.'],
    de: ['Einzelpreis', 'Preis'],
    nl: ['Prijs', 'Eenheidsprijs'],
    es: ['Precio unit.', 'Precio'],
    it: ['Prezzo unit.', 'Prezzo'],
  },
  amount: {
    en: ['Amount', 'Line Total'],
    fr: ['Montant'],
    de: ['Betrag', 'Gesamt'],
    nl: ['Bedrag'],
    es: ['Importe'],
    it: ['Importo'],
  },
  carrier: {
    en: ['Carrier'],
    fr: ['Transporteur'],
    de: ['Reederei', 'Frachtführer'],
    nl: ['Rederij', 'Vervoerder'],
    es: ['Naviera', 'Transportista'],
    it: ['Compagnia', 'Vettore'],
  },
  release_to: {
    en: ['Release to', 'Deliver to'],
    fr: ['Livrer à', 'Remettre à'],
    de: ['Ausliefern an', 'Freigabe an'],
    nl: ['Vrijgeven aan', 'Afleveren aan'],
    es: ['Entregar a', 'Despachar a'],
    it: ['Consegnare a', 'Rilasciare a'],
  },
};

export const MONTHS: PerLanguage<readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
};

/** Sentences for letters and the bodies of documents of type `other`. */
export const LETTER_LINES: PerLanguage<readonly string[]> = {
  en: [
    'Dear Sir or Madam,',
    'Please find below our new opening hours for the holiday season.',
    'Our warehouse will be closed between Christmas and New Year.',
    'Kind regards,',
  ],
  fr: [
    'Madame, Monsieur,',
    'Veuillez trouver ci-dessous nos nouveaux horaires pour la période des fêtes.',
    'Notre entrepôt sera fermé entre Noël et le Nouvel An.',
    'Cordialement,',
  ],
  de: [
    'Sehr geehrte Damen und Herren,',
    'anbei erhalten Sie unsere geänderten Öffnungszeiten über die Feiertage.',
    'Unser Lager bleibt zwischen Weihnachten und Neujahr geschlossen.',
    'Mit freundlichen Grüßen',
  ],
  nl: [
    'Geachte heer, mevrouw,',
    'Hieronder vindt u onze aangepaste openingstijden tijdens de feestdagen.',
    'Ons magazijn is gesloten tussen Kerstmis en Nieuwjaar.',
    'Met vriendelijke groet,',
  ],
  es: [
    'Estimados señores:',
    'A continuación les indicamos nuestro nuevo horario para las fiestas.',
    'Nuestro almacén permanecerá cerrado entre Navidad y Año Nuevo.',
    'Atentamente,',
  ],
  it: [
    'Gentili Signori,',
    'di seguito trovate i nostri nuovi orari per il periodo festivo.',
    'Il nostro magazzino resterà chiuso tra Natale e Capodanno.',
    'Cordiali saluti,',
  ],
};

export const ORIGIN_LINES: PerLanguage<readonly string[]> = {
  en: [
    'The undersigned authority certifies that the goods described below originate in',
    'Country of origin:',
  ],
  fr: [
    "L'autorité soussignée certifie que les marchandises désignées ci-dessous sont originaires de",
    "Pays d'origine :",
  ],
  de: [
    'Die unterzeichnende Stelle bescheinigt, dass die nachstehend bezeichneten Waren Ursprungswaren sind aus',
    'Ursprungsland:',
  ],
  nl: [
    'De ondergetekende instantie verklaart dat de hieronder omschreven goederen van oorsprong zijn uit',
    'Land van oorsprong:',
  ],
  es: [
    'La autoridad abajo firmante certifica que las mercancías descritas a continuación son originarias de',
    'País de origen:',
  ],
  it: [
    "L'autorità sottoscritta certifica che le merci descritte di seguito sono originarie di",
    'Paese di origine:',
  ],
};
