import type { Canvas } from './heldout-canvas.ts';
import type { HeldoutDocument } from './heldout-cargo.ts';
import { decimal, money, pairs, table } from './heldout2-draw.ts';

/**
 * Invoices of the second held-out set: European suppliers with a VAT table under the items, line items
 * running over two or three pages with a carried-forward line, amounts in `1.234,56`, `1'234.56` and
 * `1 234,56`, dates in `24.11.26`, `24 novembre 2026`, `24th November 2026` and `Nov 24th 2026`, and a
 * US forwarder's freight invoice.
 */

type Style = 'en' | 'eu' | 'ch' | 'fr';

interface Item {
  text: string;
  quantity: number;
  /** Unit price in cents. */
  unit: number;
}

interface InvoiceSpec {
  letterhead: readonly string[];
  /** The letterhead on the right (as most continental templates) or the left. */
  letterheadRight: boolean;
  title: string;
  recipient: readonly string[];
  info: ReadonlyArray<readonly [string, string]>;
  /** Info as label/value lines, or as one header row with its values beneath. */
  infoAsRow: boolean;
  heads: readonly [string, string, string, string];
  items: readonly Item[];
  perPage: number;
  carried: [forward: string, brought: string];
  style: Style;
  /** VAT rate in percent, and the labels of the VAT table and totals. */
  vat: { rate: number; table: readonly [string, string, string]; net: string; tax: string; total: string };
  currencyNote: string;
  footer: readonly string[];
}

function itemsTotal(items: readonly Item[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unit, 0);
}

function vatOf(cents: number, rate: number): number {
  return Math.round((cents * rate) / 100);
}

export function invoiceTotal(spec: InvoiceSpec): number {
  const net = itemsTotal(spec.items);
  return net + vatOf(net, spec.vat.rate);
}

function drawInvoice(canvas: Canvas, spec: InvoiceSpec): void {
  const right = canvas.width - 40;
  const head = (): void => {
    if (spec.letterheadRight) canvas.lines(spec.letterhead, right, 30, { size: 8, align: 'right' });
    else canvas.lines(spec.letterhead, 40, 30, { size: 8 });
  };
  head();
  canvas.lines(spec.recipient, spec.letterheadRight ? 40 : 340, 110, { size: 9 });
  canvas.text(spec.title, 40, 190, { size: 16, bold: true });
  let y: number;
  if (spec.infoAsRow) {
    const step = (right - 40) / spec.info.length;
    y = table(
      canvas,
      216,
      spec.info.map(([label], i) => ({ head: label, x: 42 + i * step })),
      [spec.info.map(([, value]) => value)],
      { boxed: true, left: 40, right },
    );
  } else y = pairs(canvas, 40, 160, 216, spec.info, { size: 8.5 });
  const columns = [
    { head: spec.heads[0], x: 42 },
    { head: spec.heads[1], x: right - 170, align: 'right' as const },
    { head: spec.heads[2], x: right - 90, align: 'right' as const },
    { head: spec.heads[3], x: right - 2, align: 'right' as const },
  ];
  const row = (item: Item): string[] => [
    item.text,
    String(item.quantity),
    money(item.unit, spec.style),
    money(item.quantity * item.unit, spec.style),
  ];
  let done = 0;
  let page = 1;
  y += 14;
  while (done < spec.items.length) {
    const chunk = spec.items.slice(done, done + spec.perPage);
    const rows = chunk.map(row);
    if (done > 0)
      rows.unshift([spec.carried[1], '', '', money(itemsTotal(spec.items.slice(0, done)), spec.style)]);
    done += chunk.length;
    if (done < spec.items.length)
      rows.push([spec.carried[0], '', '', money(itemsTotal(spec.items.slice(0, done)), spec.style)]);
    y = table(canvas, y, columns, rows, { left: 40, right });
    if (done < spec.items.length) {
      canvas.text(`${page} / …`, right, canvas.height - 40, { size: 7, align: 'right' });
      canvas.newPage();
      page += 1;
      head();
      y = 110;
    }
  }
  const net = itemsTotal(spec.items);
  const tax = vatOf(net, spec.vat.rate);
  y = table(
    canvas,
    y + 10,
    [
      { head: spec.vat.table[0], x: 42 },
      { head: spec.vat.table[1], x: 250, align: 'right' },
      { head: spec.vat.table[2], x: 380, align: 'right' },
    ],
    [[`${spec.vat.rate} %`, money(net, spec.style), money(tax, spec.style)]],
    { left: 40, right: 400 },
  );
  pairs(
    canvas,
    right - 220,
    right - 90,
    y + 6,
    [
      [spec.vat.net, money(net, spec.style)],
      [spec.vat.tax, money(tax, spec.style)],
    ],
    { size: 8.5 },
  );
  canvas.text(spec.vat.total, right - 220, y + 40, { size: 10, bold: true });
  canvas.text(money(net + tax, spec.style), right - 2, y + 40, { size: 10, bold: true, align: 'right' });
  canvas.text(spec.currencyNote, 40, y + 70, { size: 8 });
  canvas.lines(spec.footer, 40, canvas.height - 70, { size: 6.5, grey: true });
}

