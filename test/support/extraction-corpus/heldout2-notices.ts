import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { boxedCheckDigit, pairs, spacedContainer, stacked, table } from './heldout2-draw.ts';

/**
 * Arrival notices, delivery orders and booking confirmations of the second held-out set: US carriers'
 * notices with a free-time table (free days, last free day and per diem per container) and a charges
 * table, a bilingual German and a Dutch forwarder's notice with two-digit years, dates written
 * `24-NOV-2026`, `2026/11/24`, `Nov 24th 2026`, releases to truckers and terminals, and bookings with
 * cut-off tables.
 */

const anSavannah = cargo('MSDU', [702_114, 702_870, 703_441], { size: '40HC' });
const anHouston = cargo('ZCSU', [881_402], { size: '20DV' });
const anTacoma = cargo('YMMU', [612_055, 613_900], { size: '40HC' });
const anHamburg = cargo('TLLU', [540_218], { size: '40HC' });
const anRotterdam = cargo('OOLU', [771_300, 772_418], { size: '40HC' });
const doOakland = cargo('TGHU', [902_551, 903_760], { size: '40HC' });
const doFelix = cargo('CAIU', [415_908], { size: '20GP' });
const doAntwerp = cargo('SUDU', [618_204, 619_377], { size: '40RH' });

const US_FOOTER =
  'Cargo will not be released until all charges are paid and the original bill of lading or express release is received. Demurrage and per diem accrue from the day after the last free day.';

