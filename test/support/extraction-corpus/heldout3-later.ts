import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { capsRow, tableByColumns, valueAbove } from './heldout3-draw.ts';

/**
 * Six documents added to the third held-out set after the rules it prompted were written, and scored
 * once as the engine then stood: an Indonesian forwarder's bill, a Canadian NVOCC's notice with
 * `2026-NOV-25` dates, an Indian CFS delivery order, a booking with references in a sentence, a Chinese
 * exporter's invoice with `USD48,230.40` run together, and an Indian packing list of totals lines.
 */

const blJakarta = cargo('KMTU', [731_440, 731_962], { size: '20GP', seal: 'KM' });
const anToronto = cargo('SEGU', [610_274], { size: '40HC' });
const doNhava = cargo('MSMU', [412_830, 413_077], { size: '40HC' });
const plTirupur = cargo('ONEU', [588_140], { size: '40HC' });

export const HELDOUT3_LATER: readonly HeldoutDocument[] = [
  {
    name: 'bl-indonesian-forwarder-tanjung-priok-slash-titles',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('PT SAMUDERA CARGO NUSANTARA', 40, 28, { size: 11, bold: true });
      canvas.text('Jl. Yos Sudarso Kav. 88, Tanjung Priok, Jakarta Utara 14310', 40, 41, { size: 6.5 });
      canvas.text('BILL OF LADING', 555, 28, { size: 12, bold: true, align: 'right' });
      canvas.field(40, 54, 270, 62, 'Shipper/Exporter (complete name and address)', [
        'PT MEBEL JATI NUSANTARA',
        'JL. RAYA SEMARANG-DEMAK KM 9',
        'DEMAK, CENTRAL JAVA, INDONESIA',
      ]);
      canvas.field(310, 54, 245, 31, 'B/L Number', ['SCN/JKT/HOU/2611/0093']);
      canvas.field(310, 85, 245, 31, 'Export references', ['PEB 011234 / INV MJN-112']);
      canvas.field(40, 116, 270, 62, 'Consignee (complete name and address)', [
        'LONE STAR TEAK IMPORTS LLC',
        '8300 TELEPHONE RD',
        'HOUSTON TX 77061',
      ]);
      canvas.field(40, 178, 270, 50, 'Notify party (complete name and address)', ['SAME AS CONSIGNEE']);
      canvas.field(310, 116, 245, 112, 'Forwarding agent', ['SAMUDERA CARGO USA INC', 'HOUSTON TX']);
      canvas.field(40, 228, 135, 30, 'Ocean vessel / Voy. No.', ['KMTC JAKARTA / 2211E']);
      canvas.field(175, 228, 135, 30, 'Port of loading', ['TANJUNG PRIOK, JAKARTA']);
      canvas.field(310, 228, 120, 30, 'Port of discharge', ['HOUSTON, TX']);
      canvas.field(430, 228, 125, 30, 'Place of delivery', ['HOUSTON CY']);
      table(
        canvas,
        272,
        [
          { head: 'Container / Seal', x: 42 },
          { head: 'No. of pkgs', x: 200 },
          { head: 'Description of goods', x: 280 },
          { head: 'Gross weight', x: 553, align: 'right' },
        ],
        blJakarta.map((c) => [
          `${c.container} / ${c.seal}`,
          '86 CRATES',
          'TEAK GARDEN FURNITURE',
          '7,420.00 KGS',
        ]),
        { left: 40, right: 555 },
      );
      canvas.text('SHIPPED ON BOARD: 02 NOV 2026      FREIGHT COLLECT', 40, 330, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'SCN/JKT/HOU/2611/0093',
      shipper: 'PT MEBEL JATI NUSANTARA',
      consignee: 'LONE STAR TEAK IMPORTS LLC',
      vessel_name: 'KMTC JAKARTA',
      voyage_number: '2211E',
      port_of_loading: port('Tanjung Priok', 'IDJKT'),
      port_of_discharge: port('Houston', 'USHOU'),
      container_numbers: containersOf(blJakarta),
      seal_numbers: sealsOf(blJakarta),
    },
  },
  {
    name: 'arrival-notice-canadian-nvocc-year-month-day-names',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('NORTHLINK CONSOLIDATORS LTD.', 40, 28, { size: 12, bold: true });
      canvas.text('Mississauga, Ontario', 40, 42, { size: 7 });
      canvas.text('ARRIVAL NOTICE / CARGO CONTROL', 572, 28, { size: 11, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        180,
        64,
        [
          ['House Bill of Lading:', 'NLC-YYZ-26-04418'],
          ['Cargo Control No.:', '8D2C-NLC26044180'],
          ['Ocean Vessel:', 'ONE CONTINUITY'],
          ['Voyage:', '046W'],
          ['Port of Arrival:', 'VANCOUVER, BC'],
          ['Final destination:', 'TORONTO (CN RAIL TERMINAL)'],
          ['ETA Port:', '2026-NOV-25'],
          ['Free time ends:', '2026-DEC-02'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 360, 64, 'Consignee', [
        'MAPLE HARDWARE DISTRIBUTION INC',
        '2250 MATHESON BLVD E',
        'MISSISSAUGA ON L4W 5E1',
      ]);
      canvas.text(
        `Container ${anToronto[0]?.container ?? ''} (40HC) seal ${anToronto[0]?.seal ?? ''}`,
        40,
        180,
        {
          size: 8.5,
        },
      );
      canvas.paragraph(
        'Please arrange customs clearance before arrival. Storage charges apply after free time ends. Rail transit to Toronto approximately 5 days.',
        40,
        210,
        530,
        7,
      );
    },
    fields: {
      bill_of_lading_number: 'NLC-YYZ-26-04418',
      container_numbers: containersOf(anToronto),
      vessel_name: 'ONE CONTINUITY',
      voyage_number: '046W',
      eta: '2026-11-25',
      port_of_discharge: port('Vancouver', 'CAVAN'),
      last_free_day: '2026-12-02',
    },
  },
  {
    name: 'delivery-order-indian-cfs-igm-messrs',
    type: 'delivery_order',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('MSC AGENCY (INDIA) PVT. LTD.', 297, 26, { size: 11, bold: true, align: 'center' });
      canvas.text('DELIVERY ORDER', 297, 42, { size: 12, bold: true, align: 'center' });
      capsRow(canvas, 64, [
        ['D.O. NO.', 'MSC/NSA/DO/26/18834', 40],
        ['DATE', '24/11/2026', 250],
        ['IGM NO.', '2317744', 400],
      ]);
      capsRow(canvas, 98, [
        ['B/L NO.', 'MEDUJ7719402', 40],
        ['VESSEL/VOY', 'MSC AMELIA / IP646A', 250],
        ['ITEM NO.', '112', 400],
      ]);
      canvas.text('TO,', 40, 136, { size: 8.5 });
      canvas.lines(['THE CUSTODIAN', 'CONTINENTAL WAREHOUSING CFS, NHAVA SHEVA'], 40, 148, { size: 8.5 });
      canvas.paragraph(
        'Please deliver to M/s. SHAH INDUSTRIAL POLYMERS PVT LTD or order the undermentioned containers landed ex above vessel at Nhava Sheva (JNPT), on payment of all charges.',
        40,
        180,
        515,
        8,
      );
      table(
        canvas,
        220,
        [
          { head: 'CONTAINER NO.', x: 42 },
          { head: 'SIZE', x: 170 },
          { head: 'PKGS', x: 230 },
          { head: 'DESCRIPTION', x: 300 },
        ],
        doNhava.map((c) => [c.container, '40HC', '20 PLTS', 'HDPE GRANULES']),
        { left: 40, right: 555 },
      );
      canvas.text('CONSIGNEE: SHAH INDUSTRIAL POLYMERS PVT LTD', 40, 280, { size: 8.5 });
      canvas.text('VALID TILL: 08/12/2026', 40, 294, { size: 8.5 });
    },
    fields: {
      delivery_order_number: 'MSC/NSA/DO/26/18834',
      bill_of_lading_number: 'MEDUJ7719402',
      consignee: 'SHAH INDUSTRIAL POLYMERS PVT LTD',
      container_numbers: containersOf(doNhava),
      vessel_name: 'MSC AMELIA',
      port_of_discharge: port('Nhava Sheva', 'INNSA'),
    },
  },
  {
    name: 'booking-confirmation-references-vessel-table-by-columns-santos',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('Hapag-Lloyd', 40, 28, { size: 14, bold: true });
      canvas.text('Booking Confirmation', 555, 30, { size: 12, bold: true, align: 'right' });
      pairs(
        canvas,
        360,
        450,
        50,
        [
          ['Our Reference', '64190337'],
          ['Your Reference', 'PO 2026-4471'],
          ['Date of Issue', '12-Nov-2026'],
        ],
        { size: 8 },
      );
      stacked(canvas, 40, 50, 'Shipper', ['TECIDOS SANTA CATARINA S.A.', 'BLUMENAU - SC']);
      canvas.paragraph(
        'Thank you for your booking. We confirm space for 2 x 40 HIGH CUBE on the following routing, subject to equipment availability:',
        40,
        100,
        515,
        8,
      );
      tableByColumns(
        canvas,
        130,
        [
          { head: 'Vessel', x: 42 },
          { head: 'Voyage No.', x: 170 },
          { head: 'From', x: 250 },
          { head: 'To', x: 350 },
          { head: 'ETD', x: 450 },
        ],
        [['CAP SAN MARCO', '647N', 'SANTOS', 'HAMBURG', '20-Nov-2026']],
        { left: 40, right: 555 },
      );
      valueAbove(canvas, 40, 190, 200, ['17-Nov-2026 12:00'], 'Documentation closing');
      valueAbove(canvas, 260, 190, 200, ['18-Nov-2026 08:00'], 'FCL delivery cut-off');
    },
    fields: {
      booking_number: '64190337',
      shipper: 'TECIDOS SANTA CATARINA S.A.',
      vessel_name: 'CAP SAN MARCO',
      voyage_number: '647N',
      port_of_loading: port('Santos', 'BRSSZ'),
      port_of_discharge: port('Hamburg', 'DEHAM'),
      etd: '2026-11-20',
    },
  },
  {
    name: 'invoice-chinese-exporter-currency-run-together-nov-dot-date',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('GUANGZHOU HONGDA LIGHTING CO.,LTD.', 297, 26, { size: 12, bold: true, align: 'center' });
      canvas.text('No.18 Huangpu East Road, Guangzhou, China  Tel:86-20-82261234', 297, 40, {
        size: 7,
        align: 'center',
      });
      canvas.text('COMMERCIAL INVOICE', 297, 58, { size: 13, bold: true, align: 'center' });
      canvas.text('TO:', 40, 80, { size: 8.5, bold: true });
      canvas.lines(['LUMINA RETAIL B.V.', 'KEIZERSGRACHT 221, AMSTERDAM'], 70, 80, { size: 8.5 });
      canvas.text('INVOICE NO.: HD26-1118', 360, 80, { size: 8.5 });
      canvas.text('DATE: NOV.18,2026', 360, 92, { size: 8.5 });
      canvas.text('FROM GUANGZHOU TO ROTTERDAM BY SEA', 40, 116, { size: 8.5 });
      table(
        canvas,
        136,
        [
          { head: 'MARKS', x: 42 },
          { head: 'DESCRIPTIONS', x: 110 },
          { head: 'QTY', x: 350, align: 'right' },
          { head: 'UNIT PRICE', x: 450, align: 'right' },
          { head: 'AMOUNT', x: 553, align: 'right' },
        ],
        [
          ['N/M', 'LED PANEL LIGHT 600X600 40W', '4000PCS', 'USD8.20', 'USD32,800.00'],
          ['', 'LED TUBE T8 1200MM 18W', '9000PCS', 'USD1.71', 'USD15,390.00'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL:', 380, 184, { size: 8.5, bold: true });
      canvas.text('USD48,190.00', 553, 184, { size: 8.5, bold: true, align: 'right' });
      canvas.text('SAY US DOLLARS FORTY EIGHT THOUSAND ONE HUNDRED NINETY ONLY.', 40, 204, { size: 8 });
      canvas.text('FOB GUANGZHOU', 40, 218, { size: 8 });
    },
    fields: {
      invoice_number: 'HD26-1118',
      invoice_date: '2026-11-18',
      supplier_name: 'GUANGZHOU HONGDA LIGHTING CO.,LTD.',
      total_amount: '48190.00',
      currency: 'USD',
    },
  },
  {
    name: 'packing-list-indian-knitwear-totals-lines',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('SRI MURUGAN KNITS', 297, 26, { size: 12, bold: true, align: 'center' });
      canvas.text('SF No. 112, Avinashi Road, Tirupur 641603, Tamil Nadu, India', 297, 40, {
        size: 7,
        align: 'center',
      });
      canvas.text('PACKING LIST', 297, 58, { size: 13, bold: true, align: 'center' });
      pairs(
        canvas,
        40,
        150,
        80,
        [
          ['Packing List No.', 'SMK/PL/061/26-27'],
          ['Invoice No. & Dt.', 'SMK/EXP/061/26-27 dt. 20.11.2026'],
          ['Container No.', plTirupur[0]?.container ?? ''],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 360, 80, 'Consignee', ['NORDIC BASICS AB', 'BORAS, SWEDEN']);
      table(
        canvas,
        140,
        [
          { head: 'C/No.', x: 42 },
          { head: 'Style', x: 110 },
          { head: 'Pcs/Ctn', x: 250, align: 'right' },
          { head: 'Ctns', x: 320, align: 'right' },
          { head: 'Net Wt. (Kgs)', x: 430, align: 'right' },
          { head: 'Gross Wt. (Kgs)', x: 553, align: 'right' },
        ],
        [
          ['1-120', 'MENS CREW TEE', '50', '120', '1,440.000', '1,560.000'],
          ['121-245', 'LADIES V-NECK TEE', '50', '125', '1,375.000', '1,500.000'],
        ],
        { left: 40, right: 555 },
      );
      canvas.lines(
        [
          'Total No. of Pkgs: 245 Cartons',
          'Total Net Weight: 2,815.000 Kgs',
          'Total Gross Weight: 3,060.000 Kgs',
        ],
        40,
        196,
        { size: 8.5 },
      );
    },
    fields: {
      packing_list_number: 'SMK/PL/061/26-27',
      consignee: 'NORDIC BASICS AB',
      container_numbers: containersOf(plTirupur),
      package_count: 245,
      gross_weight_kg: '3060.000',
    },
  },
];