function items(names: readonly string[], seed: number, base: number): Item[] {
  return names.map((text, i) => ({
    text,
    quantity: 1 + ((seed * (i + 3)) % 40),
    unit: base + ((seed * 97 * (i + 1)) % (base * 3)),
  }));
}

const swiss: InvoiceSpec = {
  letterhead: ['ALPENTECH PRÄZISION AG', 'Industriestrasse 21', 'CH-8400 Winterthur', 'MWST CHE-114.382.907'],
  letterheadRight: true,
  title: 'Rechnung',
  recipient: ['Ostsee Anlagenbau GmbH', 'Hafenweg 3', 'DE-24143 Kiel'],
  info: [
    ['Rechnungs-Nr.', 'RE-26-04417'],
    ['Datum', '24.11.26'],
    ['Kunden-Nr.', '10881'],
    ['Zahlbar bis', '24.12.26'],
  ],
  infoAsRow: true,
  heads: ['Bezeichnung', 'Menge', 'Preis CHF', 'Betrag CHF'],
  items: items(
    [
      'Spindellager SL-40',
      'Kugelgewindetrieb KGT 20x5',
      'Linearführung LF-35, 1200 mm',
      'Wellenkupplung WK-19',
      'Präzisionsmutter PM-20',
      'Servomotor-Flansch SF-90',
      'Zahnriemenscheibe Z-32',
      'Lagerbock LB-25',
      'Schmiernippel-Set',
      'Montagesatz Spindel',
      'Abdeckband AB-1200',
      'Endschalter ES-2',
      'Kabelschlepp KS-45',
      'Prüfprotokoll',
    ],
    17,
    4_500,
  ),
  perPage: 9,
  carried: ['Übertrag', 'Übertrag'],
  style: 'ch',
  vat: {
    rate: 8.1,
    table: ['MWST-Satz', 'Nettobetrag', 'MWST'],
    net: 'Total netto',
    tax: 'MWST 8,1 %',
    total: 'Rechnungsbetrag CHF',
  },
  currencyNote: 'Zahlbar innert 30 Tagen netto auf IBAN CH93 0076 2011 6238 5295 7.',
  footer: ['Alpentech Präzision AG · Handelsregister Winterthur CHE-114.382.907 · www.alpentech.example'],
};

const french: InvoiceSpec = {
  letterhead: ['TISSAGES DU RHÔNE SARL', '8 quai Saint-Vincent', '69001 Lyon', 'TVA FR 44 512 880 331'],
  letterheadRight: false,
  title: 'FACTURE',
  recipient: ['Maison Textile Bruxelles SPRL', 'Boulevard Anspach 60', '1000 Bruxelles, Belgique'],
  info: [
    ['Facture n°', 'F2026-1187'],
    ['Date de facture', '24 novembre 2026'],
    ['Échéance', '24 décembre 2026'],
  ],
  infoAsRow: false,
  heads: ['Désignation', 'Qté', 'P.U. HT', 'Montant HT'],
  items: items(
    [
      'Toile de lin écrue 280 cm',
      'Velours côtelé marine',
      'Jacquard soie motif cachemire',
      'Satin de coton blanc',
    ],
    29,
    1_800,
  ),
  perPage: 20,
  carried: ['Report', 'Report'],
  style: 'fr',
  vat: {
    rate: 20,
    table: ['Taux TVA', 'Base HT', 'Montant TVA'],
    net: 'Total HT',
    tax: 'TVA 20 %',
    total: 'Total TTC EUR',
  },
  currencyNote: 'Règlement par virement à 30 jours. Pénalités de retard : 3 fois le taux légal.',
  footer: ['SARL au capital de 50 000 € · RCS Lyon 512 880 331 · IBAN FR76 3000 4000 0312 3456 7890 143'],
};

