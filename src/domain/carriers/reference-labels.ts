/**
 * The words people type around a carrier reference and what each says the reference is: a number type, a
 * forwarder's house bill, a number no carrier prints (refused), or nothing (`No.`, `our`, a brand name).
 */

/** What a label says the reference is: a number type, or a forwarder's house bill. */
export type LabelledKind = 'container' | 'bill_of_lading' | 'booking' | 'house_bill';
/**
 * A label that says the number is none of a carrier's (a purchase order, an invoice, a customs entry): the
 * service tracks only master bills, bookings and containers, so the number is refused, not guessed at.
 */
export type NotCarrierLabel = 'not_carrier';

/**
 * Short words of labels and sentences (four letters or fewer, separators gone, upper case), with the
 * number type the label names where it names one. A carrier prints at most four letters (a SCAC, a port
 * code, a branch code) before the digits of a reference, so words of five letters or more are never part
 * of one; these shorter ones are the labels people type in front of it, and the brand names that go with
 * it (`MSC MEDU…`), never a bill prefix or a port code.
 */
export const SHORT_LABELS: ReadonlyMap<string, LabelledKind | NotCarrierLabel | null> = new Map<
  string,
  LabelledKind | NotCarrierLabel | null
>([
  ['BL', 'bill_of_lading'],
  ['BOL', 'bill_of_lading'],
  ['MBL', 'bill_of_lading'],
  ['MBOL', 'bill_of_lading'],
  ['OBL', 'bill_of_lading'],
  ['SWB', 'bill_of_lading'],
  ['BILL', 'bill_of_lading'],
  ['BKG', 'booking'],
  ['BKNG', 'booking'],
  ['BK', 'booking'],
  ['CNTR', 'container'],
  ['CTNR', 'container'],
  ['CNT', 'container'],
  ['CTR', 'container'],
  ['CONT', 'container'],
  ['BOX', 'container'],
  ['HBL', 'house_bill'],
  ['HBOL', 'house_bill'],
  ['PO', 'not_carrier'],
  ['INV', 'not_carrier'],
  // A shipping order (`S/O No.`) is what Asian forwarders call the line's booking.
  ['SO', 'booking'],
  // Seal, HS code, phone and fax numbers are printed beside references and are none.
  ['HS', 'not_carrier'],
  ['SEAL', 'not_carrier'],
  ['TEL', 'not_carrier'],
  ['FAX', 'not_carrier'],
  ['MOB', 'not_carrier'],
  // Numbers of other trades printed beside references: air waybills, ships (IMO) and their voyages,
  // tariff lines, tax and bank numbers, trucking PRO numbers, parcel carriers' and orders' numbers.
  ...[
    'AWB',
    'MAWB',
    'HAWB',
    'AIR',
    'IMO',
    // An EU customs movement reference (MRN) and a UN dangerous-goods number: printed beside references.
    'MRN',
    'UN',
    'VOY',
    'V',
    'HTS',
    'VAT',
    'TVA',
    'IVA',
    'BTW',
    'UST',
    'EIN',
    'TIN',
    'IBAN',
    'PRO',
    'UPS',
    'USPS',
    'DHL',
    'TNT',
    'DPD',
    'GLS',
    'ORD',
    'RMA',
    'ISO',
    'EAN',
    'GTIN',
    'UPC',
    'SSCC',
    'ISBN',
    'SSN',
    'TBD',
    'TBA',
    'NA',
  ].map((word) => [word, 'not_carrier'] as const),
  ...[
    'NOTE',
    'NO',
    'NR',
    'NUM',
    'NBR',
    'REF',
    'ID',
    'OF',
    'IS',
    'THE',
    'OUR',
    'MY',
    'FOR',
    'ME',
    'PLS',
    'PLZ',
  ].map((word) => [word, null] as const),
  ...['TO', 'AND', 'A', 'AN', 'HI', 'PER', 'ON', 'AT', 'VIA'].map((word) => [word, null] as const),
  // Brand names typed before the line's own reference; none is a bill prefix.
  ...['MSC', 'ONE', 'HMM', 'ZIM', 'OOCL', 'CMA', 'CGM', 'APL', 'ANL', 'PIL', 'RCL', 'YML', 'WHL'].map(
    (brand) => [brand, null] as const,
  ),
]);
/** Short labels that are also everyday words in lower case (`so`): labels only in capitals. */
export const CAPITALS_ONLY: ReadonlySet<string> = new Set(['SO']);
/** Long label words that name a number type (`Container`, `Booking`, `lading`), upper case. */
export const LONG_LABELS: ReadonlyArray<readonly [RegExp, LabelledKind | NotCarrierLabel]> = [
  [/^CONTAINERS?$/, 'container'],
  [/^BOOKINGS?$/, 'booking'],
  // `BillOfLading` typed as one word: a link's query (`trackingType=BILLOFLADING`), a sheet's column.
  [/^LADING$|^WAYBILL$|^BILLOFLADING$/, 'bill_of_lading'],
  // The same labels in German, Dutch, French, Spanish, Italian and Portuguese paperwork, accents dropped,
  // with the `number` typed onto them (`Containernummer`, `Konnossement-Nr.`, `Buchungsnummer`).
  [/^(?:CONTAINER|CONTENEUR|CONTENEDOR|CONTENITORE|CONTEINER)(?:NUMMER|NR|NO|NUMERO)?$/, 'container'],
  [/^(?:BUCHUNG|BOEKING|RESERVA|RESERVATION|PRENOTAZIONE)(?:S?NUMMER|S?NR|NO|NUMERO)?$/, 'booking'],
  [
    /^(?:KONNOSSEMENT|CONNAISSEMENT|CONOCIMIENTO|POLIZZA|CONHECIMENTO|COGNOSSEMENT)(?:S?NUMMER|S?NR|NO|NUMERO)?$/,
    'bill_of_lading',
  ],
  [/^HOUSE$/, 'house_bill'],
  [/^INVOICES?$|^PURCHASE$|^CUSTOMS$|^ORDERS?$|^ENTRY$|^SEALS?$|^PHONE$|^MOBILE$|^TELEPHONE$/, 'not_carrier'],
  [
    /^(?:VESSEL|VOYAGE|TARIFF|EORI|USTIDNR|INTRACOM|FEDEX|PARCEL|QUOTES?|QUOTATION|FLIGHT|PLATE|TRUCK|TRAILER)$/,
    'not_carrier',
  ],
  // Figures and other registers' numbers typed beside digits: an amount, a weight, a count, a postal code,
  // a company's DUNS or Indian GST number, a chassis (equipment no line tracks).
  [
    /^(?:AMOUNT|TOTAL|PRICE|COST|BALANCE|WEIGHT|QTY|QUANTITY|ZIP|ZIPCODE|POSTCODE|DUNS|GSTIN|CHASSIS)$/,
    'not_carrier',
  ],
  // A month's name beside digits is a date.
  [/^(?:JANUARY|FEBRUARY|MARCH|APRIL|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER)$/, 'not_carrier'],
];

