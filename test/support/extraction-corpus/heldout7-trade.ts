import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { money, pairs, stacked, table } from './heldout2-draw.ts';
import { grid, labelRow, lakh } from './heldout7-draw.ts';

/**
 * Invoices, packing lists, bookings and other papers of the seventh held-out set: an invoice followed in
 * the same PDF by its packing list, a Swiss invoice in lower case with `1'234.56` amounts, an Indian tax
 * invoice in lakh grouping (`12,34,567.00`), a Polish exporter's invoice with `1 234,56` amounts and its
 * values under its labels; a packing list whose table breaks across two pages mid-row, a spreadsheet
 * exported with its grid lines, a packing list in lower case weighing `12 450,5 kg`; a booking told in
 * sentences, a booking laid out as a spreadsheet in capitals; a carrier's credit note and an importer
 * security filing's confirmation (both `other`).
 */

const pairedPacking = cargo('CSNU', [713_045], { size: '40HC' });
const brokenRows = cargo('GESU', [640_228, 640_715], { size: '40HC' });
const sheetPacking = cargo('TLLU', [528_901, 529_377], { size: '40DV' });
const lowerPacking = cargo('FCIU', [833_126], { size: '20DV' });
const isfBoxes = cargo('YMLU', [880_431], { size: '40HC' });