const dutch: InvoiceSpec = {
  letterhead: ['VAN DER BERG VERPAKKINGEN B.V.', 'Industrieweg 12', '5145 PD Waalwijk', 'BTW NL812345678B01'],
  letterheadRight: true,
  title: 'FACTUUR',
  recipient: ['Northumbrian Foods Ltd', 'Team Valley', 'Gateshead NE11 0QD, United Kingdom'],
  info: [
    ['Factuurnummer', '2026-30917'],
    ['Factuurdatum', '24-11-2026'],
    ['Klantnummer', 'K-4471'],
    ['Vervaldatum', '24-12-2026'],
  ],
  infoAsRow: true,
  heads: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
  items: items(
    [
      'Golfkarton doos 400x300x200',
      'Golfkarton doos 600x400x300',
      'Stretchfolie 23 my',
      'Tape bruin 50 mm',
      'Pallet EUR 1200x800',
      'Hoekprofiel 50x50',
      'Vulmateriaal papier',
      'Etiketten 100x150',
      'Kartonnen tussenlegvel',
      'Omsnoeringsband PP',
      'Luchtkussenfolie',
      'Dozenklemmen',
      'Krimpkous',
      'Palletkap',
      'Bedrukte doos 300x200x100',
      'Schuimplaat 20 mm',
      'Bubbelenvelop C4',
      'Transportlabel set',
      'Verzendzakken',
      'Houten kist 800x600',
      'Vochtabsorber',
      'Stootrand',
    ],
    13,
    900,
  ),
  perPage: 9,
  carried: ['Transport', 'Transport'],
  style: 'eu',
  vat: {
    rate: 0,
    table: ['BTW %', 'Grondslag', 'BTW'],
    net: 'Subtotaal',
    tax: 'BTW verlegd 0 %',
    total: 'Totaal te betalen EUR',
  },
  currencyNote: 'Intracommunautaire levering, BTW verlegd. Betaling binnen 30 dagen.',
  footer: ['KvK 18012345 · IBAN NL91 ABNA 0417 1643 00 · www.vdberg-verpakkingen.example'],
};

const spanish: InvoiceSpec = {
  letterhead: ['ACEITES DEL GUADALQUIVIR S.A.', 'Ctra. de Córdoba km 4', '41005 Sevilla', 'CIF A-41234567'],
  letterheadRight: false,
  title: 'FACTURA',
  recipient: ['Delikatessen Import GmbH', 'Kaiserstraße 8', '60311 Frankfurt am Main'],
  info: [
    ['Nº Factura', 'FV-2026/0934'],
    ['Fecha', '24/11/2026'],
    ['Forma de pago', 'Transferencia 60 días'],
  ],
  infoAsRow: false,
  heads: ['Descripción', 'Cantidad', 'Precio', 'Importe'],
  items: items(
    ['Aceite de oliva virgen extra 5 L', 'Aceite de oliva virgen extra 1 L', 'Aceitunas manzanilla 3 kg'],
    41,
    1_200,
  ),
  perPage: 20,
  carried: ['Suma y sigue', 'Suma anterior'],
  style: 'eu',
  vat: {
    rate: 0,
    table: ['Tipo IVA', 'Base imponible', 'Cuota IVA'],
    net: 'Base imponible',
    tax: 'IVA 0 % (entrega intracomunitaria)',
    total: 'TOTAL FACTURA EUR',
  },
  currencyNote: 'Operación exenta de IVA, art. 25 Ley 37/1992.',
  footer: [
    'Inscrita en el Registro Mercantil de Sevilla, Tomo 1234, Folio 56 · IBAN ES91 2100 0418 4502 0005 1332',
  ],
};