export const HELDOUT2_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-free-time-table-savannah-dd-mon-yyyy',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('MSC MEDITERRANEAN SHIPPING COMPANY (USA) INC.', 40, 30, { size: 10, bold: true });
      canvas.text('420 Fifth Avenue, New York NY 10018', 40, 44, { size: 7 });
      canvas.text('ARRIVAL NOTICE', 572, 30, { size: 15, bold: true, align: 'right' });
      canvas.text('Notice date: 17-NOV-2026', 572, 50, { size: 8, align: 'right' });
      pairs(
        canvas,
        40,
        140,
        80,
        [
          ['Bill of Lading:', 'MEDUVN418822'],
          ['Vessel / Voyage:', 'MSC AURORA / FL645A'],
          ['Port of Discharge:', 'SAVANNAH, GA - GARDEN CITY TERMINAL'],
          ['Estimated Arrival:', '24-NOV-2026'],
        ],
        { size: 8.5, labelBold: true },
      );
      stacked(canvas, 360, 80, 'CONSIGNEE', ['COASTAL EMPIRE IMPORTS LLC', '18 BAY ST', 'SAVANNAH GA 31401']);
      canvas.text('FREE TIME', 40, 170, { size: 9, bold: true });
      table(
        canvas,
        186,
        [
          { head: 'Container', x: 42 },
          { head: 'Size', x: 150 },
          { head: 'Free Days', x: 230, align: 'right' },
          { head: 'Last Free Day', x: 260 },
          { head: 'Per Diem / day', x: 570, align: 'right' },
        ],
        anSavannah.map((c) => [c.container, c.size, '4', '28-NOV-2026', 'USD 175.00']),
        { left: 40, right: 572 },
      );
      table(
        canvas,
        290,
        [
          { head: 'Charge', x: 42 },
          { head: 'Basis', x: 260 },
          { head: 'Amount USD', x: 570, align: 'right' },
        ],
        [
          ['Ocean Freight', '3 x 40HC', '7,950.00'],
          ['Terminal Handling (DTHC)', '3 x 40HC', '1,185.00'],
          ['Documentation', 'per B/L', '75.00'],
          ['TOTAL DUE', '', '9,210.00'],
        ],
        { left: 40, right: 572 },
      );
      canvas.paragraph(US_FOOTER, 40, 400, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'MEDUVN418822',
      container_numbers: containersOf(anSavannah),
      vessel_name: 'MSC AURORA',
      voyage_number: 'FL645A',
      eta: '2026-11-24',
      port_of_discharge: port('Savannah', 'USSAV'),
      last_free_day: '2026-11-28',
    },
  },
  {
    name: 'arrival-notice-ordinal-month-first-houston-demurrage',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('ZIM Integrated Shipping Services', 306, 30, { size: 12, bold: true, align: 'center' });
      canvas.text('NOTICE OF ARRIVAL', 306, 48, { size: 11, bold: true, align: 'center' });
      canvas.box(40, 70, 532, 90);
      canvas.lines(
        ['Dear Customer,', 'We are pleased to advise the arrival of the following shipment.'],
        48,
        76,
        {
          size: 8.5,
        },
      );
      pairs(
        canvas,
        48,
        170,
        104,
        [
          ['B/L No', 'ZIMUHFA8140277'],
          ['Ship', 'ZIM MOUNT EVEREST'],
          ['Voyage', '12/E'],
          ['Discharge port', 'HOUSTON, TX (BARBOURS CUT)'],
        ],
        { size: 8.5 },
      );
      pairs(
        canvas,
        330,
        430,
        104,
        [
          ['Arriving', 'Nov 24th 2026'],
          ['Free time expires', 'Dec 1st 2026'],
        ],
        { size: 8.5 },
      );
      canvas.text('Equipment', 40, 180, { size: 9, bold: true });
      boxedCheckDigit(canvas, anHouston[0]?.container ?? '', 42, 196);
      canvas.text('20DV   1,100 BAGS   21,400 KGS', 180, 196, { size: 8.5 });
      table(
        canvas,
        230,
        [
          { head: 'Demurrage tariff', x: 42 },
          { head: 'Days', x: 250 },
          { head: 'Rate', x: 570, align: 'right' },
        ],
        [
          ['Free', '1-7', '0.00'],
          ['1st period', '8-12', '120.00'],
          ['2nd period', '13+', '240.00'],
        ],
        { left: 40, right: 572 },
      );
      canvas.paragraph(US_FOOTER, 40, 320, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'ZIMUHFA8140277',
      container_numbers: containersOf(anHouston),
      vessel_name: 'ZIM MOUNT EVEREST',
      voyage_number: '12/E',
      eta: '2026-11-24',
      port_of_discharge: port('Houston', 'USHOU'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'arrival-notice-slash-iso-dates-tacoma-grid',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('YANG MING MARINE TRANSPORT CORP.', 40, 30, { size: 11, bold: true });
      canvas.text('ARRIVAL NOTICE / FREIGHT BILL', 40, 46, { size: 10, bold: true });
      const cells: ReadonlyArray<readonly [string, string]> = [
        ['B/L NUMBER', 'YMLUI490318562'],
        ['VESSEL NAME', 'YM WARRANTY'],
        ['VOYAGE', '088E'],
        ['PORT OF DISCHARGE', 'TACOMA, WA'],
        ['ETA', '2026/11/24'],
        ['LFD (TERMINAL)', '2026/11/30'],
      ];
      cells.forEach(([label, value], i) => {
        const x = 40 + (i % 3) * 177;
        const y = 70 + Math.floor(i / 3) * 36;
        canvas.field(x, y, 177, 36, label, [value]);
      });
      stacked(canvas, 40, 160, 'CONSIGNEE', [
        'EVERGREEN STATE OUTDOOR CO.',
        '2200 PORT OF TACOMA RD',
        'TACOMA WA 98421',
      ]);
      canvas.text('CONTAINER(S)', 40, 230, { size: 8, bold: true });
      canvas.lines(
        anTacoma.map((c) => `${spacedContainer(c.container)}  ${c.size}  SEAL ${c.seal}`),
        40,
        244,
        { size: 8.5 },
      );
      canvas.paragraph(US_FOOTER, 40, 300, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'YMLUI490318562',
      container_numbers: containersOf(anTacoma),
      vessel_name: 'YM WARRANTY',
      voyage_number: '088E',
      eta: '2026-11-24',
      port_of_discharge: port('Tacoma', 'USTIW'),
      last_free_day: '2026-11-30',
    },
  },
  {
    name: 'arrival-notice-german-bilingual-two-digit-year',
    type: 'arrival_notice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.lines(['ELBE SPEDITION GMBH & CO. KG', 'Am Sandtorkai 50 · 20457 Hamburg'], 40, 30, {
        size: 8.5,
      });
      canvas.text('Ankunftsmeldung / Arrival Notice', 40, 80, { size: 14, bold: true });
      stacked(canvas, 40, 110, 'Empfänger / Consignee', [
        'BÄCKEREIBEDARF NORD GMBH',
        'Lagerstraße 5',
        '22113 Hamburg',
      ]);
      pairs(
        canvas,
        320,
        440,
        110,
        [
          ['Konnossement / B/L:', 'SGNHAM2611908'],
          ['Schiff / Vessel:', 'CAPE KORTIA'],
          ['Reise / Voyage:', '2645N'],
          ['Löschhafen / POD:', 'HAMBURG'],
          ['Ankunft / ETA:', '24.11.26'],
          ['Freizeit bis / Free time until:', '01.12.26'],
        ],
        { size: 8 },
      );
      table(
        canvas,
        220,
        [
          { head: 'Container', x: 42 },
          { head: 'Typ', x: 170 },
          { head: 'Kolli', x: 240 },
          { head: 'Gewicht kg', x: 553, align: 'right' },
        ],
        anHamburg.map((c) => [c.container, c.size, '640 KARTONS', '14.220,000']),
        { left: 40, right: 555 },
      );
      table(
        canvas,
        280,
        [
          { head: 'Kosten / Charges', x: 42 },
          { head: 'EUR', x: 553, align: 'right' },
        ],
        [
          ['THC Hamburg', '295,00'],
          ['Delivery Order Fee', '55,00'],
          ['Summe', '350,00'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'SGNHAM2611908',
      container_numbers: containersOf(anHamburg),
      vessel_name: 'CAPE KORTIA',
      voyage_number: '2645N',
      eta: '2026-11-24',
      port_of_discharge: port('Hamburg', 'DEHAM'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'arrival-notice-dutch-aankomstbericht-vrije-dagen',
    type: 'arrival_notice',
    language: 'nl',
    face: 'times',
    draw: (canvas) => {
      canvas.text('RIJNMOND CARGO SERVICES B.V.', 555, 30, { size: 11, bold: true, align: 'right' });
      canvas.text('Waalhaven Z.z. 19, 3089 JH Rotterdam', 555, 44, { size: 7, align: 'right' });
      canvas.text('AANKOMSTBERICHT', 40, 80, { size: 15, bold: true });
      pairs(
        canvas,
        40,
        170,
        110,
        [
          ['Cognossement nr.', 'OOLU2741188930'],
          ['Schip', 'OOCL GERMANY'],
          ['Reis', '061W'],
          ['Loshaven', 'ROTTERDAM'],
          ['Verwachte aankomst', '24 november 2026'],
          ['Laatste vrije dag', '2 december 2026'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 360, 110, 'Ontvanger', [
        'VERSHANDEL DE WIT B.V.',
        'Marconistraat 2',
        '3029 AK Rotterdam',
      ]);
      table(
        canvas,
        220,
        [
          { head: 'Container', x: 42 },
          { head: 'Type', x: 170 },
          { head: 'Zegel', x: 240 },
          { head: 'Gewicht (kg)', x: 553, align: 'right' },
        ],
        anRotterdam.map((c) => [c.container, c.size, c.seal, c.weight]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'OOLU2741188930',
      container_numbers: containersOf(anRotterdam),
      vessel_name: 'OOCL GERMANY',
      voyage_number: '061W',
      eta: '2026-11-24',
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      last_free_day: '2026-12-02',
    },
  },
  {
    name: 'delivery-order-pickup-release-oakland-trucker',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('GOLDEN GATE CUSTOMS & FORWARDING', 40, 30, { size: 11, bold: true });
      canvas.text('PICK-UP ORDER / DELIVERY ORDER', 572, 30, { size: 11, bold: true, align: 'right' });
      pairs(
        canvas,
        360,
        470,
        52,
        [
          ['D/O No.', 'GG-DO-771204'],
          ['Date', '11/24/2026'],
          ['Ocean B/L', 'EGLV003600118842'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 40, 60, 'TO (TRUCKER)', ['BAY AREA DRAYAGE INC.', 'OAKLAND CA']);
      stacked(canvas, 40, 120, 'DELIVER TO / CONSIGNEE', [
        'SIERRA NATURAL FOODS INC.',
        '900 FRUITVALE AVE',
        'OAKLAND CA 94601',
      ]);
      stacked(canvas, 360, 120, 'PICK UP AT', [
        'OAKLAND INTERNATIONAL CONTAINER TERMINAL',
        'PORT OF OAKLAND, CA',
      ]);
      pairs(
        canvas,
        360,
        450,
        180,
        [
          ['Vessel:', 'EVER FAITH'],
          ['Arrived:', '11/21/2026'],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        230,
        [
          { head: 'Container #', x: 42 },
          { head: 'Size', x: 180 },
          { head: 'Seal #', x: 250 },
          { head: 'Pcs', x: 360 },
          { head: 'Weight LBS', x: 570, align: 'right' },
        ],
        doOakland.map((c) => [c.container, c.size, c.seal, '1,200', '38,400']),
        { left: 40, right: 572 },
      );
    },
    fields: {
      delivery_order_number: 'GG-DO-771204',
      bill_of_lading_number: 'EGLV003600118842',
      consignee: 'SIERRA NATURAL FOODS INC.',
      container_numbers: containersOf(doOakland),
      vessel_name: 'EVER FAITH',
      port_of_discharge: port('Oakland', 'USOAK'),
    },
  },
  {
    name: 'delivery-order-uk-release-note-felixstowe',
    type: 'delivery_order',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CMA CGM (UK) SHIPPING LIMITED', 40, 30, { size: 10, bold: true });
      canvas.text('DELIVERY ORDER', 297, 70, { size: 14, bold: true, align: 'center' });
      canvas.text('Release No: DO/FXT/2611/0442', 297, 88, { size: 9, align: 'center' });
      canvas.lines(
        [
          'To: The Terminal Manager, Port of Felixstowe',
          'Please deliver to the order of the party named below the undermentioned container(s).',
        ],
        40,
        110,
        { size: 8.5 },
      );
      pairs(
        canvas,
        40,
        160,
        140,
        [
          ['Bill of Lading', 'CMDUSGN0881452'],
          ['Vessel', 'CMA CGM JACQUES JOSEPH'],
          ['Port of discharge', 'FELIXSTOWE'],
          ['Deliver to', ['THAMES VALLEY TEXTILES LTD', 'Unit 4, Kennet Park, Reading RG2 0QX']],
        ],
        { size: 8.5 },
      );
      canvas.text('Container', 40, 240, { size: 8, bold: true });
      boxedCheckDigit(canvas, doFelix[0]?.container ?? '', 40, 254);
      canvas.text('20GP  460 CTNS  9,880 KGS', 180, 254, { size: 8.5 });
      canvas.text('Valid until 08 Dec 2026', 40, 290, { size: 8 });
    },
    fields: {
      delivery_order_number: 'DO/FXT/2611/0442',
      bill_of_lading_number: 'CMDUSGN0881452',
      consignee: 'THAMES VALLEY TEXTILES LTD',
      container_numbers: containersOf(doFelix),
      vessel_name: 'CMA CGM JACQUES JOSEPH',
      port_of_discharge: port('Felixstowe', 'GBFXT'),
    },
  },
  {
    name: 'delivery-order-french-bon-de-livraison-anvers',
    type: 'delivery_order',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('AGENCE MARITIME SCHELDE S.A.', 40, 30, { size: 10, bold: true });
      canvas.text('BON DE LIVRAISON / DELIVERY ORDER', 40, 60, { size: 13, bold: true });
      pairs(
        canvas,
        40,
        180,
        90,
        [
          ['N° bon de livraison :', 'BL-ANR-55120'],
          ['Connaissement :', 'SUDU26ANR004417'],
          ['Navire :', 'MONTE ACONCAGUA'],
          ['Port de déchargement :', 'ANVERS'],
          ['Date :', '24/11/2026'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 340, 90, 'Destinataire', [
        'FROID LOGISTIQUE BENELUX SPRL',
        'Rue du Port 14',
        '4020 Liège',
      ]);
      table(
        canvas,
        190,
        [
          { head: 'Conteneur', x: 42 },
          { head: 'Type', x: 170 },
          { head: 'Plomb', x: 240 },
          { head: 'Poids brut (kg)', x: 553, align: 'right' },
        ],
        doAntwerp.map((c) => [spacedContainer(c.container), c.size, c.seal, c.weight.replace(/,/g, '.')]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      delivery_order_number: 'BL-ANR-55120',
      bill_of_lading_number: 'SUDU26ANR004417',
      consignee: 'FROID LOGISTIQUE BENELUX SPRL',
      container_numbers: containersOf(doAntwerp),
      vessel_name: 'MONTE ACONCAGUA',
      port_of_discharge: port('Anvers', 'BEANR'),
    },
  },
  {
    name: 'booking-confirmation-cutoff-table-newark',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HMM Co., Ltd.', 40, 30, { size: 11, bold: true });
      canvas.text('BOOKING CONFIRMATION', 555, 30, { size: 13, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        150,
        60,
        [
          ['Booking Ref.', 'PUSM26117740'],
          ['Customer', ['DAEHAN ELECTRONICS CO., LTD.', 'BUSAN, KOREA']],
          ['Trade', 'ASIA - US EAST COAST'],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        140,
        [
          { head: 'From', x: 42 },
          { head: 'To', x: 150 },
          { head: 'Vessel', x: 260 },
          { head: 'Voyage', x: 380 },
          { head: 'ETD', x: 440 },
          { head: 'ETA', x: 500 },
        ],
        [['BUSAN', 'NEWARK, NJ', 'HMM OSLO', '0027E', '24-Nov-26', '30-Dec-26']],
        { left: 40, right: 555 },
      );
      table(
        canvas,
        190,
        [
          { head: 'Cut-off', x: 42 },
          { head: 'Date / time', x: 250 },
        ],
        [
          ['Document cut-off', '20-Nov-26 12:00'],
          ['VGM cut-off', '21-Nov-26 12:00'],
          ['CY cut-off', '22-Nov-26 17:00'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('Equipment: 2 x 40HC   Commodity: LCD MONITORS', 42, 270, { size: 8.5 });
    },
    fields: {
      booking_number: 'PUSM26117740',
      shipper: 'DAEHAN ELECTRONICS CO., LTD.',
      vessel_name: 'HMM OSLO',
      voyage_number: '0027E',
      port_of_loading: port('Busan', 'KRPUS'),
      port_of_discharge: port('Newark', 'USEWR'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'booking-confirmation-spanish-reserva',
    type: 'booking_confirmation',
    language: 'es',
    face: 'times',
    draw: (canvas) => {
      canvas.text('NAVIERA ATLÁNTICO LOGÍSTICA S.A.', 40, 30, { size: 11, bold: true });
      canvas.text('CONFIRMACIÓN DE RESERVA', 40, 60, { size: 14, bold: true });
      pairs(
        canvas,
        40,
        190,
        90,
        [
          ['Número de reserva:', 'VLC-2611-30418'],
          ['Cargador:', 'CÍTRICOS LEVANTE EXPORT S.L.'],
          ['Buque:', 'MSC FANTASIA'],
          ['Viaje:', 'NX647R'],
          ['Puerto de carga:', 'VALENCIA'],
          ['Puerto de descarga:', 'HOUSTON, TX'],
          ['Fecha de salida (ETD):', '24/11/2026'],
          ['Fecha de llegada (ETA):', '12/12/2026'],
        ],
        { size: 8.5 },
      );
      canvas.text('Equipo: 3 x 40RH   Mercancía: NARANJAS FRESCAS', 40, 230, { size: 8.5 });
    },
    fields: {
      booking_number: 'VLC-2611-30418',
      shipper: 'CÍTRICOS LEVANTE EXPORT S.L.',
      vessel_name: 'MSC FANTASIA',
      voyage_number: 'NX647R',
      port_of_loading: port('Valencia', 'ESVLC'),
      port_of_discharge: port('Houston', 'USHOU'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'booking-confirmation-forwarder-email-print-norfolk',
    type: 'booking_confirmation',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.lines(
        [
          'From: bookings@lionsgate-freight.example',
          'Subject: BOOKING CONFIRMED - LGF/BK/26/08815',
          '',
          'Dear Shipper,',
          'Please find below the confirmation of your booking.',
        ],
        40,
        30,
        { size: 8.5 },
      );
      pairs(
        canvas,
        40,
        190,
        110,
        [
          ['BOOKING NUMBER', 'LGF/BK/26/08815'],
          ['SHIPPER', 'ANTWERP CHEMICALS TRADING NV'],
          ['VESSEL / VOYAGE', 'MAERSK SENTOSA / 247W'],
          ['LOAD PORT', 'ANTWERP'],
          ['DISCHARGE PORT', 'NORFOLK, VA'],
          ['SAILING DATE', 'NOV 24TH 2026'],
        ],
        { size: 8.5 },
      );
      canvas.text('Kind regards, Lionsgate Freight', 40, 220, { size: 8.5 });
    },
    fields: {
      booking_number: 'LGF/BK/26/08815',
      shipper: 'ANTWERP CHEMICALS TRADING NV',
      vessel_name: 'MAERSK SENTOSA',
      voyage_number: '247W',
      port_of_loading: port('Antwerp', 'BEANR'),
      port_of_discharge: port('Norfolk', 'USORF'),
      etd: '2026-11-24',
    },
  },
];