export const HELDOUT7_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'invoice-then-its-packing-list-in-one-pdf-xiamen',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('XIAMEN OCEANVIEW STONE CO., LTD.', 40, 22, { size: 13, bold: true });
      canvas.text('COMMERCIAL INVOICE', 555, 22, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 52, [
        ['Invoice No.:', 'XOS-2611-0208'],
        ['Date:', '2026-11-24'],
        ['Terms:', 'CIF SEATTLE'],
      ]);
      stacked(canvas, 40, 52, 'Sold to', ['CASCADE COUNTERTOPS INC.', 'KENT, WA 98032']);
      const bottom = table(
        canvas,
        120,
        [
          { head: 'Item', x: 42 },
          { head: 'Description', x: 90 },
          { head: 'Qty (m2)', x: 340, align: 'right' },
          { head: 'Unit USD', x: 440, align: 'right' },
          { head: 'Amount USD', x: 553, align: 'right' },
        ],
        [
          ['1', 'Granite slabs, polished, 30 mm', '1,450', '38.50', '55,825.00'],
          ['2', 'Quartz slabs, 20 mm', '620', '45.95', '28,489.00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 350, 470, bottom + 4, [
        ['Subtotal', '84,314.00'],
        ['Freight and insurance', 'included'],
        ['TOTAL CIF USD', '84,314.00'],
      ]);
      canvas.newPage();
      canvas.text('XIAMEN OCEANVIEW STONE CO., LTD.', 40, 22, { size: 13, bold: true });
      canvas.text('PACKING LIST', 555, 22, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 52, [
        ['Packing List No.:', 'XOS-PL-2611-0208'],
        ['Invoice No.:', 'XOS-2611-0208'],
        ['Date:', '2026-11-24'],
      ]);
      table(
        canvas,
        110,
        [
          { head: 'Container', x: 42 },
          { head: 'Crates', x: 200, align: 'right' },
          { head: 'Net kg', x: 380, align: 'right' },
          { head: 'Gross kg', x: 553, align: 'right' },
        ],
        [[pairedPacking[0]?.container ?? '', '24', '25,410.000', '26,880.000']],
        { left: 40, right: 555 },
      );
    },
    fields: {
      invoice_number: 'XOS-2611-0208',
      invoice_date: '2026-11-24',
      supplier_name: 'XIAMEN OCEANVIEW STONE CO., LTD.',
      total_amount: '84314.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-swiss-apostrophe-amounts-lower-case-labels-basel',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('RHEINTAL PRECISION INSTRUMENTS AG', 40, 22, { size: 12, bold: true });
      canvas.text('Hochbergerstrasse 60, 4057 Basel - CHE-108.442.913 MWST', 40, 38, { size: 7 });
      canvas.text('invoice', 555, 22, { size: 15, bold: true, align: 'right' });
      pairs(canvas, 350, 440, 56, [
        ['invoice no.', 'RPI-26-4471'],
        ['date', '24 november 2026'],
        ['customer no.', '10482'],
      ]);
      stacked(canvas, 40, 56, 'bill to', ['NORDIC LAB SYSTEMS AB', 'GOTHENBURG, SWEDEN']);
      const bottom = table(
        canvas,
        120,
        [
          { head: 'pos.', x: 42 },
          { head: 'description', x: 80 },
          { head: 'qty', x: 330, align: 'right' },
          { head: 'unit price chf', x: 440, align: 'right' },
          { head: 'amount chf', x: 553, align: 'right' },
        ],
        [
          ['1', 'micrometer set 0-100 mm', '60', money(41_850, 'ch'), money(2_511_000, 'ch')],
          ['2', 'digital height gauge 600 mm', '12', money(284_500, 'ch'), money(3_414_000, 'ch')],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 350, 470, bottom + 4, [
        ['subtotal', money(5_925_000, 'ch')],
        ['vat 0% (export)', '0.00'],
        ['packing', money(48_000, 'ch')],
        ['total due chf', money(5_973_000, 'ch')],
      ]);
    },
    fields: {
      invoice_number: 'RPI-26-4471',
      invoice_date: '2026-11-24',
      supplier_name: 'RHEINTAL PRECISION INSTRUMENTS AG',
      total_amount: '59730.00',
      currency: 'CHF',
    },
  },
  {
    name: 'tax-invoice-indian-lakh-grouping-rupees-mundra',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('KUTCH COTTON EXPORTS PVT. LTD.', 40, 22, { size: 13, bold: true });
      canvas.text('Plot 14, GIDC Anjar, Kutch, Gujarat 370110 - GSTIN 24AAACK4471M1Z2', 40, 38, { size: 7 });
      canvas.text('TAX INVOICE', 555, 22, { size: 14, bold: true, align: 'right' });
      canvas.text('(Supply meant for export under LUT without payment of IGST)', 555, 38, {
        size: 6.5,
        align: 'right',
      });
      pairs(canvas, 340, 450, 58, [
        ['Invoice No.', 'KCE/EXP/2026-27/0318'],
        ['Invoice Date', '24-Nov-2026'],
        ['Port of Loading', 'MUNDRA'],
      ]);
      stacked(canvas, 40, 58, 'Consignee / Buyer', [
        'DHAKA WEAVERS TEXTILE MILLS LTD',
        'NARAYANGANJ, BANGLADESH',
      ]);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Sr.', x: 42 },
          { head: 'Description of Goods', x: 70 },
          { head: 'HSN', x: 280 },
          { head: 'Qty (kg)', x: 380, align: 'right' },
          { head: 'Rate (Rs.)', x: 450, align: 'right' },
          { head: 'Amount (Rs.)', x: 553, align: 'right' },
        ],
        [
          ['1', 'Raw cotton, S-6 variety', '5201', '42,000', '176.40', lakh(740_880_000)],
          ['2', 'Cotton yarn 30s combed', '5205', '8,500', '312.75', lakh(265_837_500)],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 470, bottom + 4, [
        ['Taxable Value', lakh(1_006_717_500)],
        ['IGST 0%', '0.00'],
        ['Invoice Total (INR)', lakh(1_006_717_500)],
      ]);
      canvas.text(
        'Amount in words: Rupees One Crore Sixty-Seven Thousand One Hundred Seventy-Five Only',
        40,
        bottom + 52,
        { size: 7 },
      );
    },
    fields: {
      invoice_number: 'KCE/EXP/2026-27/0318',
      invoice_date: '2026-11-24',
      supplier_name: 'KUTCH COTTON EXPORTS PVT. LTD.',
      total_amount: '10067175.00',
      currency: 'INR',
    },
  },
  {
    name: 'invoice-polish-exporter-space-grouped-euros-values-under-labels-gdansk',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('Baltic Amber Furniture Sp. z o.o.', 40, 22, { size: 13, bold: true });
      canvas.text('ul. Grunwaldzka 411, 80-309 Gdansk - NIP 584-277-41-90', 40, 38, { size: 7 });
      canvas.text('Invoice', 555, 22, { size: 15, bold: true, align: 'right' });
      labelRow(
        canvas,
        58,
        [
          [40, 'Invoice Number', 'BAF/EX/1142/11/2026'],
          [200, 'Issue Date', '24.11.2026'],
          [300, 'Due Date', '24.12.2026'],
          [400, 'Currency', 'EUR'],
        ],
        { labelSize: 7.5, size: 9 },
      );
      stacked(canvas, 40, 96, 'Buyer', ['Hygge Living ApS', 'Aarhus, Denmark']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'No.', x: 42 },
          { head: 'Item', x: 70 },
          { head: 'Qty', x: 330, align: 'right' },
          { head: 'Net price', x: 440, align: 'right' },
          { head: 'Net value', x: 553, align: 'right' },
        ],
        [
          ['1', 'Oak dining table 200x100', '48', money(64_900, 'fr'), money(3_115_200, 'fr')],
          ['2', 'Oak chair, upholstered', '192', money(14_250, 'fr'), money(2_736_000, 'fr')],
        ],
        { left: 40, right: 555 },
      );
      labelRow(
        canvas,
        bottom + 8,
        [
          [300, 'Net Total', money(5_851_200, 'fr')],
          [380, 'VAT 0% (WDT)', '0,00'],
          [470, 'Amount Due', `${money(5_851_200, 'fr')} EUR`],
        ],
        { labelSize: 7.5, size: 9 },
      );
    },
    fields: {
      invoice_number: 'BAF/EX/1142/11/2026',
      invoice_date: '2026-11-24',
      supplier_name: 'Baltic Amber Furniture Sp. z o.o.',
      total_amount: '58512.00',
      currency: 'EUR',
    },
  },
  {
    name: 'packing-list-table-breaking-across-pages-mid-row-genoa',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('LIGURIA MARBLE & GRANITE S.R.L.', 40, 22, { size: 13, bold: true });
      canvas.text('PACKING LIST', 555, 22, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 52, [
        ['P/L No.', 'LMG-PL-26-1190'],
        ['Date', '24 Nov 2026'],
        ['Page', '1 / 2'],
      ]);
      stacked(canvas, 40, 52, 'Shipper', ['LIGURIA MARBLE & GRANITE S.R.L.', 'CARRARA (MS), ITALY']);
      stacked(canvas, 40, 92, 'Consignee', ['GULF STONE CONTRACTING W.L.L.', 'DOHA, QATAR']);
      const rows: string[][] = [];
      for (let i = 0; i < 53; i += 1) {
        const box = brokenRows[i < 27 ? 0 : 1]?.container ?? '';
        rows.push([
          String(i + 1),
          box,
          `Bianco Carrara slab lot ${100 + i}`,
          '1',
          (610 + (i % 5) * 3).toFixed(3),
        ]);
      }
      const last = table(
        canvas,
        140,
        [
          { head: 'Crate', x: 42 },
          { head: 'Container', x: 90 },
          { head: 'Contents', x: 200 },
          { head: 'Pkgs', x: 420, align: 'right' },
          { head: 'Gross kg', x: 553, align: 'right' },
        ],
        rows,
        { left: 40, right: 555 },
      );
      // The 54th row starts at the foot of page 1; its description and figures go on over the page.
      canvas.text('54', 42, last, { size: 8 });
      canvas.text(brokenRows[1]?.container ?? '', 90, last, { size: 8 });
      canvas.text('Bianco Carrara slab lot 153 - polished, 2 cm,', 200, last, { size: 8 });
      canvas.text('continued overleaf', 555, 806, { size: 7, grey: true, align: 'right' });
      canvas.newPage();
      canvas.text('LIGURIA MARBLE & GRANITE S.R.L. - PACKING LIST LMG-PL-26-1190 (continued)', 40, 22, {
        size: 9,
        bold: true,
      });
      canvas.text('Page 2 / 2', 555, 22, { size: 8, align: 'right' });
      canvas.text('resin backed, edges protected', 200, 46, { size: 8 });
      canvas.text('1', 420, 46, { size: 8, align: 'right' });
      canvas.text('616.000', 553, 46, { size: 8, align: 'right' });
      canvas.rule(40, 60, 515);
      pairs(canvas, 330, 470, 68, [
        ['Total packages', '54 CRATES'],
        ['Total gross weight', '33,255.000 KG'],
      ]);
    },
    fields: {
      packing_list_number: 'LMG-PL-26-1190',
      shipper: 'LIGURIA MARBLE & GRANITE S.R.L.',
      consignee: 'GULF STONE CONTRACTING W.L.L.',
      container_numbers: containersOf(brokenRows),
      package_count: 54,
      gross_weight_kg: '33255.00',
    },
  },
  {
    name: 'packing-list-spreadsheet-export-with-grid-lines-valencia',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('Sheet1', 40, 16, { size: 7, grey: true });
      const below = grid(
        canvas,
        40,
        30,
        [130, 170, 100, 115],
        [
          ['PACKING LIST', '', '', ''],
          ['Packing List No', 'PL-VLC-26-3382', 'Date', '24/11/2026'],
          ['Shipper', 'AZULEJOS DEL TURIA S.L.', '', ''],
          ['Consignee', 'TILE OUTLET OF AMERICA LLC', '', ''],
          ['', '', '', ''],
          ['Container', 'Description', 'Pallets', 'Gross Weight (kg)'],
          [sheetPacking[0]?.container ?? '', 'Porcelain tiles 60x60', '22', '24.310,00'],
          [sheetPacking[1]?.container ?? '', 'Porcelain tiles 30x90', '21', '23.185,50'],
          ['TOTAL', '', '43', '47.495,50'],
        ],
        { size: 8, rowHeight: 16 },
      );
      canvas.text('Printed from spreadsheet - page 1 of 1', 40, below + 12, { size: 6.5, grey: true });
    },
    fields: {
      packing_list_number: 'PL-VLC-26-3382',
      shipper: 'AZULEJOS DEL TURIA S.L.',
      consignee: 'TILE OUTLET OF AMERICA LLC',
      container_numbers: containersOf(sheetPacking),
      package_count: 43,
      gross_weight_kg: '47495.50',
    },
  },
  {
    name: 'packing-list-lower-case-labels-space-grouped-kilograms-izmir',
    type: 'packing_list',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('aegean dried fruit co.', 40, 22, { size: 12, bold: true });
      canvas.text('packing list', 555, 22, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 40, 190, 56, [
        ['packing list no:', 'ADF-PL-7741'],
        ['shipper:', 'AEGEAN DRIED FRUIT CO.'],
        ['consignee:', 'ROTTERDAM NUTS & SEEDS B.V.'],
        ['container:', lowerPacking[0]?.container ?? ''],
        ['total cartons:', '1 600'],
        ['total gross weight:', '12 450,5 kg'],
        ['total net weight:', '12 000,0 kg'],
      ]);
      table(
        canvas,
        180,
        [
          { head: 'product', x: 42 },
          { head: 'cartons', x: 300, align: 'right' },
          { head: 'gross kg', x: 553, align: 'right' },
        ],
        [
          ['dried apricots, jumbo', '1 000', '7 781,5'],
          ['dried figs, lerida', '600', '4 669,0'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'ADF-PL-7741',
      shipper: 'AEGEAN DRIED FRUIT CO.',
      consignee: 'ROTTERDAM NUTS & SEEDS B.V.',
      container_numbers: containersOf(lowerPacking),
      package_count: 1600,
      gross_weight_kg: '12450.5',
    },
  },
  {
    name: 'booking-confirmation-told-in-sentences-gdansk',
    type: 'booking_confirmation',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('MAERSK', 40, 22, { size: 16, bold: true });
      canvas.text('Booking Confirmation', 555, 22, { size: 13, bold: true, align: 'right' });
      canvas.text('Dear POMORSKIE MEBLE S.A.,', 40, 60, { size: 9 });
      canvas.paragraph(
        'We are pleased to confirm your booking 265518804 for 4 x 40 DRY HIGH. Your cargo will be loaded at Gdansk on board MAERSK KALMAR, voyage 648W, scheduled to depart on 24 November 2026 and to arrive at Felixstowe on 27 November 2026.',
        40,
        76,
        515,
        9,
      );
      canvas.paragraph(
        'Please deliver the laden containers to DCT Gdansk before the cargo cut-off on 22 November 2026 at 12:00. Shipper: POMORSKIE MEBLE S.A.',
        40,
        118,
        515,
        9,
      );
      canvas.text('Kind regards, Maersk Customer Service Poland', 40, 160, { size: 9 });
    },
    fields: {
      booking_number: '265518804',
      shipper: 'POMORSKIE MEBLE S.A.',
      vessel_name: 'MAERSK KALMAR',
      voyage_number: '648W',
      port_of_loading: port('Gdansk', 'PLGDN'),
      port_of_discharge: port('Felixstowe', 'GBFXT'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'booking-confirmation-spreadsheet-capital-labels-laem-chabang',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('SIAM OCEAN FORWARDING CO., LTD.', 40, 22, { size: 12, bold: true });
      grid(
        canvas,
        40,
        46,
        [160, 355],
        [
          ['BOOKING CONFIRMATION', ''],
          ['BOOKING NO', 'SOF26110447'],
          ['SHIPPER', 'Thai Rubber Gloves Public Co., Ltd.'],
          ['VESSEL', 'Wan Hai 316'],
          ['VOYAGE', 'N204'],
          ['PORT OF LOADING', 'Laem Chabang'],
          ['PORT OF DISCHARGE', 'Jakarta'],
          ['ETD', '24-Nov-26'],
          ['CY CUT OFF', '22-Nov-26 16:00'],
          ['EQUIPMENT', '3 x 40HC'],
        ],
        { size: 8.5, rowHeight: 17 },
      );
    },
    fields: {
      booking_number: 'SOF26110447',
      shipper: 'Thai Rubber Gloves Public Co., Ltd.',
      vessel_name: 'Wan Hai 316',
      voyage_number: 'N204',
      port_of_loading: port('Laem Chabang', 'THLCH'),
      port_of_discharge: port('Jakarta', 'IDJKT'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'credit-note-carrier-refunds-demurrage-other',
    type: 'other',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CMA CGM (UK) SHIPPING AGENCY LTD', 40, 22, { size: 12, bold: true });
      canvas.text('CREDIT NOTE', 555, 22, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 340, 450, 56, [
        ['Credit Note No.', 'CN-GB-26-004471'],
        ['Date', '24/11/2026'],
        ['Against Invoice', 'INV-GB-26-118804'],
        ['B/L No.', 'CMDUSHZ2611880'],
      ]);
      stacked(canvas, 40, 56, 'Customer', ['NORTHERN HOME RETAIL PLC', 'LEEDS LS11 5QN']);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Charge', x: 42 },
          { head: 'Container', x: 200 },
          { head: 'Days', x: 330, align: 'right' },
          { head: 'Credit GBP', x: 553, align: 'right' },
        ],
        [
          ['Demurrage billed in error', 'CMAU8841200', '4', '-620.00'],
          ['VAT 20%', '', '', '-124.00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 350, 470, bottom + 4, [['Total credit GBP', '-744.00']]);
      canvas.text('This amount will be offset against your next invoice.', 40, bottom + 30, { size: 7.5 });
    },
    fields: {},
  },
  {
    name: 'importer-security-filing-confirmation-other',
    type: 'other',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('ISF 10+2 FILING CONFIRMATION', 40, 22, { size: 12, bold: true });
      canvas.text('Importer Security Filing - accepted by CBP', 40, 38, { size: 8 });
      pairs(canvas, 40, 210, 62, [
        ['ISF TRANSACTION NO:', '26-ISF-00884103'],
        ['IMPORTER OF RECORD:', 'DESERT SUN OUTDOOR LLC'],
        ['HOUSE B/L:', 'YMLUI490227118'],
        ['VESSEL:', 'YM WELLNESS'],
        ['FOREIGN PORT OF LADING:', 'KAOHSIUNG'],
        ['PORT OF UNLADING:', 'LOS ANGELES'],
        ['CONTAINER:', isfBoxes[0]?.container ?? ''],
        ['MANUFACTURER:', 'TAINAN OUTDOOR GEAR CO'],
        ['CONTAINER STUFFING LOCATION:', 'TAINAN, TAIWAN'],
        ['ACCEPTED:', '11/18/2026 09:42 ET'],
      ]);
      canvas.text('STATUS: ACCEPTED - NO FURTHER ACTION REQUIRED', 40, 230, { size: 9, bold: true });
    },
    fields: {},
  },
];
