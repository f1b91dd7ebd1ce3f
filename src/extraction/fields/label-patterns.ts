/**
 * Label wordings in English, French, German, Dutch, Spanish, Italian and Portuguese, as regular expression sources
 * matched case-insensitively against the printed text (accents optional where printers drop them).
 */

/**
 * "No.", "Nr.", "N°", "Nº", "n.", "#", "Number", "Numéro", "Nummer", "Número"; "N?" and "N*" are OCR's N°.
 */
export const NUM = String.raw`(?:no\.?|nos\.?|number|num\.?|nr\.?|n\s?[°º]\.?|n\.\s?[°º]|n[?*](?=\s)|n\.|#|num[ée]ro|nummer|n[úu]mero)`;

export const BILL_OF_LADING_NUMBER_LABELS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:master\s+|house\s+|ocean\s+|original\s+)?(?:bill\s+of\s+lading|[hm]?b\s*\/\s*l|m?bl|hbl|obl|fbl|mtd|multimodal\s+transport\s+document|sea\s*waybill|waybill|swb|connaissement|konnossement|c[oa]g?n?nossement|(?:see)?frachtbrief|zeevrachtbrief|conocimiento(?:\s+de\s+embarque)?|conhecimento(?:\s+de\s+embarque)?|polizza(?:\s+di\s+carico)?)[\s-]*${NUM}`,
  ),
  new RegExp(
    String.raw`${NUM}\s*(?:de\s+|du\s+|di\s+|del\s+|do\s+)?(?:connaissement|conocimiento|conhecimento|polizza(?:\s+di\s+carico)?|b\s*\/\s*l|bl)`,
  ),
  /konnossementnummer|c[oa]g?n?nossementnummer|frachtbriefnummer|b\/l-nummer/,
  // Without "No.": a box titled "Ocean B/L", "Conocimiento de embarque" or the FIATA form's "FBL".
  /(?:master\s+|ocean\s+|original\s+)?(?:bill\s+of\s+lading|b\s*\/\s*l|m?bl|fbl|sea\s*waybill|conocimiento\s+de\s+embarque|conhecimento\s+de\s+embarque|connaissement|konnossement|cognossement|polizza\s+di\s+carico)/,
];

export const VESSEL_AND_VOYAGE_LABELS: readonly RegExp[] = [
  /(?:ocean\s+)?(?:vessel|navire|schiff|schip|buque|nave|navio)\s*(?:\/|&|and|et|und|en|y|e)\s*(?:voy(?:age)?|reise|reis|viaje|viaggio|viagem)\.?(?:\s*(?:no\.?|nr\.?|number|n[°º]))?/,
  /(?:ocean\s+)?vessel\s+(?:and\s+)?voy(?:age)?\.?(?:\s*(?:no\.?|number))?/,
];
export const VESSEL_LABELS: readonly RegExp[] = [
  /(?:ocean\s+|feeder\s+|mother\s+)?vessel(?:\s+name)?|ship\s+name|vsl\.?|(?:nom\s+du\s+)?navire|schiff(?:sname)?|(?:naam\s+(?:van\s+het\s+)?)?(?:zee)?schip|scheepsnaam|(?:nombre\s+del\s+)?buque|nome\s+(?:della\s+)?nave|(?:nome\s+do\s+)?navio|(?:moto)?nave|m\/v|ship(?=\s*:?\s*$)/,
];
export const VOYAGE_LABELS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:voy(?:age)?\.?|reise|reis|viaje|viaggio|viagem)(?:[\s-]*${NUM})?|reisenummer|reisnummer|${NUM}\s*(?:de\s+|di\s+|du\s+|da\s+)?(?:voyage|viaje|viaggio|viagem|reis)`,
  ),
];
export const PORT_OF_LOADING_LABELS: readonly RegExp[] = [
  /port\s+of\s+loading|load(?:ing)?\s+port|port\s+of\s+lading|port\s+of\s+shipment|pol|port\s+de\s+chargement|port\s+d[''’]embarquement|(?:verlade|lade|verschiffungs)hafen|laadhaven|haven\s+van\s+(?:lading|inlading)|puerto\s+de\s+(?:carga|embarque)|porto\s+di\s+(?:carico|imbarco)|porto\s+d[''’]imbarco|porto\s+de\s+(?:carregamento|embarque|origem)/,
];
export const PORT_OF_DISCHARGE_LABELS: readonly RegExp[] = [
  /port\s+of\s+discharge|disch(?:arge|\.)?\s+port|port\s+of\s+arrival|port\s+of\s+unloading|port\s+of\s+destination|pod|port\s+de\s+d[ée]chargement|port\s+de\s+d[ée]barquement|port\s+de\s+destination|(?:l[öo]e?sch|entlade|bestimmungs)hafen|loshaven|haven\s+van\s+(?:lossing|bestemming)|puerto\s+de\s+(?:descarga|destino)|porto\s+di\s+(?:scarico|sbarco|destinazione)|porto\s+de\s+(?:descarga|desembarque|destino)/,
];
export const SHIPPER_LABELS: readonly RegExp[] = [
  /shipper(?:\s*\/\s*exporter)?|consignor|exporter|chargeur|cargador|exp[ée]diteur|exportateur|ablader|versender|absender|exporteur|afzender|verlader|embarcador|remitente|exportador|caricatore|mittente|speditore|esportatore|remetente/,
];
export const CONSIGNEE_LABELS: readonly RegExp[] = [
  /consignee|consigned\s+to(?:\s+(?:the\s+)?order(?:\s+of)?)?|destinataire|empf[äa]e?nger|geadresseerde|ontvanger|consignat[áa]rio|destinat[áa]rio|consegnatario/,
  // Only when no consignee is named: the party a release delivers to, an exporter's "for account and
  // risk of", the importer on a packing list.
  /deliver(?:y)?\s+to|for\s+(?:the\s+)?account\s+(?:&|and)\s+risk\s+of(?:\s+messrs\.?)?|importer|importateur|importeur|importador|importatore/,
];
export const NOTIFY_LABELS: readonly RegExp[] = [
  /(?:also\s+)?notify(?:[\s-]+(?:part(?:y|ies)|address|adresse|adres))?|te\s+verwittigen(?:\s+partij)?|partie\s+[àa]\s+notifier|notifier(?:\s+[àa])?|adresse\s+de\s+notification|meldeadresse|kennisgevings?adres|meldadres|notify-adresse|benachrichtigen|notificar(?:\s+a)?|parte\s+a\s+notificar|notificare(?:\s+a)?|parte\s+da\s+notificare|notifica[çc][ãa]o/,
];
export const SEAL_LABELS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:seal|seals|plomben|plomb|plombs|scell[ée]s?|plombe|siegel|zegel|precintos?|sellos?|sigill[oi]|piombi|lacres?)(?:[\s-]*${NUM})?|${NUM}\s*(?:de\s+|di\s+|du\s+)?(?:seal|plomb|scell[ée]|zegel|precinto|sello|sigillo|piombo|lacre)s?`,
  ),
];
export const SCAC_LABELS: readonly RegExp[] = [
  /(?:code|c[óo]digo|codice)\s+scac|scac(?:[\s-]*code)?|carrier\s+scac/,
];
export const BOOKING_NUMBER_LABELS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:booking|buchungs?|boeking|reserva|prenotazione|r[ée]servation)[\s-]*(?:${NUM}|ref(?:erence)?\.?)|(?:s\s*\/\s*o|so|shipping\s+order)[\s-]*${NUM}|r[ée]f(?:[ée]rence)?\.?\s*(?:de\s+)?(?:booking|r[ée]servation)|buchungsnummer|boekingsnummer|${NUM}\s*(?:de\s+|di\s+|da\s+)?(?:r[ée]servation|reserva|prenotazione|booking)|booking`,
  ),
];
export const DELIVERY_ORDER_NUMBER_LABELS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:delivery\s+order|d\s*\/\s*o|d\.\s?o\.?|do|release\s+order|release|bon\s+[àa]\s+d[ée]livrer|bon\s+[àa]\s+enlever|bon\s+de\s+livraison|bon|bad|bae|auslieferauftrag|auslieferungs(?:auftrag)?|freistellungs?|freigabe|auftrags?|afleveringsorder|aflever(?:order)?|vrijgave(?:order)?|order|orden\s+de\s+entrega|orden\s+de\s+despacho|orden|ordem\s+de\s+entrega|ordem|ordine\s+di\s+consegna|ordine|buono(?:\s+di\s+consegna)?)[\s-]*${NUM}|${NUM}\s*(?:de\s+|di\s+|du\s+)?(?:delivery\s+order|bon\s+de\s+livraison|bon\s+[àa]\s+d[ée]livrer|bon\s+[àa]\s+enlever|bon|bad|bae|orden\s+de\s+entrega|orden|ordem\s+de\s+entrega|ordem|ordine\s+di\s+consegna|ordine|buono)|freistellungsnummer|auftragsnummer|ordernummer|vrijgavenummer|afleveringsnummer`,
  ),
];
export const CONTAINER_LABELS: readonly RegExp[] = [
  /container|conteneur|beh[äa]lter|contenedor|contenitore|cont[êe]iner/,
];
export const TOTAL_PACKAGES_LABELS: readonly RegExp[] = [
  /total\s+(?:no\.?\s+of\s+|number\s+of\s+)?(?:packages|pkgs|cartons|ctns|pallets|bundles|crates|cases|drums|bags|rolls|colis|colli|bultos)|(?:number|no\.?)\s+of\s+(?:packages|pkgs|cartons|pallets)|package\s+count|nombre\s+de\s+colis|total\s+colis|anzahl\s+(?:der\s+)?packst[üu]cke|gesamt\s+packst[üu]cke|aantal\s+colli|totaal\s+colli|n[úu]mero\s+de\s+bultos|totale\s+colli|numero\s+(?:di\s+)?colli|(?:total|quantidade)\s+de\s+volumes/,
];
export const PACKAGES_LABELS: readonly RegExp[] = [
  /packages|pkgs|cartons|ctns|pallets|crates|colis|packst[üu]cke|colli|bultos|kolli|anzahl|aantal|nombre\s+de\s+colis|volumes|caixas/,
];
export const TOTAL_GROSS_WEIGHT_LABELS: readonly RegExp[] = [
  /total\s+gross\s+weight|total\s+g\.\s*w\.?|gross\s+weight\s+total|poids\s+brut\s+total|gesamtgewicht(?!\s+netto)(?:\s+brutto)?|totaal\s+brutogewicht|total\s+poids\s+brut|gesamt[\s-]*bruttogewicht|bruttogewicht\s+gesamt|totaal\s+bruto\s*gewicht|peso\s+bruto\s+total|peso\s+lordo\s+totale|totale\s+peso\s+lordo/,
];
export const GROSS_WEIGHT_LABELS: readonly RegExp[] = [
  /gross\s+weight|gross\s+wt\.?|gross(?=\s*\(?\s*(?:kgs?|kilos?|lbs?)\b)|g\.\s*w\.?|poids\s+brut|bruttogewicht|brutto(?:gewicht)?|bruto(?:\s*gewicht)?|peso\s+bruto|peso\s+lordo/,
];

export const ETA_LABELS: readonly RegExp[] = [
  /eta(?:\s+port)?|arriving(?:\s+on)?|(?:arrival|arriv[ée]e|llegada|arrivo|berthing|atraca[çc][ãa]o)(?=\s*\(\s*eta\b)|(?:estimated|expected)\s+(?:time\s+of\s+)?arrival(?:\s+date)?|arrival\s+date|date\s+of\s+arrival|est\.?\s+arrival|date\s+d[''’]arriv[ée]e(?:\s+pr[ée]vue)?|arriv[ée]e\s+pr[ée]vue|(?:voraussichtliche\s+)?ankunft(?:sdatum)?|(?:verwachte\s+)?aankomst(?:datum)?|fecha\s+(?:estimada\s+)?de\s+(?:llegada|arribo)|(?:llegada|arribo)\s+estimad[oa]|vessel\s+arrival(?:\s+date)?|data\s+(?:prevista\s+)?(?:di\s+)?arrivo(?:\s+previst[ao])?|arrivo\s+previsto|data\s+(?:prevista\s+)?de\s+(?:chegada|atraca[çc][ãa]o)|(?:chegada|atraca[çc][ãa]o)\s+prevista|previs[ãa]o\s+de\s+(?:chegada|atraca[çc][ãa]o)/,
];
export const LAST_FREE_DAY_LABELS: readonly RegExp[] = [
  /last\s+free\s+day|lfd|free\s+time\s+(?:expires|until|ends)|(?:storage[\s-]+|demurrage\s+)?free\s+(?:days?\s+|storage\s+)?(?:until|till)|last\s+free\s+date|dernier\s+jour\s+(?:de\s+)?(?:franchise|libre)|vencimiento\s+(?:de\s+)?(?:los\s+)?(?:d[íi]as\s+libres|tiempo\s+libre)|fin\s+de\s+franchise|letzter\s+freier\s+tag|freizeit\s+bis|laatste\s+vrije\s+dag|vrije\s+tijd\s+tot|[úu]ltimo\s+d[íi]a\s+libre|fin\s+de\s+d[íi]as\s+libres|ultimo\s+giorno\s+(?:di\s+)?franc(?:higia|o)|franchigia\s+fino\s+al|[úu]ltimo\s+dia\s+livre|(?:t[ée]rmino|fim|final)\s+do\s+free\s*time|free\s*time\s+at[ée]/,
];
export const ETD_LABELS: readonly RegExp[] = [
  /etd|(?:departure|d[ée]part|salida|partenza)(?=\s*\(\s*etd\b)|(?:estimated|expected)\s+(?:time\s+of\s+)?departure(?:\s+date)?|departure\s+date|sailing\s+date|date\s+de\s+d[ée]part(?:\s+pr[ée]vue)?|d[ée]part\s+pr[ée]vu|(?:voraussichtliche\s+)?abfahrt(?:sdatum)?|(?:verwacht\s+)?vertrek(?:datum)?|fecha\s+(?:estimada\s+)?de\s+(?:salida|zarpe)|salida\s+estimada|zarpe|data\s+(?:prevista\s+)?di\s+partenza|partenza\s+prevista|data\s+(?:prevista\s+)?de\s+(?:sa[íi]da|partida)|sa[íi]da\s+prevista/,
];

// Dates of issue head a cell of their own in header rows; listed here only so they read as labels.
const ISSUE_DATE_LABELS: readonly RegExp[] = [
  /(?:issue\s+)?date(?:\s+of\s+issue)?|issued(?:\s+on)?|datum|uitgiftedatum|datum\s+van\s+afgifte|date\s+d[''’][ée]mission|ausgestellt\s+am|ausstellungsdatum|fecha(?:\s+de\s+emisi[óo]n)?|data(?:\s+di\s+emissione|\s+de\s+emiss[ãa]o)?/,
];

/** Every field label above, for telling a label cell from a value cell. */
const FIELD_LABELS: readonly RegExp[] = [
  ...BILL_OF_LADING_NUMBER_LABELS,
  ...VESSEL_AND_VOYAGE_LABELS,
  ...VESSEL_LABELS,
  ...VOYAGE_LABELS,
  ...PORT_OF_LOADING_LABELS,
  ...PORT_OF_DISCHARGE_LABELS,
  ...SHIPPER_LABELS,
  ...CONSIGNEE_LABELS,
  ...NOTIFY_LABELS,
  ...SEAL_LABELS,
  ...SCAC_LABELS,
  ...BOOKING_NUMBER_LABELS,
  ...DELIVERY_ORDER_NUMBER_LABELS,
  ...CONTAINER_LABELS,
  ...TOTAL_PACKAGES_LABELS,
  ...PACKAGES_LABELS,
  ...TOTAL_GROSS_WEIGHT_LABELS,
  ...GROSS_WEIGHT_LABELS,
  ...ETA_LABELS,
  ...LAST_FREE_DAY_LABELS,
  ...ETD_LABELS,
  ...ISSUE_DATE_LABELS,
];
const WHOLE_LABEL = new RegExp(
  String.raw`^(?:${NUM}\s*(?:de\s+|du\s+|di\s+|del\s+|van\s+)?)?(?:${FIELD_LABELS.map((label) => label.source).join('|')})(?:[\s-]*(?:${NUM}|code|codice|c[óo]digo|name|naam|nom|nome|nombre|type|typ|tipo|gesamt|totale?))?\s*[:#.]?$`,
  'i',
);

/**
 * A cell that is nothing but a field label ("Viaggio", "SCAC-code", "Nº de viaje"): a heading, never a
 * value. Cells of a table's header row are recognised this way whatever their language.
 */
export function isFieldLabel(text: string): boolean {
  const tidy = text.replace(/\s+/g, ' ').trim();
  if (WHOLE_LABEL.test(tidy)) return true;
  // Two labels heading one cell: "Nombre del buque/Viaje", "Container No. / Seal No.".
  const parts = tidy.split('/').map((part) => part.trim());
  return parts.length === 2 && parts.every((part) => part.length > 1 && WHOLE_LABEL.test(part));
}