const british: InvoiceSpec = {
  letterhead: ['PENNINE ENGINEERING LTD', 'Mill Lane, Huddersfield HD1 3AB', 'VAT Reg. GB 294 7710 38'],
  letterheadRight: true,
  title: 'TAX INVOICE',
  recipient: ['Clyde Marine Services Ltd', '45 Govan Road', 'Glasgow G51 1HS'],
  info: [
    ['Invoice No', 'PE-118203'],
    ['Invoice Date', '24th November 2026'],
    ['Your Order', 'CMS/PO/7781'],
    ['Account', 'CLY001'],
  ],
  infoAsRow: true,
  heads: ['Description', 'Qty', 'Unit £', 'Net £'],
  items: items(
    [
      'Stainless shaft 40 mm machined',
      'Bronze bushing 40/50',
      'Impeller, cast, balanced',
      'Gasket set',
      'Labour: fitting and test (hours)',
    ],
    23,
    3_000,
  ),
  perPage: 20,
  carried: ['Carried forward', 'Brought forward'],
  style: 'en',
  vat: {
    rate: 20,
    table: ['VAT rate', 'Goods', 'VAT'],
    net: 'Total net',
    tax: 'VAT @ 20%',
    total: 'INVOICE TOTAL £',
  },
  currencyNote: 'Payment terms: 30 days from date of invoice. Sterling only.',
  footer: ['Registered in England and Wales No. 04417733 · Registered office: Mill Lane, Huddersfield'],
};

const italian: InvoiceSpec = {
  letterhead: [
    'CERAMICHE SASSOLESI S.P.A.',
    'Via Radici in Piano 140',
    '41049 Sassuolo (MO)',
    'P.IVA 01234560367',
  ],
  letterheadRight: false,
  title: 'FATTURA',
  recipient: ['Tile Depot Inc.', '600 Commerce Blvd', 'Carlstadt NJ 07072, USA'],
  info: [
    ['Fattura n.', '1447/E'],
    ['Data', '24/11/2026'],
    ['Pagamento', 'Bonifico 90 gg d.f.'],
  ],
  infoAsRow: true,
  heads: ['Descrizione', 'Q.tà (m²)', 'Prezzo', 'Importo'],
  items: items(
    [
      'Gres porcellanato 60x60 grigio',
      'Gres porcellanato 30x60 bianco',
      'Battiscopa 8x60',
      'Mosaico 30x30 nero',
      'Gres effetto legno 20x120',
      'Pezzi speciali gradino',
      'Rivestimento 25x75 lucido',
      'Decoro 25x75',
      'Listello 5x60',
      'Gres esterno 2 cm 60x60',
      'Campionario',
    ],
    31,
    1_500,
  ),
  perPage: 8,
  carried: ['A riportare', 'Riporto'],
  style: 'eu',
  vat: {
    rate: 0,
    table: ['Aliquota', 'Imponibile', 'Imposta'],
    net: 'Imponibile',
    tax: 'Non imponibile art. 8',
    total: 'Totale fattura EUR',
  },
  currencyNote: 'Operazione non imponibile art. 8 c.1 lett. a DPR 633/72.',
  footer: ['Capitale sociale € 2.000.000 i.v. · REA MO-112233 · IBAN IT60 X054 2811 1010 0000 0123 456'],
};

