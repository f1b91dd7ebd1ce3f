import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { keyValueGrid } from './heldout4-draw.ts';
import { glyphs, letterSpaced, tableScrambled, valueOverLabelBox } from './heldout5-draw.ts';

/**
 * Arrival notices, delivery orders and a customs release of the fifth held-out set: a line's notice with
 * two dates beside one label (`ETA / ATA`) and an inland rail leg, a terminal's container availability
 * notice (last free day, pickup number, firms code, no ETA), a Matson notice with values written over
 * their labels, an Italian `Avviso di arrivo`, a ZIM notice under a letter-spaced title drawn glyph by
 * glyph, a notice whose right column is written first and whose table is scrambled; a broker's pickup
 * order with a firms code and a Spanish `Orden de entrega`; a Canadian customs release (type `other`).
 */

const eglvRail = cargo('EISU', [922_480, 923_015], { size: '40HC', seal: 'EG' });
const huskyTacoma = cargo('TCLU', [630_881], { size: '40HC', seal: 'TT' });
const matsonSeattle = cargo('MATU', [257_744, 258_109], { size: '40HC', seal: 'MT' });
const itTrieste = cargo('MSDU', [744_205, 744_890], { size: '40HC', seal: 'TS' });
const zimHalifax = cargo('ZCSU', [861_402], { size: '40HC', seal: 'ZH' });
const cmaHouston = cargo('CMAU', [551_026, 551_479, 551_930], { size: '40HC', seal: 'CH' });
const doLongBeach = cargo('FFAU', [180_554, 181_007], { size: '40HC', seal: 'LB' });
const esValencia = cargo('CAIU', [960_217], { size: '20DV', seal: 'VL' });

const TERMS =
  'Free time is counted from the day the container is discharged. Containers not picked up by the last free day incur storage charges at the terminal tariff rate. Holds must be cleared before pickup.';

