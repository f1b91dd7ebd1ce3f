import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import {
  cornerLabelBox,
  glyphPairs,
  glyphs,
  letterSpaced,
  tableScrambled,
  valueOverLabelBox,
} from './heldout5-draw.ts';

/**
 * Invoices, packing lists and bookings of the fifth held-out set: an invoice whose total is in words under
 * its figure, a forwarder's debit note, an invoice set glyph by glyph, a Spanish `Factura` with values
 * written over their labels, an invoice whose right column is written first and whose items are
 * scrambled; a packing list whose table and totals go on to page 2, an Italian `Distinta colli` with a
 * scrambled table, a packing list with labels in the boxes' corners; bookings with `ETD / ATD` beside
 * one label, in Dutch, and set glyph by glyph.
 */

const plTwoPages = cargo('TRHU', [340_118, 340_562, 341_009, 341_447], { size: '40HC' });
const plItaly = cargo('GESU', [627_305, 627_842], { size: '40HC' });
const plCorner = cargo('BMOU', [488_730], { size: '20DV' });

export const HELDOUT5_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'invoice-total-in-words-and-figures-tianjin',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('TIANJIN NORTHSTAR MACHINERY IMPORT & EXPORT CO., LTD.', 40, 24, { size: 11, bold: true });
      canvas.text('NO. 17 HAIBIN ROAD, BINHAI NEW AREA, TIANJIN, CHINA', 40, 38, { size: 7 });
      canvas.text('COMMERCIAL INVOICE', 300, 62, { size: 13, bold: true, align: 'center' });
      pairs(canvas, 360, 440, 86, [
        ['Invoice No.:', 'NSM-26-1147'],
        ['Date:', 'NOV. 24, 2026'],
        ['Terms:', 'FOB XINGANG'],
      ]);
      stacked(canvas, 40, 86, 'SOLD TO', ['GREAT LAKES PUMP & VALVE CO', 'CLEVELAND OH 44114 USA']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'Item', x: 42 },
          { head: 'Description', x: 80 },
          { head: 'Quantity', x: 300 },
          { head: 'Unit Price USD', x: 430, align: 'right' },
          { head: 'Amount USD', x: 553, align: 'right' },
        ],
        [
          ['1', 'CENTRIFUGAL PUMP CP-80', '120 SETS', '245.50', '29,460.00'],
          ['2', 'GATE VALVE DN100', '310 PCS', '62.76', '19,455.60'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [['TOTAL AMOUNT (USD):', '48,915.60']], { labelBold: true });
      canvas.text(
        'SAY TOTAL: U.S. DOLLARS FORTY-EIGHT THOUSAND NINE HUNDRED FIFTEEN AND CENTS SIXTY ONLY.',
        40,
        bottom + 26,
        { size: 8, bold: true },
      );
    },
    fields: {
      invoice_number: 'NSM-26-1147',
      invoice_date: '2026-11-24',
      supplier_name: 'TIANJIN NORTHSTAR MACHINERY IMPORT & EXPORT CO., LTD.',
      total_amount: '48915.60',
      currency: 'USD',
    },
  },
  {
    name: 'debit-note-forwarder-freight-charges-gbp-felixstowe',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('ORWELL FREIGHT SERVICES LTD', 40, 24, { size: 13, bold: true });
      canvas.text('Dock Road, Felixstowe IP11 3QW - VAT GB 284 1190 37', 40, 40, { size: 7 });
      canvas.text('DEBIT NOTE', 555, 28, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 360, 450, 56, [
        ['Debit Note No.', 'DN-26-0931'],
        ['Date', '24 Nov 2026'],
        ['Account', 'PEN004'],
        ['Your Ref.', 'PO 77810'],
      ]);
      stacked(canvas, 40, 62, 'TO', ['PENNINE HOME FURNISHINGS LTD', 'BRADFORD BD1 1HY']);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Charge', x: 42 },
          { head: 'Basis', x: 280 },
          { head: 'Net GBP', x: 450, align: 'right' },
          { head: 'VAT GBP', x: 553, align: 'right' },
        ],
        [
          ['Ocean freight MUNDRA - FELIXSTOWE', '2 x 20DV', '1,640.00', '0.00'],
          ['Terminal handling charges', '2 x 20DV', '310.00', '62.00'],
          ['Customs clearance', 'per entry', '85.00', '17.00'],
          ['Haulage to Bradford', '2 x 20DV', '253.00', '51.60'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [
        ['Net total', '2,288.00'],
        ['VAT', '130.60'],
        ['Balance due GBP', '2,418.60'],
      ]);
      canvas.text(
        'Payment within 14 days to Barclays, sort code 20-00-00, account 43877105.',
        40,
        bottom + 60,
        {
          size: 7.5,
        },
      );
    },
    fields: {
      invoice_number: 'DN-26-0931',
      invoice_date: '2026-11-24',
      supplier_name: 'ORWELL FREIGHT SERVICES LTD',
      total_amount: '2418.60',
      currency: 'GBP',
    },
  },
  {
    name: 'rechnung-single-glyph-text-eur-bremen',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      glyphs(canvas, 'WESERTAL ARMATUREN GMBH', 40, 24, { size: 13, bold: true });
      glyphs(canvas, 'Hafenstraße 41, 28217 Bremen', 40, 40, { size: 7.5 });
      glyphs(canvas, 'RECHNUNG', 555, 28, { size: 14, bold: true, align: 'right' }, 2);
      glyphPairs(canvas, 340, 450, 62, [
        ['Rechnungsnr.', 'WA-2026-3307'],
        ['Datum', '24.11.2026'],
        ['Kunden-Nr.', '40118'],
        ['Währung', 'EUR'],
      ]);
      glyphs(canvas, 'Kunde', 40, 62, { size: 7, bold: true });
      glyphs(canvas, 'NORDIC VALVE TRADING AB', 40, 73, { size: 8.5 });
      glyphs(canvas, 'GÖTEBORG, SCHWEDEN', 40, 84, { size: 8.5 });
      let y = 140;
      glyphs(canvas, 'Pos.   Bezeichnung                         Menge        Betrag EUR', 40, y, {
        size: 8,
        bold: true,
      });
      for (const [pos, name, qty, amount] of [
        ['1', 'Kugelhahn DN50 PN40', '400', '7.920,00'],
        ['2', 'Rückschlagventil DN80', '85', '4.925,67'],
      ] as const) {
        y += 14;
        glyphs(canvas, pos, 40, y, { size: 8 });
        glyphs(canvas, name, 75, y, { size: 8 });
        glyphs(canvas, qty, 270, y, { size: 8 });
        glyphs(canvas, amount, 400, y, { size: 8, align: 'right' });
      }
      glyphs(canvas, 'Gesamtbetrag:', 230, y + 24, { size: 9, bold: true });
      glyphs(canvas, '12.845,67 EUR', 400, y + 24, { size: 9, bold: true, align: 'right' });
      glyphs(canvas, 'Steuerfreie innergemeinschaftliche Lieferung.', 40, y + 50, { size: 7.5 });
    },
    fields: {
      invoice_number: 'WA-2026-3307',
      invoice_date: '2026-11-24',
      supplier_name: 'WESERTAL ARMATUREN GMBH',
      total_amount: '12845.67',
      currency: 'EUR',
    },
  },
  {
    name: 'factura-spanish-values-over-labels-boxes-bilbao',
    type: 'commercial_invoice',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('ACEROS DEL NERVION S.A.', 40, 24, { size: 13, bold: true });
      canvas.text('Muelle de la Ribera 8, 48001 Bilbao - CIF A48112233', 40, 40, { size: 7 });
      canvas.text('FACTURA', 555, 28, { size: 14, bold: true, align: 'right' });
      valueOverLabelBox(canvas, 300, 52, 125, 30, 'Número de factura', ['F-2026/0871']);
      valueOverLabelBox(canvas, 430, 52, 125, 30, 'Fecha', ['24/11/2026']);
      valueOverLabelBox(canvas, 40, 52, 255, 42, 'Cliente', [
        'MAGHREB STEEL TRADING SARL',
        'CASABLANCA, MARRUECOS',
      ]);
      const bottom = table(
        canvas,
        120,
        [
          { head: 'Descripción', x: 42 },
          { head: 'Cantidad', x: 300 },
          { head: 'Importe EUR', x: 553, align: 'right' },
        ],
        [
          ['Chapa laminada en caliente S275JR', '42 t', '31.290,00'],
          ['Tubo soldado 114,3 x 4 mm', '9 t', '8.415,50'],
        ],
        { left: 40, right: 555 },
      );
      valueOverLabelBox(canvas, 430, bottom + 4, 125, 30, 'Total factura EUR', ['39.705,50']);
    },
    fields: {
      invoice_number: 'F-2026/0871',
      invoice_date: '2026-11-24',
      supplier_name: 'ACEROS DEL NERVION S.A.',
      total_amount: '39705.50',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-right-column-first-scrambled-items-total-in-words-colombo',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      pairs(canvas, 380, 470, 56, [
        ['Invoice #', 'CTE/EX/26/0419'],
        ['Invoice Date', '22 November 2026'],
        ['Currency', 'USD'],
      ]);
      stacked(canvas, 40, 56, 'BUYER', ['HIGHLAND TEA MERCHANTS LTD', 'MOMBASA, KENYA']);
      canvas.text('INVOICE', 572, 28, { size: 14, bold: true, align: 'right' });
      canvas.text('CEYLON TEA EXPORTERS (PVT) LTD', 40, 24, { size: 12, bold: true });
      tableScrambled(
        canvas,
        120,
        [
          { head: 'No', x: 42 },
          { head: 'Grade', x: 80 },
          { head: 'Qty', x: 300 },
          { head: 'Amount', x: 570, align: 'right' },
        ],
        [
          ['1', 'BOPF CEYLON HIGHGROWN', '1,200 KG', '3,600.00'],
          ['2', 'PEKOE UVA', '800 KG', '2,400.00'],
          ['3', 'DUST NO. 1', '500 KG', '1,250.00'],
        ],
        5,
        { left: 40, right: 572 },
      );
      pairs(canvas, 380, 570, 200, [['Total', '7,250.00']], { labelBold: true });
      canvas.text('Amount in words: Seven thousand two hundred fifty US dollars only', 40, 222, { size: 8 });
    },
    fields: {
      invoice_number: 'CTE/EX/26/0419',
      invoice_date: '2026-11-22',
      supplier_name: 'CEYLON TEA EXPORTERS (PVT) LTD',
      total_amount: '7250.00',
      currency: 'USD',
    },
  },
  {
    name: 'packing-list-table-and-totals-continued-on-page-2-gdansk',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      const header = (page: number): void => {
        canvas.text('BALTIC TIMBER PRODUCTS SP. Z O.O.', 40, 24, { size: 12, bold: true });
        canvas.text('PACKING LIST', 555, 28, { size: 13, bold: true, align: 'right' });
        canvas.text(`Packing List No.: BTP-PL-2611-05    Page ${page}/2`, 555, 44, {
          size: 8,
          align: 'right',
        });
      };
      const columns = [
        { head: 'Container', x: 42 },
        { head: 'Pallet No.', x: 150 },
        { head: 'Product', x: 230 },
        { head: 'Packages', x: 430, align: 'right' as const },
        { head: 'Gross kg', x: 553, align: 'right' as const },
      ];
      const rows = plTwoPages.flatMap((c, i) =>
        [0, 1, 2, 3, 4].map((p) => [
          c.container,
          `P-${i * 5 + p + 1}`,
          'PINE DECKING 28X145',
          '12',
          `${(2_310 + p * 15).toLocaleString('en-US')}.0`,
        ]),
      );
      header(1);
      stacked(canvas, 40, 64, 'SHIPPER', ['BALTIC TIMBER PRODUCTS SP. Z O.O.', 'UL. PORTOWA 3, GDANSK']);
      stacked(canvas, 300, 64, 'CONSIGNEE', ['PEAK OUTDOOR LIVING LTD', 'MANCHESTER M17 1PG']);
      table(canvas, 112, columns, rows.slice(0, 12), { left: 40, right: 555 });
      canvas.text('Continued overleaf', 300, 320, { size: 7.5, align: 'center' });
      canvas.newPage();
      header(2);
      const bottom = table(canvas, 70, columns, rows.slice(12), { left: 40, right: 555 });
      pairs(canvas, 330, 450, bottom + 4, [
        ['Total packages:', '240'],
        ['Total gross weight:', '46,800.0 KG'],
      ]);
    },
    fields: {
      packing_list_number: 'BTP-PL-2611-05',
      shipper: 'BALTIC TIMBER PRODUCTS SP. Z O.O.',
      consignee: 'PEAK OUTDOOR LIVING LTD',
      container_numbers: containersOf(plTwoPages),
      package_count: 240,
      gross_weight_kg: '46800',
    },
  },
  {
    name: 'distinta-colli-italian-scrambled-table-genova',
    type: 'packing_list',
    language: 'it',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CERAMICHE SASSUOLO EXPORT S.R.L.', 40, 24, { size: 12, bold: true });
      canvas.text('DISTINTA COLLI / PACKING LIST', 555, 28, { size: 11, bold: true, align: 'right' });
      pairs(canvas, 340, 450, 52, [
        ['Distinta n.:', 'CSE-DC-26/448'],
        ['Data:', '20/11/2026'],
        ['Porto di imbarco:', 'GENOVA'],
      ]);
      stacked(canvas, 40, 52, 'MITTENTE', [
        'CERAMICHE SASSUOLO EXPORT S.R.L.',
        'VIA RADICI 12, SASSUOLO (MO)',
      ]);
      stacked(canvas, 40, 96, 'DESTINATARIO', ['GULF TILES & SANITARY LLC', 'SHARJAH, U.A.E.']);
      const bottom = tableScrambled(
        canvas,
        146,
        [
          { head: 'Contenitore', x: 42 },
          { head: 'Colli', x: 200, align: 'right' },
          { head: 'Peso lordo kg', x: 330, align: 'right' },
          { head: 'Descrizione', x: 360 },
        ],
        plItaly.map((c) => [c.container, '26', '24.180,0', 'PIASTRELLE IN GRES']),
        41,
        { left: 40, right: 555 },
      );
      pairs(canvas, 40, 200, bottom + 4, [
        ['Totale colli:', '52'],
        ['Peso lordo totale:', '48.360,0 kg'],
      ]);
    },
    fields: {
      packing_list_number: 'CSE-DC-26/448',
      shipper: 'CERAMICHE SASSUOLO EXPORT S.R.L.',
      consignee: 'GULF TILES & SANITARY LLC',
      container_numbers: containersOf(plItaly),
      package_count: 52,
      gross_weight_kg: '48360',
    },
  },
  {
    name: 'packing-list-labels-in-box-corners-letter-spaced-title-auckland',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('KIWI ORCHARD EXPORTS LIMITED', 40, 24, { size: 12, bold: true });
      canvas.text(letterSpaced('PACKING LIST'), 555, 28, { size: 11, bold: true, align: 'right' });
      cornerLabelBox(canvas, 40, 50, 255, 40, 'EXPORTER', [
        'KIWI ORCHARD EXPORTS LIMITED',
        'TAURANGA 3110 NZ',
      ]);
      cornerLabelBox(canvas, 300, 50, 255, 40, 'CONSIGNEE', [
        'SUNSHINE FRESH PRODUCE PTY LTD',
        'MELBOURNE VIC',
      ]);
      cornerLabelBox(canvas, 40, 92, 170, 30, 'PACKING LIST NO.', ['KOE-2611-93']);
      cornerLabelBox(canvas, 212, 92, 170, 30, 'CONTAINER NO.', [plCorner[0]?.container ?? '']);
      cornerLabelBox(canvas, 384, 92, 171, 30, 'PORT OF LOADING', ['AUCKLAND']);
      cornerLabelBox(canvas, 40, 124, 255, 30, 'TOTAL CARTONS', ['1,540']);
      cornerLabelBox(canvas, 300, 124, 255, 30, 'TOTAL GROSS WEIGHT (KG)', ['9,240.0']);
      table(
        canvas,
        170,
        [
          { head: 'Variety', x: 42 },
          { head: 'Count', x: 250 },
          { head: 'Cartons', x: 400, align: 'right' },
          { head: 'Gross kg', x: 553, align: 'right' },
        ],
        [
          ['KIWIFRUIT GREEN', '33', '900', '5,400.0'],
          ['KIWIFRUIT GOLD', '30', '640', '3,840.0'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'KOE-2611-93',
      shipper: 'KIWI ORCHARD EXPORTS LIMITED',
      consignee: 'SUNSHINE FRESH PRODUCE PTY LTD',
      container_numbers: containersOf(plCorner),
      package_count: 1540,
      gross_weight_kg: '9240',
    },
  },
  {
    name: 'booking-confirmation-etd-atd-two-dates-one-label-piraeus',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('COSCO SHIPPING LINES (GREECE) S.A.', 40, 24, { size: 11, bold: true });
      canvas.text('BOOKING CONFIRMATION', 555, 28, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 40, 160, 56, [
        ['Booking No.', '6412093371'],
        ['Shipper', 'HELLENIC MARBLE QUARRIES S.A.'],
        ['Vessel / Voyage', 'CSCL STAR / 082W'],
        ['Port of Loading', 'PIRAEUS'],
        ['Port of Discharge', 'MOMBASA'],
        ['ETD / ATD', '28.11.2026 / 29.11.2026'],
        ['ETA', '16.12.2026'],
        ['Equipment', '3 x 20DV'],
      ]);
      canvas.text('Cut-off (VGM / CY): 26.11.2026 12:00 / 27.11.2026 08:00', 40, 200, { size: 8 });
      canvas.text('Empty pickup: PCT ATHINON, Perama. Full return: PCT PIER II.', 40, 214, { size: 8 });
    },
    fields: {
      booking_number: '6412093371',
      shipper: 'HELLENIC MARBLE QUARRIES S.A.',
      vessel_name: 'CSCL STAR',
      voyage_number: '082W',
      port_of_loading: port('Piraeus', 'GRPIR'),
      port_of_discharge: port('Mombasa', 'KEMBA'),
      etd: '2026-11-28',
    },
  },
  {
    name: 'boekingsbevestiging-dutch-antwerp-tema',
    type: 'booking_confirmation',
    language: 'nl',
    face: 'times',
    draw: (canvas) => {
      canvas.text('SCHELDE SHIPPING AGENCIES N.V.', 40, 24, { size: 12, bold: true });
      canvas.text('BOEKINGSBEVESTIGING', 555, 28, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 56, [
        ['Boekingsnummer:', 'SSA26AN04471'],
        ['Verlader:', 'VLAAMSE VOEDINGSEXPORT BV'],
        ['Schip / Reis:', 'GRANDE TEMA / 0443S'],
        ['Laadhaven:', 'ANTWERPEN'],
        ['Loshaven:', 'TEMA'],
        ['Vertrekdatum (ETD):', '01-12-2026'],
        ['Containers:', '2 x 40HC REEFER'],
      ]);
      canvas.text('Sluitingstijd terminal: 29-11-2026 16:00 - MPET kaai 1700.', 40, 170, { size: 8 });
    },
    fields: {
      booking_number: 'SSA26AN04471',
      shipper: 'VLAAMSE VOEDINGSEXPORT BV',
      vessel_name: 'GRANDE TEMA',
      voyage_number: '0443S',
      port_of_loading: port('Antwerpen', 'BEANR'),
      port_of_discharge: port('Tema', 'GHTEM'),
      etd: '2026-12-01',
    },
  },
  {
    name: 'booking-confirmation-single-glyph-right-column-first-colombo',
    type: 'booking_confirmation',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      glyphPairs(canvas, 320, 420, 60, [
        ['ETD', '05 DEC 2026'],
        ['POL', 'COLOMBO'],
        ['POD', 'NHAVA SHEVA'],
      ]);
      glyphPairs(canvas, 40, 130, 60, [
        ['Booking', 'CLB2611047'],
        ['Shipper', 'LANKA RUBBER GLOVES PLC'],
        ['Vessel', 'X-PRESS ANGLESEY'],
        ['Voyage', '26012W'],
      ]);
      glyphs(canvas, 'BOOKING CONFIRMATION', 555, 26, { size: 11, bold: true, align: 'right' });
      glyphs(canvas, 'X-PRESS FEEDERS LANKA (PVT) LTD', 40, 26, { size: 10, bold: true });
      glyphs(canvas, 'Please deliver the laden container to SAGT by 03 DEC 2026 18:00.', 40, 140, {
        size: 7.5,
      });
    },
    fields: {
      booking_number: 'CLB2611047',
      shipper: 'LANKA RUBBER GLOVES PLC',
      vessel_name: 'X-PRESS ANGLESEY',
      voyage_number: '26012W',
      port_of_loading: port('Colombo', 'LKCMB'),
      port_of_discharge: port('Nhava Sheva', 'INNSA'),
      etd: '2026-12-05',
    },
  },
];
