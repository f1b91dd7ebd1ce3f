import type { Random } from '../samples/random.ts';
import {
  addDays,
  amountStyleFor,
  type Carrier,
  type Company,
  type Country,
  companyFrom,
  containerNumber,
  currencyFor,
  currencyWords,
  decimalString,
  FORWARDERS,
  HOME_COUNTRIES,
  type IsoDate,
  isoString,
  type Port,
  printAmount,
  printContainer,
  printDate,
  printMoney,
  randomDate,
  sealNumber,
  VESSELS,
  voyageNumber,
} from './catalog.ts';
import type { Align, Block, Field, FieldMode } from './render-pdf.ts';
import type { PortTruth, TruthValue } from './truth.ts';
import {
  type CorpusType,
  LABELS,
  type LabelKey,
  type Language,
  LETTER_LINES,
  ORIGIN_LINES,
  OTHER_TITLES,
  TITLES,
} from './vocabulary.ts';

/** One document before rendering: its blocks, its truth, and a word on what makes it different. */
export interface DocumentPlan {
  blocks: Block[];
  fields: Record<string, TruthValue>;
  variant: string;
  title: string;
  letterPaper: boolean;
}

export interface BuildContext {
  random: Random;
  language: Language;
  ports: readonly Port[];
  carriers: readonly Carrier[];
}

const FIELD_MODES: readonly FieldMode[] = ['left', 'above', 'table', 'boxed'];
const ALIGNS: readonly Align[] = ['left', 'center', 'right'];

class Builder {
  readonly random: Random;
  readonly language: Language;
  readonly mode: FieldMode;
  readonly home: Country;

  constructor(readonly ctx: BuildContext) {
    this.random = ctx.random;
    this.language = ctx.language;
    this.mode = ctx.random.pick(FIELD_MODES);
    // A few English documents come from the United States: month-first dates, Letter paper.
    this.home = ctx.random.pick(HOME_COUNTRIES[ctx.language]);
  }

  label(key: LabelKey): string {
    return this.random.pick(LABELS[key][this.language]);
  }

  field(key: LabelKey, value: string): Field {
    return { label: this.label(key), value };
  }

  date(date: IsoDate): string {
    return printDate(this.random, date, this.language, this.home);
  }

  title(type: Exclude<CorpusType, 'other'>): string {
    return this.random.pick(TITLES[type][this.language]);
  }

  titleBlock(text: string): Block {
    return {
      kind: 'title',
      text,
      align: this.random.pick(ALIGNS),
      size: this.random.pick([13, 15, 16, 18, 20]),
    };
  }

  letterhead(company: Company): Block {
    const lines = [company.name, ...company.address.slice(0, this.random.int(1, company.address.length))];
    return { kind: 'letterhead', lines, align: this.random.pick(ALIGNS) };
  }

