import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { keyValueGrid, splitLabelPairs } from './heldout4-draw.ts';

/**
 * Five documents of the fourth held-out set written after the rules its first 35 prompted, and scored
 * once as the engine then stood: a Wan Hai arrival notice in a grid with `24 NOV 2026`, a Spanish and
 * English bill of eleven containers, a Swiss `Packliste` with `1'234.5`, an Evergreen booking with labels
 * broken over two lines, a Dutch `Vrijgave / Release order`.
 */

const whJebel = cargo('WHSU', [640_118, 640_552], { size: '40HC', seal: 'WHL' });
const esAlgeciras = cargo(
  'HLXU',
  [740_031, 740_478, 740_915, 741_362, 741_809, 742_246, 742_693, 743_130, 743_577, 744_014, 744_461],
  { size: '40HC', seal: 'HL' },
);
const chPacking = cargo('MSCU', [612_907], { size: '20DV' });
const nlRelease = cargo('EMCU', [803_662, 804_115], { size: '40HC', seal: 'EMC' });

const TERMS =
  'All charges must be settled before release. Detention and demurrage are charged at tariff rates after the free time indicated.';

export const HELDOUT4_LATER: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-wan-hai-grid-day-month-name-year-jebel-ali',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('WAN HAI LINES LTD. - DUBAI BRANCH', 40, 26, { size: 11, bold: true });
      canvas.text('CARGO ARRIVAL NOTICE', 555, 28, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        52,
        [100, 160, 100, 155],
        [
          ['B/L No.', 'WHLC045C118730', 'Notice Date', '20 NOV 2026'],
          ['Vessel', 'WAN HAI 507', 'Voyage', 'W233'],
          ['Discharge Port', 'JEBEL ALI', 'ETA', '24 NOV 2026'],
          ['Free Days Until', '01 DEC 2026', 'Terminal', 'T2'],
        ],
      );
      stacked(canvas, 40, 130, 'CONSIGNEE', ['GULF HOME APPLIANCES TRADING LLC', 'DEIRA, DUBAI']);
      table(
        canvas,
        176,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 160 },
          { head: 'Packages', x: 260 },
          { head: 'Weight KGS', x: 553, align: 'right' },
        ],
        whJebel.map((c) => [c.container, c.seal, '860 CTNS', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(TERMS, 40, 230, 515, 6.5);
    },
    fields: {
      bill_of_lading_number: 'WHLC045C118730',
      container_numbers: containersOf(whJebel),
      vessel_name: 'WAN HAI 507',
      voyage_number: 'W233',
      eta: '2026-11-24',
      port_of_discharge: port('Jebel Ali', 'AEJEA'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'bl-hapag-spanish-english-eleven-containers-algeciras',
    type: 'bill_of_lading',
    language: 'es',
    face: 'times',
    draw: (canvas) => {
      canvas.text('Hapag-Lloyd Spain, S.L.', 40, 24, { size: 14, bold: true });
      canvas.text('CONOCIMIENTO DE EMBARQUE / BILL OF LADING', 555, 28, {
        size: 10,
        bold: true,
        align: 'right',
      });
      canvas.field(300, 46, 255, 26, 'Número de B/L / B/L No.', ['HLCUALG2611093357']);
      canvas.field(40, 46, 260, 46, 'Embarcador / Shipper', [
        'ACEITES DEL ESTRECHO S.A.',
        'LOS BARRIOS, CADIZ',
      ]);
      canvas.field(40, 92, 260, 46, 'Consignatario / Consignee', [
        'DISTRIBUIDORA PACIFICO DE MEXICO SA DE CV',
        'GUADALAJARA, JAL.',
      ]);
      canvas.field(40, 138, 260, 30, 'Notificar a / Notify', ['SAME AS CONSIGNEE']);
      canvas.field(300, 72, 127, 26, 'Buque / Vessel', ['SANTOS EXPRESS']);
      canvas.field(427, 72, 128, 26, 'Viaje / Voyage', ['2611W']);
      canvas.field(300, 98, 255, 26, 'Puerto de carga / Port of loading', ['ALGECIRAS']);
      canvas.field(300, 124, 255, 44, 'Puerto de descarga / Port of discharge', ['MANZANILLO, MX']);
      table(
        canvas,
        180,
        [
          { head: 'Contenedor / Container', x: 42 },
          { head: 'Precinto / Seal', x: 160 },
          { head: 'Tara', x: 290, align: 'right' },
          { head: 'Bultos', x: 320 },
          { head: 'Peso bruto kg', x: 553, align: 'right' },
        ],
        esAlgeciras.map((c) => [c.container, c.seal, '3.780', '20 PALETS', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.text('Fecha de embarque / Shipped on board: 2026/11/24', 40, 380, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'HLCUALG2611093357',
      shipper: 'ACEITES DEL ESTRECHO S.A.',
      consignee: 'DISTRIBUIDORA PACIFICO DE MEXICO SA DE CV',
      vessel_name: 'SANTOS EXPRESS',
      voyage_number: '2611W',
      port_of_loading: port('Algeciras', 'ESALG'),
      port_of_discharge: port('Manzanillo', 'MXZLO'),
      container_numbers: containersOf(esAlgeciras),
      seal_numbers: sealsOf(esAlgeciras),
      scac: 'HLCU',
    },
  },
  {
    name: 'packliste-swiss-apostrophe-weights',
    type: 'packing_list',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('ALPENKÄSE EXPORT AG', 40, 26, { size: 12, bold: true });
      canvas.text('PACKLISTE / PACKING LIST', 555, 44, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 64, [
        ['Packliste Nr.:', 'AKE-PL-26-1187'],
        ['Datum:', '24.11.2026'],
        ['Container:', chPacking[0]?.container ?? ''],
      ]);
      stacked(canvas, 40, 64, 'Absender / Shipper', ['ALPENKÄSE EXPORT AG', 'CH-3550 LANGNAU']);
      stacked(canvas, 40, 104, 'Empfänger / Consignee', ['NORDIC FINE FOODS AB', 'GÖTEBORG']);
      table(
        canvas,
        150,
        [
          { head: 'Artikel', x: 42 },
          { head: 'Kolli', x: 300, align: 'right' },
          { head: 'Netto kg', x: 420, align: 'right' },
          { head: 'Brutto kg', x: 553, align: 'right' },
        ],
        [
          ['Emmentaler Laibe', '420', "9'240.0", "9'702.0"],
          ['Greyerzer Portionen', '860', "6'880.0", "7'568.0"],
          ['Total', "1'280", "16'120.0", "17'270.0"],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'AKE-PL-26-1187',
      shipper: 'ALPENKÄSE EXPORT AG',
      consignee: 'NORDIC FINE FOODS AB',
      container_numbers: containersOf(chPacking),
      package_count: 1280,
      gross_weight_kg: '17270',
    },
  },
  {
    name: 'booking-evergreen-labels-over-two-lines-kaohsiung',
    type: 'booking_confirmation',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('EVERGREEN MARINE CORP. (TAIWAN) LTD.', 40, 26, { size: 11, bold: true });
      canvas.text('BOOKING CONFIRMATION', 572, 28, { size: 11, bold: true, align: 'right' });
      splitLabelPairs(canvas, 40, 140, 60, [
        ['Booking|Number', '447600913355'],
        ['Shipper', 'KAOHSIUNG STEEL WIRE CO., LTD.'],
        ['Vessel|Name', 'EVER LYRIC'],
        ['Voyage|No.', '0713-086E'],
      ]);
      splitLabelPairs(canvas, 330, 440, 60, [
        ['Place of|Receipt', 'KAOHSIUNG CY'],
        ['Port of|Loading', 'KAOHSIUNG'],
        ['Port of|Discharge', 'TACOMA, WA'],
        ['Estimated|Departure', 'Nov 24th, 2026'],
      ]);
      canvas.paragraph(TERMS, 40, 170, 530, 6.5);
    },
    fields: {
      booking_number: '447600913355',
      shipper: 'KAOHSIUNG STEEL WIRE CO., LTD.',
      vessel_name: 'EVER LYRIC',
      voyage_number: '0713-086E',
      port_of_loading: port('Kaohsiung', 'TWKHH'),
      port_of_discharge: port('Tacoma', 'USTIW'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'vrijgave-dutch-release-order-rotterdam',
    type: 'delivery_order',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('EVERGREEN SHIPPING AGENCY (NETHERLANDS) B.V.', 40, 26, { size: 11, bold: true });
      canvas.text('VRIJGAVE / RELEASE ORDER', 555, 44, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        62,
        [110, 150, 110, 145],
        [
          ['Vrijgavenummer', 'RTM-VG-2611-7730', 'Datum', '2026/11/24'],
          ['Cognossement', 'EGLV003600884192', 'Schip', 'EVER ACME'],
          ['Loshaven', 'ROTTERDAM', 'Terminal', 'EUROMAX'],
          ['Ontvanger', 'RIJNMOND FIETSEN B.V.', 'Geldig tot', '2026/12/01'],
        ],
        7.5,
      );
      table(
        canvas,
        140,
        [
          { head: 'Container', x: 42 },
          { head: 'Type', x: 160 },
          { head: 'Zegel', x: 220 },
          { head: 'Pincode', x: 360 },
        ],
        nlRelease.map((c, i) => [c.container, '40HC', c.seal, `${4471 + i * 313}`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      delivery_order_number: 'RTM-VG-2611-7730',
      bill_of_lading_number: 'EGLV003600884192',
      consignee: 'RIJNMOND FIETSEN B.V.',
      container_numbers: containersOf(nlRelease),
      vessel_name: 'EVER ACME',
      port_of_discharge: port('Rotterdam', 'NLRTM'),
    },
  },
];