/**
 * Labels in the scripts of the other trades' paperwork (Chinese, Japanese, Korean, Arabic), matched as part
 * of a word: those scripts write a label and its `No.` as one word (`提单号`, `コンテナ番号`, `رقم البوليصة`).
 */
const NON_LATIN_LABELS: ReadonlyArray<readonly [RegExp, LabelledKind | NotCarrierLabel]> = [
  // Phone, fax, invoice, order, tax, postal code, customs, flight and seal: numbers no carrier prints.
  [
    /电话|電話|手机|手機|传真|傳真|发票|發票|請求書|订单|訂單|注文|税号|稅號|邮编|郵便番号|报关|報關|航班|封条|封條|铅封|鉛封|전화|팩스|주문|هاتف|فاتورة/u,
    'not_carrier',
  ],
  [/提单|提單|船荷証券|선하증권|بوليصة|البوليصة/u, 'bill_of_lading'],
  [/订舱|訂艙|订仓|ブッキング|予約|부킹|예약|حجز/u, 'booking'],
  [/集装箱|貨櫃|货柜|箱号|箱號|柜号|櫃號|コンテナ|컨테이너|حاوية/u, 'container'],
];

/** A word written wholly in a script other than Latin (no Latin letter, digit or symbol in it). */
export const NON_LATIN_WORD =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Thai}\p{Script=Hebrew}\u30fc\p{M}]+$/u;
/** A word of Latin letters, accented ones too (`Numéro`, `Número`, `Nº`). */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}]+$/u;
/**
 * A word as a label or a sentence has it once its wrapping is gone: letters of one script, Latin or another.
 * A word that mixes them (`МSKU`, a Cyrillic М) is a look-alike, never a label.
 */