  /** Fields in this document's label layout; the table layout shuffles the column order. */
  fields(fields: Field[], columns?: number): Block {
    const ordered = this.mode === 'table' ? this.shuffle(fields) : fields;
    const cols =
      columns ?? (this.mode === 'table' ? ordered.length : this.random.int(1, this.mode === 'left' ? 2 : 3));
    return { kind: 'fields', fields: ordered, mode: this.mode, columns: cols };
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.random.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  party(heading: LabelKey, company: Company): { heading: string; lines: string[] } {
    const address = company.address.slice(0, this.random.int(1, company.address.length));
    return { heading: this.label(heading), lines: [company.name, ...address] };
  }

  port(): Port {
    return this.random.pick(this.ctx.ports);
  }

  /** A port as printed, and its truth: the printed name and its UN/LOCODE. */
  printPort(port: Port): { printed: string; truth: PortTruth } {
    const name = this.random.pick(port.names);
    const country = port.locode.slice(0, 2);
    const printed = this.random.pick([
      name,
      name.toUpperCase(),
      `${name}, ${country}`,
      `${name} (${port.locode})`,
      `${port.locode} - ${name}`,
    ]);
    return { printed, truth: { name, locode: port.locode } };
  }

  distinctPorts(): [Port, Port] {
    const first = this.port();
    let second = this.port();
    while (second.locode === first.locode) second = this.port();
    return [first, second];
  }

  carrier(): Carrier {
    return this.random.pick(this.ctx.carriers);
  }

  blNumber(carrier: Carrier): string {
    const r = this.random;
    switch (carrier.scac) {
      case 'MAEU':
        return `MAEU${r.int(200_000_000, 299_999_999)}`;
      case 'MSCU':
        return `MEDU${r.pick(['K', 'L', 'F'])}${r.int(1_000_000, 9_999_999)}`;
      case 'HLCU':
        return `HLCU${r.pick(['HAM', 'RTM', 'BRE'])}${r.int(220_000_000, 239_999_999)}`;
      default:
        return `${carrier.scac}${r.int(100_000_000, 999_999_999)}`;
    }
  }

  weight(tenths: number): string {
    const style = amountStyleFor(this.language, this.home);
    const decimals = this.random.pick([1, 2, 3]);
    const cents = tenths * 10;
    let printed = printAmount(cents, style);
    if (decimals === 1) printed = printed.slice(0, -1);
    if (decimals === 3) printed = `${printed}0`;
    return `${printed} ${this.random.pick(['KG', 'KGS', 'kg', 'Kgs'])}`;
  }
}

const CURRENCY_LABEL: Readonly<Record<Language, string>> = {
  en: 'Currency',
  fr: 'Devise',
  de: 'Währung',
  nl: 'Valuta',
  es: 'Moneda',
  it: 'Valuta',
};

const PLACE_AND_DATE: Readonly<Record<Language, string>> = {
  en: 'Place and date of issue',
  fr: "Lieu et date d'émission",
  de: 'Ort und Datum der Ausstellung',
  nl: 'Plaats en datum van afgifte',
  es: 'Lugar y fecha de emisión',
  it: 'Luogo e data di emissione',
};

const PAY_BEFORE_DELIVERY: Readonly<Record<Language, string>> = {
  en: 'Please present the original bills of lading and pay the charges before delivery.',
  fr: 'Merci de présenter les connaissements originaux et de régler les frais avant la livraison.',
  de: 'Bitte legen Sie die Original-Konnossemente vor und begleichen Sie die Kosten vor der Auslieferung.',
  nl: 'Gelieve de originele cognossementen te tonen en de kosten te voldoen voor aflevering.',
  es: 'Rogamos presenten los conocimientos originales y abonen los gastos antes de la entrega.',
  it: 'Si prega di presentare le polizze originali e di saldare le spese prima della consegna.',
};

function weightTruth(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const GOODS = [
  'Machine parts, steel',
  'Cotton T-shirts, assorted sizes',
  'Olive oil, extra virgin, 5 L tins',
  'Ceramic floor tiles 60x60',
  'Frozen fish fillets',
  'Flower bulbs (tulips)',
  'Wine, red, 75 cl bottles',
  'LED lamps E27',
  'Plastic housings, injection moulded',
  'Woollen blankets',
  'Canned tuna in olive oil',
  'Hand tools, assorted',
];

function containersFor(b: Builder, carrier: Carrier | null, count: number): string[] {
  const prefixes = carrier?.containerPrefixes ?? ['TGHU', 'TCNU', 'SEGU', 'FSCU', 'CAIU', 'TRLU'];
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(containerNumber(b.random, prefixes));
  return [...numbers];
}

function invoiceNumber(b: Builder, year: number): string {
  const r = b.random;
  return r.pick([
    () => `INV-${year}-${r.int(100, 9999)}`,
    () => `F${year}/${String(r.int(1, 2999)).padStart(4, '0')}`,
    () => `RE-${r.int(100_000, 199_999)}`,
    () => `${year}-${String(r.int(1, 999)).padStart(5, '0')}`,
    () => `FV/${String(year).slice(2)}/${r.int(100, 999)}`,
    () => `${r.int(40_000_000, 49_999_999)}`,
  ])();
}

export function buildCommercialInvoice(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const supplier = companyFrom(r, [b.home]);
  const buyer = companyFrom(
    r,
    r.pick([
      ['NL', 'DE', 'FR', 'ES', 'IT', 'BE'],
      ['US', 'GB'],
    ] as const),
    supplier,
  );
  const date = randomDate(r);
  const number = invoiceNumber(b, date.year);
  const currency = currencyFor(supplier.country, r);
  const style = amountStyleFor(b.language, supplier.country);
  const items = Array.from({ length: r.int(1, 5) }, () => {
    const quantity = r.int(1, 500);
    const unitCents = r.int(150, 60_000);
    return { description: r.pick(GOODS), quantity, unitCents, cents: quantity * unitCents };
  });
  const net = items.reduce((sum, item) => sum + item.cents, 0);
  const withVat = r.chance(0.4) && b.language !== 'en';
  const vatCents = withVat ? Math.round(net * 0.21) : 0;
  const total = net + vatCents;
  const letterheadOnly = r.chance(0.25);
  const sellerBlock = !letterheadOnly && r.chance(0.3);
  const currencyAsField = r.chance(0.35);
  const variantParts: string[] = [];

  const blocks: Block[] = [];
  if (sellerBlock) {
    variantParts.push('seller_block');
  } else {
    blocks.push(b.letterhead(supplier));
  }
  if (letterheadOnly) variantParts.push('no_title');
  else blocks.push(b.titleBlock(b.title('commercial_invoice')));
  const header: Field[] = [b.field('invoice_number', number), b.field('invoice_date', b.date(date))];
  if (currencyAsField) header.push({ label: CURRENCY_LABEL[b.language], value: currency.code });
  if (r.chance(0.5))
    header.push({ label: 'Incoterms', value: r.pick(['FOB Rotterdam', 'CIF', 'EXW', 'DAP', 'FCA']) });
  blocks.push(b.fields(header));
  const parties = [b.party('buyer', buyer)];
  if (sellerBlock) parties.unshift(b.party('seller', supplier));
  blocks.push({
    kind: 'parties',
    parties: r.chance(0.5) ? parties : parties.reverse(),
    boxed: r.chance(0.5),
  });
  const money = (cents: number): string => printAmount(cents, style);
  const amountHeader = `${b.label('amount')}${currencyAsField || r.chance(0.5) ? '' : ` (${currency.code})`}`;
  blocks.push({
    kind: 'table',
    headers: [b.label('description'), b.label('quantity'), b.label('unit_price'), amountHeader],
    rows: items.map((item) => [
      item.description,
      String(item.quantity),
      money(item.unitCents),
      money(item.cents),
    ]),
    weights: [5, 1.2, 2, 2],
  });
  const totals: Field[] = [];
  if (withVat) {
    totals.push(b.field('subtotal', money(net)), { label: `${b.label('vat')} 21%`, value: money(vatCents) });
  }
  const totalPrinted = currencyAsField ? money(total) : printMoney(r, money(total), currency, b.language);
  totals.push(b.field('total', totalPrinted));
  blocks.push({ kind: 'totals', rows: totals });
  const words = currencyWords(currency, b.language);
  if (words !== null && r.chance(0.3)) {
    blocks.push({ kind: 'paragraph', lines: [`${money(total)} ${words}`] });
    variantParts.push('currency_words');
  }
  blocks.push({
    kind: 'paragraph',
    lines: [
      r.pick([
        'IBAN NL91 ABNA 0417 1643 00',
        'IBAN DE89 3704 0044 0532 0130 00',
        'IBAN FR14 2004 1010 0505 0001 3M02 606',
      ]),
    ],
  });
  return {
    blocks,
    fields: {
      invoice_number: number,
      invoice_date: isoString(date),
      supplier_name: supplier.name,
      total_amount: decimalString(total),
      currency: currency.code,
    },
    variant: variantParts.join('+') || 'titled',
    title: 'invoice',
    letterPaper: b.home === 'US',
  };
}

export function buildBillOfLading(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const title = b.title('bill_of_lading');
  const house = /HOUSE/i.test(title) || r.chance(0.15);
  const carrier = b.carrier();
  const issuer = house ? r.pick(FORWARDERS) : null;
  const shipper = companyFrom(r, [b.home]);
  const consignee = companyFrom(r, ['US', 'GB', 'NL', 'DE', 'FR', 'ES', 'IT'], shipper);
  const notify = r.chance(0.5) ? r.pick(FORWARDERS) : companyFrom(r, [consignee.country], consignee);
  const number = house
    ? `${r.pick(['SBF', 'HBL', 'TRS', 'MSP'])}${r.int(10_000_000, 99_999_999)}`
    : b.blNumber(carrier);
  const vessel = r.pick(VESSELS);
  const voyage = voyageNumber(r);
  const [loading, discharge] = b.distinctPorts();
  const pol = b.printPort(loading);
  const pod = b.printPort(discharge);
  const containers = containersFor(b, carrier, r.int(1, 3));
  const seals = containers.map(() => sealNumber(r));
  const fields: Record<string, TruthValue> = {
    bill_of_lading_number: number,
    shipper: shipper.name,
    consignee: consignee.name,
    notify_party: notify.name,
    vessel_name: vessel,
    voyage_number: voyage,
    port_of_loading: pol.truth,
    port_of_discharge: pod.truth,
    container_numbers: containers,
    seal_numbers: seals,
  };
  const blocks: Block[] = [];
  if (issuer !== null) {
    blocks.push(b.letterhead(issuer));
  } else {
    blocks.push({
      kind: 'letterhead',
      lines: [carrier.name.toUpperCase()],
      align: r.pick(['left', 'right'] as const),
    });
    fields.scac = carrier.scac;
  }
  blocks.push(b.titleBlock(title));
  const head: Field[] = [b.field('bl_number', number)];
  if (issuer === null && r.chance(0.5)) head.push(b.field('scac', carrier.scac));
  head.push(b.field('booking_number', `${r.int(100_000_000, 999_999_999)}`));
  blocks.push(b.fields(head));
  const parties = [
    b.party('shipper', shipper),
    b.party('consignee', consignee),
    b.party('notify_party', notify),
  ];
  if (r.chance(0.5)) {
    blocks.push({ kind: 'parties', parties, boxed: r.chance(0.7) });
  } else {
    for (const party of parties) blocks.push({ kind: 'parties', parties: [party], boxed: r.chance(0.5) });
  }
  const voyageFields: Field[] = r.chance(0.3)
    ? [{ label: `${b.label('vessel')} / ${b.label('voyage')}`, value: `${vessel} / ${voyage}` }]
    : [b.field('vessel', vessel), b.field('voyage', voyage)];
  blocks.push(
    b.fields([
      ...voyageFields,
      b.field('port_of_loading', pol.printed),
      b.field('port_of_discharge', pod.printed),
    ]),
  );
  const containerLabel = b.label('containers');
  const sealLabel = b.label('seals');
  const rows = containers.map((number, i) => {
    const packages = r.int(10, 900);
    return [
      printContainer(r, number),
      seals[i] ?? '',
      `${packages} ${r.pick(['CTNS', 'PKGS', 'PLTS'])}`,
      b.weight(r.int(20_000, 260_000)),
      i === 0 ? r.pick(GOODS) : '',
    ];
  });
  const order = r.chance(0.5) ? [0, 1, 2, 3, 4] : [4, 2, 3, 0, 1];
  const headers = [
    containerLabel,
    sealLabel,
    b.label('packages'),
    b.label('gross_weight'),
    b.label('description'),
  ];
  blocks.push({
    kind: 'table',
    headers: order.map((i) => headers[i] ?? ''),
    rows: rows.map((row) => order.map((i) => row[i] ?? '')),
    weights: order.map((i) => [3, 2, 1.6, 1.8, 3.5][i] ?? 1),
  });
  const issued = randomDate(r);
  blocks.push(
    b.fields([{ label: PLACE_AND_DATE[b.language], value: `${loading.names[0]}, ${b.date(issued)}` }], 1),
  );
  return {
    blocks,
    fields,
    variant: `${house ? 'house' : 'master'}:${title}`,
    title: 'bill of lading',
    letterPaper: false,
  };
}

export function buildArrivalNotice(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const carrier = b.carrier();
  const consignee = companyFrom(r, [b.home]);
  const number = b.blNumber(carrier);
  const vessel = r.pick(VESSELS);
  const voyage = voyageNumber(r);
  const [loading, discharge] = b.distinctPorts();
  const pod = b.printPort(discharge);
  const eta = randomDate(r);
  const lfd = addDays(eta, r.int(3, 10));
  const withLfd = r.chance(0.6);
  const containers = containersFor(b, carrier, r.int(1, 4));
  const fields: Record<string, TruthValue> = {
    bill_of_lading_number: number,
    container_numbers: containers,
    vessel_name: vessel,
    voyage_number: voyage,
    eta: isoString(eta),
    port_of_discharge: pod.truth,
  };
  if (withLfd) fields.last_free_day = isoString(lfd);
  const blocks: Block[] = [
    {
      kind: 'letterhead',
      lines: [carrier.name, b.random.pick(['Customer Service', 'Import Department', 'Service Import'])],
      align: r.pick(ALIGNS),
    },
    b.titleBlock(b.title('arrival_notice')),
  ];
  blocks.push({ kind: 'parties', parties: [b.party('consignee', consignee)], boxed: r.chance(0.5) });
  const head: Field[] = [
    b.field('bl_number', number),
    b.field('vessel', vessel),
    b.field('voyage', voyage),
    b.field('port_of_loading', b.printPort(loading).printed),
    b.field('port_of_discharge', pod.printed),
    b.field('eta', b.date(eta)),
  ];
  if (withLfd) head.push(b.field('last_free_day', b.date(lfd)));
  blocks.push(b.fields(head));
  blocks.push({
    kind: 'table',
    headers: [b.label('containers'), 'Type', b.label('seals'), b.label('gross_weight')],
    rows: containers.map((c) => [
      printContainer(r, c),
      r.pick(["40' HC", "20' DV", '40HC', '45G1']),
      sealNumber(r),
      b.weight(r.int(30_000, 260_000)),
    ]),
    weights: [3, 1.5, 2, 2],
  });
  blocks.push({ kind: 'paragraph', lines: [PAY_BEFORE_DELIVERY[b.language]] });
  return {
    blocks,
    fields,
    variant: withLfd ? 'with_lfd' : 'no_lfd',
    title: 'arrival notice',
    letterPaper: b.home === 'US',
  };
}

export function buildPackingList(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const shipper = companyFrom(r, [b.home]);
  const consignee = companyFrom(r, ['US', 'GB', 'NL', 'DE', 'FR', 'ES', 'IT'], shipper);
  const number = r.pick([
    `PL-${r.int(1000, 99_999)}`,
    `${r.int(2021, 2025)}/PL/${r.int(10, 999)}`,
    `PK${r.int(100_000, 999_999)}`,
  ]);
  const containers = containersFor(b, null, r.int(1, 2));
  const rows = Array.from({ length: r.int(2, 5) }, () => ({
    goods: r.pick(GOODS),
    packages: r.int(5, 300),
    tenths: r.int(500, 60_000),
  }));
  const packages = rows.reduce((s, row) => s + row.packages, 0);
  const tenths = rows.reduce((s, row) => s + row.tenths, 0);
  const unit = r.pick(['CTNS', 'cartons', 'colis', 'Kartons', 'colli', 'bultos', 'PKGS']);
  const blocks: Block[] = [b.letterhead(shipper), b.titleBlock(b.title('packing_list'))];
  blocks.push(
    b.fields([
      b.field('packing_list_number', number),
      b.field('date', b.date(randomDate(r))),
      b.field('invoice_number', invoiceNumber(b, 2024)),
    ]),
  );
  blocks.push({ kind: 'parties', parties: [b.party('consignee', consignee)], boxed: r.chance(0.5) });
  blocks.push({
    kind: 'table',
    headers: [b.label('description'), b.label('packages'), b.label('gross_weight')],
    rows: rows.map((row) => [row.goods, `${row.packages} ${unit}`, b.weight(row.tenths)]),
    weights: [5, 2, 2],
  });
  blocks.push({
    kind: 'totals',
    rows: [b.field('packages', `${packages} ${unit}`), b.field('gross_weight', b.weight(tenths))],
  });
  blocks.push(
    b.fields(
      containers.map((c) => b.field('containers', printContainer(r, c))),
      1,
    ),
  );
  return {
    blocks,
    fields: {
      packing_list_number: number,
      shipper: shipper.name,
      consignee: consignee.name,
      container_numbers: containers,
      package_count: packages,
      gross_weight_kg: weightTruth(tenths),
    },
    variant: b.mode,
    title: 'packing list',
    letterPaper: b.home === 'US',
  };
}

export function buildDeliveryOrder(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const carrier = b.carrier();
  const agent = r.chance(0.5) ? r.pick(FORWARDERS) : null;
  const consignee = companyFrom(r, [b.home]);
  const trucker = r.pick(FORWARDERS);
  const number = r.pick([
    `DO${r.int(1_000_000, 9_999_999)}`,
    `DO-${r.int(2021, 2025)}-${r.int(1000, 9999)}`,
    `${r.int(500_000, 599_999)}`,
  ]);
  const bl = b.blNumber(carrier);
  const vessel = r.pick(VESSELS);
  const pod = b.printPort(b.port());
  const containers = containersFor(b, carrier, r.int(1, 3));
  const blocks: Block[] = [
    agent === null
      ? { kind: 'letterhead', lines: [carrier.name], align: r.pick(ALIGNS) }
      : b.letterhead(agent),
    b.titleBlock(b.title('delivery_order')),
    b.fields([
      b.field('delivery_order_number', number),
      b.field('date', b.date(randomDate(r))),
      b.field('bl_number', bl),
      b.field('vessel', vessel),
      b.field('port_of_discharge', pod.printed),
    ]),
    {
      kind: 'parties',
      parties: [b.party('consignee', consignee), b.party('release_to', trucker)],
      boxed: r.chance(0.5),
    },
    {
      kind: 'table',
      headers: [b.label('containers'), b.label('seals'), b.label('packages')],
      rows: containers.map((c) => [printContainer(r, c), sealNumber(r), `${r.int(10, 900)} PKGS`]),
      weights: [3, 2, 2],
    },
  ];
  return {
    blocks,
    fields: {
      delivery_order_number: number,
      bill_of_lading_number: bl,
      consignee: consignee.name,
      container_numbers: containers,
      vessel_name: vessel,
      port_of_discharge: pod.truth,
    },
    variant: agent === null ? 'carrier' : 'agent',
    title: 'delivery order',
    letterPaper: false,
  };
}

export function buildBookingConfirmation(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const carrier = b.carrier();
  const shipper = companyFrom(r, [b.home]);
  const number = r.pick([
    `${r.int(200_000_000, 299_999_999)}`,
    `${carrier.scac.slice(0, 3)}${r.int(1_000_000, 9_999_999)}`,
    `BKG${r.int(100_000, 999_999)}`,
  ]);
  const vessel = r.pick(VESSELS);
  const voyage = voyageNumber(r);
  const [loading, discharge] = b.distinctPorts();
  const pol = b.printPort(loading);
  const pod = b.printPort(discharge);
  const etd = randomDate(r);
  const cutoff = addDays(etd, -r.int(2, 4));
  const blocks: Block[] = [
    {
      kind: 'letterhead',
      lines: [carrier.name, r.pick(['Booking Desk', 'Export Services'])],
      align: r.pick(ALIGNS),
    },
    b.titleBlock(b.title('booking_confirmation')),
    b.fields([b.field('booking_number', number), b.field('date', b.date(addDays(etd, -r.int(10, 20))))]),
    { kind: 'parties', parties: [b.party('shipper', shipper)], boxed: r.chance(0.5) },
    b.fields([
      b.field('vessel', vessel),
      b.field('voyage', voyage),
      b.field('port_of_loading', pol.printed),
      b.field('port_of_discharge', pod.printed),
      b.field('etd', b.date(etd)),
      { label: 'CY cut-off', value: b.date(cutoff) },
    ]),
    {
      kind: 'table',
      headers: ['Qty', 'Equipment', b.label('description')],
      rows: [
        [String(r.int(1, 6)), r.pick(["40' High Cube", "20' Standard", '40HC', "45' HC"]), r.pick(GOODS)],
      ],
      weights: [1, 2, 5],
    },
  ];
  return {
    blocks,
    fields: {
      booking_number: number,
      shipper: shipper.name,
      vessel_name: vessel,
      voyage_number: voyage,
      port_of_loading: pol.truth,
      port_of_discharge: pod.truth,
      etd: isoString(etd),
    },
    variant: b.mode,
    title: 'booking confirmation',
    letterPaper: false,
  };
}

export function buildOther(ctx: BuildContext): DocumentPlan {
  const b = new Builder(ctx);
  const r = b.random;
  const company = companyFrom(r, [b.home]);
  const kind = r.pick(['certificate_of_origin', 'letter', 'quotation'] as const);
  const blocks: Block[] = [b.letterhead(company)];
  const titles = OTHER_TITLES[b.language];
  if (kind === 'letter') {
    blocks.push(b.fields([b.field('date', b.date(randomDate(r)))], 1), {
      kind: 'paragraph',
      lines: LETTER_LINES[b.language],
    });
  } else if (kind === 'certificate_of_origin') {
    const [intro, countryLabel] = ORIGIN_LINES[b.language];
    blocks.push(b.titleBlock(titles[0] ?? ''), {
      kind: 'parties',
      parties: [b.party('shipper', company), b.party('consignee', companyFrom(r, ['US', 'GB'], company))],
      boxed: true,
    });
    blocks.push({
      kind: 'paragraph',
      lines: [`${intro} ${company.address.at(-1) ?? ''}.`, `${countryLabel} ${company.address.at(-1) ?? ''}`],
    });
    blocks.push({
      kind: 'table',
      headers: [b.label('description'), b.label('quantity')],
      rows: [[r.pick(GOODS), String(r.int(10, 400))]],
      weights: [4, 1],
    });
  } else {
    const style = amountStyleFor(b.language, company.country);
    blocks.push(b.titleBlock(titles[1] ?? ''), b.fields([b.field('date', b.date(randomDate(r)))], 1));
    blocks.push({
      kind: 'table',
      headers: [b.label('description'), b.label('unit_price')],
      rows: [[r.pick(GOODS), printAmount(r.int(100, 900_000), style)]],
      weights: [4, 1],
    });
  }
  return { blocks, fields: {}, variant: kind, title: kind.replace(/_/g, ' '), letterPaper: false };
}

export const BUILDERS: Readonly<Record<CorpusType, (ctx: BuildContext) => DocumentPlan>> = {
  commercial_invoice: buildCommercialInvoice,
  bill_of_lading: buildBillOfLading,
  arrival_notice: buildArrivalNotice,
  packing_list: buildPackingList,
  delivery_order: buildDeliveryOrder,
  booking_confirmation: buildBookingConfirmation,
  other: buildOther,
};