export const HELDOUT2_INVOICES: readonly HeldoutDocument[] = [
  {
    name: 'invoice-swiss-apostrophe-amounts-two-digit-year-two-pages',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => drawInvoice(canvas, swiss),
    fields: {
      invoice_number: 'RE-26-04417',
      invoice_date: '2026-11-24',
      supplier_name: 'ALPENTECH PRÄZISION AG',
      total_amount: decimal(invoiceTotal(swiss)),
      currency: 'CHF',
    },
  },
  {
    name: 'invoice-french-sarl-space-thousands-total-ttc',
    type: 'commercial_invoice',
    language: 'fr',
    face: 'times',
    draw: (canvas) => drawInvoice(canvas, french),
    fields: {
      invoice_number: 'F2026-1187',
      invoice_date: '2026-11-24',
      supplier_name: 'TISSAGES DU RHÔNE SARL',
      total_amount: decimal(invoiceTotal(french)),
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-dutch-three-pages-transport-line-btw-verlegd',
    type: 'commercial_invoice',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => drawInvoice(canvas, dutch),
    fields: {
      invoice_number: '2026-30917',
      invoice_date: '2026-11-24',
      supplier_name: 'VAN DER BERG VERPAKKINGEN B.V.',
      total_amount: decimal(invoiceTotal(dutch)),
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-spanish-iva-exempt-total-factura',
    type: 'commercial_invoice',
    language: 'es',
    face: 'courier',
    draw: (canvas) => drawInvoice(canvas, spanish),
    fields: {
      invoice_number: 'FV-2026/0934',
      invoice_date: '2026-11-24',
      supplier_name: 'ACEITES DEL GUADALQUIVIR S.A.',
      total_amount: decimal(invoiceTotal(spanish)),
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-uk-tax-invoice-ordinal-date-pound-sign',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) => drawInvoice(canvas, british),
    fields: {
      invoice_number: 'PE-118203',
      invoice_date: '2026-11-24',
      supplier_name: 'PENNINE ENGINEERING LTD',
      total_amount: decimal(invoiceTotal(british)),
      currency: 'GBP',
    },
  },
  {
    name: 'invoice-italian-spa-two-pages-riporto',
    type: 'commercial_invoice',
    language: 'it',
    face: 'helvetica',
    draw: (canvas) => drawInvoice(canvas, italian),
    fields: {
      invoice_number: '1447/E',
      invoice_date: '2026-11-24',
      supplier_name: 'CERAMICHE SASSOLESI S.P.A.',
      total_amount: decimal(invoiceTotal(italian)),
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-us-forwarder-freight-ordinal-month-first',
    type: 'commercial_invoice',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('GATEWAY GLOBAL LOGISTICS INC.', 40, 30, { size: 12, bold: true });
      canvas.text('1 World Trade Center, Suite 8500, New York NY 10007', 40, 46, { size: 7 });
      canvas.text('INVOICE', 572, 30, { size: 16, bold: true, align: 'right' });
      pairs(
        canvas,
        400,
        480,
        56,
        [
          ['Invoice:', 'GGL-NYC-559013'],
          ['Dated:', 'Nov 24th 2026'],
          ['Terms:', 'NET 15'],
        ],
        { size: 8.5 },
      );
      canvas.lines(
        ['BILL TO:', 'HUDSON VALLEY APPLIANCES INC.', '200 RIVER RD', 'POUGHKEEPSIE NY 12601'],
        40,
        70,
        {
          size: 8.5,
        },
      );
      pairs(
        canvas,
        40,
        160,
        140,
        [
          ['MBL:', 'HDMUNBOA3318420'],
          ['Vessel/Voy:', 'HMM GARNET / 0019E'],
          ['POL / POD:', 'NINGBO / NEWARK, NJ'],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        200,
        [
          { head: 'Description', x: 42 },
          { head: 'Amount (USD)', x: 570, align: 'right' },
        ],
        [
          ['Ocean freight 2 x 40HC', '3,900.00'],
          ['Destination THC', '770.00'],
          ['Customs clearance', '125.00'],
          ['ISF filing', '55.00'],
        ],
        { left: 40, right: 572 },
      );
      canvas.text('TOTAL DUE: USD 4,850.00', 570, 290, { size: 10, bold: true, align: 'right' });
      canvas.text('Please remit by wire. Late payments subject to 1.5% monthly service charge.', 40, 320, {
        size: 7,
      });
    },
    fields: {
      invoice_number: 'GGL-NYC-559013',
      invoice_date: '2026-11-24',
      supplier_name: 'GATEWAY GLOBAL LOGISTICS INC.',
      total_amount: '4850.00',
      currency: 'USD',
    },
  },
];