export const HELDOUT5_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-evergreen-eta-ata-two-dates-one-label-rail-leg-los-angeles',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('EVERGREEN SHIPPING AGENCY (AMERICA) CORP.', 40, 26, { size: 11, bold: true });
      canvas.text('ARRIVAL NOTICE / FREIGHT INVOICE', 572, 28, { size: 11, bold: true, align: 'right' });
      pairs(canvas, 40, 150, 56, [
        ['B/L No.', 'EGLV142600871152'],
        ['Vessel / Voyage', 'EVER LUNAR / 1142-038E'],
        ['Port of Discharge', 'LOS ANGELES, CA'],
        ['ETA / ATA', '11/18/2026    11/19/2026'],
        ['Place of Delivery', 'CHICAGO, IL (RAIL)'],
        ['Rail ETA at Ramp', '11/26/2026'],
        ['Last Free Day (Ramp)', '11/29/2026'],
      ]);
      stacked(canvas, 340, 56, 'CONSIGNEE', [
        'LAKESHORE APPLIANCE DISTRIBUTORS',
        '4400 W 47TH ST, CHICAGO IL 60632',
      ]);
      table(
        canvas,
        170,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'Type', x: 240 },
          { head: 'Pkgs', x: 300 },
          { head: 'KGS', x: 570, align: 'right' },
        ],
        eglvRail.map((c) => [c.container, c.seal, c.size, '640 CTNS', c.weight]),
        { left: 40, right: 572 },
      );
      canvas.paragraph(TERMS, 40, 230, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'EGLV142600871152',
      container_numbers: containersOf(eglvRail),
      vessel_name: 'EVER LUNAR',
      voyage_number: '1142-038E',
      eta: '2026-11-18',
      port_of_discharge: port('Los Angeles', 'USLAX'),
      last_free_day: '2026-11-29',
    },
  },
  {
    name: 'container-availability-notice-terminal-pickup-number-firms-code-tacoma',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('HUSKY TERMINAL & STEVEDORING, INC.', 40, 26, { size: 11, bold: true });
      canvas.text('1101 Port of Tacoma Rd - Tacoma WA 98421 - FIRMS Code: Y741', 40, 40, { size: 7 });
      canvas.text('CONTAINER AVAILABILITY NOTICE', 40, 62, { size: 12, bold: true });
      keyValueGrid(
        canvas,
        40,
        84,
        [100, 170, 100, 162],
        [
          ['Container', huskyTacoma[0]?.container ?? '', 'Status', 'AVAILABLE'],
          ['Bill of Lading', 'ONEYSHAG71520400', 'Line', 'ONE'],
          ['Vessel', 'ONE OLYMPUS', 'Voyage', '031E'],
          ['Discharged', '11/20/2026 14:05', 'Pickup #', 'HT8830127'],
          ['Last Free Day', '11/25/2026', 'Port', 'TACOMA'],
        ],
      );
      canvas.text('Holds: NONE     Customs: RELEASED     Freight: RELEASED', 40, 190, { size: 8 });
      canvas.paragraph(TERMS, 40, 214, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'ONEYSHAG71520400',
      container_numbers: containersOf(huskyTacoma),
      vessel_name: 'ONE OLYMPUS',
      voyage_number: '031E',
      port_of_discharge: port('Tacoma', 'USTIW'),
      last_free_day: '2026-11-25',
    },
  },
  {
    name: 'arrival-notice-matson-values-over-labels-seattle',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('MATSON NAVIGATION COMPANY, INC.', 40, 24, { size: 12, bold: true });
      canvas.text('ARRIVAL NOTICE', 572, 28, { size: 12, bold: true, align: 'right' });
      valueOverLabelBox(canvas, 40, 50, 260, 30, 'Bill of Lading Number', ['MATS5504418230']);
      valueOverLabelBox(canvas, 302, 50, 270, 30, 'Vessel / Voyage', ['MANUKAI / 218']);
      valueOverLabelBox(canvas, 40, 82, 175, 30, 'Estimated Arrival', ['NOV 23, 2026']);
      valueOverLabelBox(canvas, 217, 82, 175, 30, 'Last Free Day', ['NOV 30, 2026']);
      valueOverLabelBox(canvas, 394, 82, 178, 30, 'Port of Discharge', ['SEATTLE, WA']);
      valueOverLabelBox(canvas, 40, 114, 532, 42, 'Consignee', [
        'EVERGREEN STATE OUTDOOR SUPPLY CO',
        'KENT WA 98032',
      ]);
      table(
        canvas,
        172,
        [
          { head: 'Container', x: 42 },
          { head: 'Size', x: 150 },
          { head: 'Seal', x: 210 },
          { head: 'Weight (lb)', x: 570, align: 'right' },
        ],
        matsonSeattle.map((c) => [c.container, c.size, c.seal, '41,220']),
        { left: 40, right: 572 },
      );
      canvas.paragraph(TERMS, 40, 226, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'MATS5504418230',
      container_numbers: containersOf(matsonSeattle),
      vessel_name: 'MANUKAI',
      voyage_number: '218',
      eta: '2026-11-23',
      port_of_discharge: port('Seattle', 'USSEA'),
      last_free_day: '2026-11-30',
    },
  },
  {
    name: 'avviso-di-arrivo-italian-franchigia-trieste',
    type: 'arrival_notice',
    language: 'it',
    face: 'times',
    draw: (canvas) => {
      canvas.text('MSC ITALIA S.R.L. - AGENZIA DI TRIESTE', 40, 24, { size: 12, bold: true });
      canvas.text('AVVISO DI ARRIVO', 555, 28, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 60, [
        ['Polizza di carico n.:', 'MEDUKP904412'],
        ['Nave / Viaggio:', 'MSC ALEXANDRA / FA647A'],
        ['Porto di sbarco:', 'TRIESTE'],
        ['Data arrivo prevista:', '26/11/2026'],
        ['Franchigia fino al:', '03/12/2026'],
      ]);
      stacked(canvas, 340, 60, 'DESTINATARIO', ['ALPE ADRIA ARREDAMENTI S.P.A.', 'VIA FLAVIA 23, TRIESTE']);
      table(
        canvas,
        150,
        [
          { head: 'Contenitore', x: 42 },
          { head: 'Sigillo', x: 150 },
          { head: 'Tipo', x: 240 },
          { head: 'Colli', x: 300 },
          { head: 'Peso lordo kg', x: 553, align: 'right' },
        ],
        itTrieste.map((c) => [c.container, c.seal, c.size, '210 COLLI', c.weight.replace(',', '.')]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'La merce sarà rilasciata solo dopo il pagamento di tutte le spese e la presentazione della polizza originale. Oltre la franchigia si applicano le tariffe di sosta.',
        40,
        220,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'MEDUKP904412',
      container_numbers: containersOf(itTrieste),
      vessel_name: 'MSC ALEXANDRA',
      voyage_number: 'FA647A',
      eta: '2026-11-26',
      port_of_discharge: port('Trieste', 'ITTRS'),
      last_free_day: '2026-12-03',
    },
  },
  {
    name: 'arrival-notice-zim-letter-spaced-glyph-title-halifax',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      glyphs(canvas, 'ZIM INTEGRATED SHIPPING SERVICES', 40, 24, { size: 11, bold: true });
      canvas.text(letterSpaced('ARRIVAL NOTICE'), 555, 28, { size: 11, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        52,
        [100, 160, 100, 155],
        [
          ['B/L No.', 'ZIMUHLF0044718', 'Notice Date', '19-Nov-2026'],
          ['Vessel', 'ZIM VIRGINIA', 'Voyage', '11E'],
          ['Port of Discharge', 'HALIFAX, NS', 'ETA / ATA', '22-Nov-2026 / 23-Nov-2026'],
          ['Terminal', 'PSA HALIFAX', 'Last Free Day', '28-Nov-2026'],
        ],
      );
      stacked(canvas, 40, 130, 'CONSIGNEE', ['MARITIME HARDWARE WHOLESALE LTD', 'DARTMOUTH NS B3B 1X7']);
      table(
        canvas,
        176,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 160 },
          { head: 'Packages', x: 260 },
          { head: 'Weight KGS', x: 553, align: 'right' },
        ],
        zimHalifax.map((c) => [c.container, c.seal, '44 PLTS', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(TERMS, 40, 230, 515, 6.5);
    },
    fields: {
      bill_of_lading_number: 'ZIMUHLF0044718',
      container_numbers: containersOf(zimHalifax),
      vessel_name: 'ZIM VIRGINIA',
      voyage_number: '11E',
      eta: '2026-11-22',
      port_of_discharge: port('Halifax', 'CAHAL'),
      last_free_day: '2026-11-28',
    },
  },
  {
    name: 'arrival-notice-cma-right-column-first-scrambled-table-houston',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      pairs(canvas, 330, 450, 60, [
        ['ETA:', '12/02/2026'],
        ['Last Free Day:', '12/08/2026'],
        ['Port of Discharge:', 'HOUSTON, TX'],
        ['Terminal:', 'BAYPORT'],
      ]);
      pairs(canvas, 40, 130, 60, [
        ['B/L No.:', 'CMDUSHZ5301187'],
        ['Vessel:', 'CMA CGM BLUE WHALE'],
        ['Voyage:', '0MXA3W1MA'],
        ['Customer:', 'GULF COAST POOLS INC'],
      ]);
      canvas.text('ARRIVAL NOTICE', 572, 28, { size: 12, bold: true, align: 'right' });
      canvas.text('CMA CGM (AMERICA) LLC', 40, 26, { size: 12, bold: true });
      tableScrambled(
        canvas,
        140,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'Type', x: 240 },
          { head: 'Pieces', x: 300 },
          { head: 'Kilos', x: 570, align: 'right' },
        ],
        cmaHouston.map((c) => [c.container, c.seal, c.size, '48 PLTS', c.weight]),
        29,
        { left: 40, right: 572 },
      );
      canvas.paragraph(TERMS, 40, 220, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'CMDUSHZ5301187',
      container_numbers: containersOf(cmaHouston),
      vessel_name: 'CMA CGM BLUE WHALE',
      voyage_number: '0MXA3W1MA',
      eta: '2026-12-02',
      port_of_discharge: port('Houston', 'USHOU'),
      last_free_day: '2026-12-08',
    },
  },
  {
    name: 'pickup-delivery-order-broker-firms-code-long-beach',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('HARBOR GATEWAY CUSTOMS BROKERS', 40, 24, { size: 12, bold: true });
      canvas.text('DELIVERY ORDER', 572, 28, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 330, 450, 50, [
        ['D/O No.:', 'HGCB-DO-558172'],
        ['Date:', '11/21/2026'],
        ['Our Ref.:', 'LB26-4471'],
      ]);
      stacked(canvas, 40, 50, 'TO (TRUCKER)', ['SEASIDE DRAYAGE INC', 'WILMINGTON CA']);
      stacked(canvas, 40, 94, 'CONSIGNEE', ['INLAND EMPIRE FURNITURE OUTLET LLC', 'ONTARIO CA 91761']);
      pairs(canvas, 330, 450, 100, [
        ['Ocean B/L:', 'HLCUSHA2610AQW7'],
        ['Vessel:', 'SEASPAN OSPREY'],
        ['Port of Discharge:', 'LONG BEACH, CA'],
        ['Pickup at:', 'PIER J - FIRMS W182'],
        ['Pickup No.:', '77104425'],
        ['Last Free Day:', '11/24/2026'],
      ]);
      table(
        canvas,
        200,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'Size', x: 240 },
          { head: 'Pieces', x: 300 },
          { head: 'Weight LBS', x: 570, align: 'right' },
        ],
        doLongBeach.map((c) => [c.container, c.seal, c.size, '22 PLTS', '38,940']),
        { left: 40, right: 572 },
      );
      canvas.text(
        'Deliver to: 1450 E FRANCIS ST, ONTARIO CA 91761. Call 24 hours before delivery.',
        40,
        256,
        {
          size: 8,
        },
      );
    },
    fields: {
      delivery_order_number: 'HGCB-DO-558172',
      bill_of_lading_number: 'HLCUSHA2610AQW7',
      consignee: 'INLAND EMPIRE FURNITURE OUTLET LLC',
      container_numbers: containersOf(doLongBeach),
      vessel_name: 'SEASPAN OSPREY',
      port_of_discharge: port('Long Beach', 'USLGB'),
    },
  },
  {
    name: 'orden-de-entrega-spanish-letter-spaced-title-valencia',
    type: 'delivery_order',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CONSIGNATARIA MARITIMA LEVANTINA S.A.', 40, 24, { size: 11, bold: true });
      canvas.text(letterSpaced('ORDEN DE ENTREGA'), 555, 28, { size: 11, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 60, [
        ['Orden de entrega n°:', 'OE-VLC-2026-08815'],
        ['Conocimiento de embarque:', 'CMDUCNK0331472'],
        ['Buque:', 'CMA CGM TAGE'],
        ['Puerto de descarga:', 'VALENCIA'],
        ['Terminal:', 'CSP IBERIAN VALENCIA'],
      ]);
      stacked(canvas, 40, 150, 'CONSIGNATARIO', [
        'CERAMICAS DEL TURIA S.L.',
        'POL. IND. FUENTE DEL JARRO, PATERNA',
      ]);
      table(
        canvas,
        200,
        [
          { head: 'Contenedor', x: 42 },
          { head: 'Precinto', x: 150 },
          { head: 'Tipo', x: 240 },
          { head: 'Bultos', x: 300 },
        ],
        esValencia.map((c) => [c.container, c.seal, c.size, '18 PALETS']),
        { left: 40, right: 555 },
      );
      canvas.text('Válida para retirar la mercancía hasta el 30/11/2026.', 40, 250, { size: 8 });
    },
    fields: {
      delivery_order_number: 'OE-VLC-2026-08815',
      bill_of_lading_number: 'CMDUCNK0331472',
      consignee: 'CERAMICAS DEL TURIA S.L.',
      container_numbers: containersOf(esValencia),
      vessel_name: 'CMA CGM TAGE',
      port_of_discharge: port('Valencia', 'ESVLC'),
    },
  },
  {
    name: 'customs-release-notification-canada-other',
    type: 'other',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('CANADA BORDER SERVICES AGENCY', 40, 24, { size: 11, bold: true });
      canvas.text('RELEASE NOTIFICATION SYSTEM - RNS MESSAGE', 40, 40, { size: 9, bold: true });
      pairs(canvas, 40, 200, 66, [
        ['Transaction No.:', '15437 2611 22841'],
        ['Processing Status:', 'RELEASED'],
        ['Release Date/Time:', '2026-11-23 09:42'],
        ['Cargo Control No.:', '8009ZIMUHLF0044718'],
        ['Carrier Code:', '8009'],
        ['Container:', zimHalifax[0]?.container ?? ''],
        ['Port of Release:', '0009 HALIFAX'],
        ['Importer:', 'MARITIME HARDWARE WHOLESALE LTD'],
      ]);
      canvas.paragraph(
        'This message confirms that the goods described under the transaction above have been released by the CBSA. Release does not relieve the importer of the obligation to account for and pay duties.',
        40,
        200,
        515,
        7,
      );
    },
    fields: {},
  },
];