export const isLabelWord = (word: string): boolean => LATIN_WORD.test(word) || NON_LATIN_WORD.test(word);

/**
 * Units and currencies typed beside a figure (`12500 KGS`, `USD 1250`, `40 CBM`): the digits are a quantity
 * or an amount, before or after the unit.
 */
const QUANTITY_WORDS: ReadonlySet<string> = new Set([
  'KG',
  'KGS',
  'KGM',
  'LB',
  'LBS',
  'MT',
  'TONS',
  'CBM',
  'TEU',
  'TEUS',
  'FEU',
  'PCS',
  'PKGS',
  'CTNS',
  'CARTONS',
  'PALLETS',
  'USD',
  'EUR',
  'GBP',
  'CNY',
  'RMB',
  'JPY',
]);
export const isQuantityWord = (word: string): boolean => QUANTITY_WORDS.has(word.toUpperCase());

/**
 * A trading party's own reference (`Customer ref`, `Shipper's reference`, `Supplier no.`): a number its
 * holder made up, which no carrier tracks (the upstream's guide lists customer reference numbers among the
 * numbers it cannot track). Only the two words together: `customer` alone is a sentence's word.
 */
const PARTIES: ReadonlySet<string> = new Set([
  'CUSTOMER',
  'CUSTOMERS',
  'CLIENT',
  'CLIENTS',
  'SHIPPER',
  'SHIPPERS',
  'CONSIGNEE',
  'CONSIGNEES',
  'SUPPLIER',
  'SUPPLIERS',
  'VENDOR',
  'VENDORS',
  'INTERNAL',
]);
const REFERENCE_WORDS: ReadonlySet<string> = new Set(['REF', 'REFERENCE', 'NO', 'NR', 'NUMBER', 'ID']);
export const isPartyReferenceLabel = (previous: string, word: string): boolean =>
  REFERENCE_WORDS.has(word.toUpperCase()) && PARTIES.has(previous.replace(/['’]S?$/iu, '').toUpperCase());

/** A word with no accent to drop. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * What a word of a label or a sentence says: a number type, `not_carrier`, null for a known word that
 * names neither, or undefined for a word that is no label (a SCAC, a port code, a name).
 */
export function labelOf(word: string): LabelledKind | NotCarrierLabel | null | undefined {
  if (NON_LATIN_WORD.test(word)) return NON_LATIN_LABELS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
  // Accents dropped (`Réservation`, `Número`): labels are matched on their letters.
  const upper = (ASCII.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '')).toUpperCase();
  // `so` in a sentence is a word; only `S/O` or `SO` typed in capitals labels a shipping order.
  if (CAPITALS_ONLY.has(upper) && word !== upper) return undefined;
  const short = SHORT_LABELS.get(upper);
  if (short !== undefined) return short;
  return LONG_LABELS.find(([pattern]) => pattern.test(upper))?.[1];
}
