import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { capsRow, tableByColumns, valueAbove } from './heldout3-draw.ts';

/**
 * Arrival notices and booking confirmations of the third held-out set: US carriers' notices with a
 * charges table written a column at a time, `LAST FREE DAY` in capitals over its value, a notice with the
 * freight invoice on the same page, a Canadian bilingual and a Colombian Spanish notice, a cargo
 * availability notice with dates as `24-Nov-26`; bookings with VGM, documentation and port cut-offs, a
 * Chinese forwarder's booking acknowledgement with `2026.11.24`, a Peruvian `Confirmación de reserva`
 * and a transport-plan table written by columns.
 */

const anLongBeach = cargo('CSNU', [740_221, 741_096], { size: '40HC' });
const anSeattle = cargo('HLXU', [312_480], { size: '40HC' });
const anMontreal = cargo('CMAU', [590_412, 591_733], { size: '20DV' });
const anCartagena = cargo('HASU', [488_120], { size: '40HC' });
const anBaltimore = cargo('ZIMU', [360_017, 360_552], { size: '40DV' });

const TERMS =
  'Charges are payable before release. Free time is calculated in calendar days from discharge. Storage and demurrage accrue from the first day after free time expires, at the rates in the carrier tariff.';

export const HELDOUT3_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-charges-by-column-us-dates-long-beach',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('COSCO SHIPPING LINES (NORTH AMERICA) INC.', 40, 28, { size: 10, bold: true });
      canvas.text('100 Lighting Way, Secaucus, NJ 07094', 40, 41, { size: 7 });
      canvas.text('ARRIVAL NOTICE', 572, 28, { size: 14, bold: true, align: 'right' });
      capsRow(canvas, 64, [
        ['BILL OF LADING NO', 'COSU6419903310', 40],
        ['VESSEL', 'CSCL SATURN', 200],
        ['VOYAGE', '081E', 340],
        ['DATE', '11/20/2026', 470],
      ]);
      capsRow(canvas, 100, [
        ['PORT OF DISCHARGE', 'LONG BEACH, CA', 40],
        ['ETA', '11/26/2026', 200],
        ['LAST FREE DAY', '12/02/2026', 340],
        ['IT NO', 'V8812044573', 470],
      ]);
      stacked(canvas, 40, 140, 'CONSIGNEE', [
        'DESERT BLOOM FURNITURE INC',
        '3300 E MISSION BLVD',
        'ONTARIO CA 91761',
      ]);
      stacked(canvas, 320, 140, 'NOTIFY', ['ALLIANCE CUSTOMS SERVICES', 'LONG BEACH CA']);
      canvas.text('CONTAINERS', 40, 200, { size: 8, bold: true });
      canvas.lines(
        anLongBeach.map((c) => `${c.container} / 40HC / ${c.seal} / 612 CTNS / 14,220 KGS`),
        40,
        212,
        { size: 8.5 },
      );
      tableByColumns(
        canvas,
        250,
        [
          { head: 'CHARGE DESCRIPTION', x: 42 },
          { head: 'RATE', x: 300, align: 'right' },
          { head: 'QTY', x: 360, align: 'right' },
          { head: 'AMOUNT (USD)', x: 570, align: 'right' },
        ],
        [
          ['OCEAN FREIGHT', '3,850.00', '2', '7,700.00'],
          ['BUNKER SURCHARGE', '410.00', '2', '820.00'],
          ['DESTINATION DELIVERY CHARGE', '695.00', '2', '1,390.00'],
          ['TOTAL COLLECT', '', '', '9,910.00'],
        ],
        { left: 40, right: 572 },
      );
      canvas.paragraph(TERMS, 40, 350, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'COSU6419903310',
      container_numbers: containersOf(anLongBeach),
      vessel_name: 'CSCL SATURN',
      voyage_number: '081E',
      eta: '2026-11-26',
      port_of_discharge: port('Long Beach', 'USLGB'),
      last_free_day: '2026-12-02',
    },
  },
  {
    name: 'arrival-notice-with-freight-invoice-on-one-page-seattle',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('HAPAG-LLOYD (AMERICA) LLC', 40, 28, { size: 12, bold: true });
      canvas.text('Arrival Notice and Freight Invoice', 572, 30, { size: 11, bold: true, align: 'right' });
      canvas.box(40, 50, 532, 120);
      canvas.text('ARRIVAL NOTICE', 46, 54, { size: 9, bold: true });
      pairs(
        canvas,
        46,
        150,
        70,
        [
          ['Bill of Lading', 'HLCUBSC2611AZQT1'],
          ['Vessel', 'SEASPAN BRIGHTNESS'],
          ['Voyage', '2247E'],
          ['Port of discharge', 'SEATTLE, WA (T-18)'],
          ['Estimated time of arrival', 'Nov. 27, 2026'],
          ['Free time expires', 'Dec. 3, 2026'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 330, 70, 'Consignee', [
        'CASCADIA OUTDOOR SUPPLY CO',
        '1901 E MARGINAL WAY S',
        'SEATTLE WA 98134',
      ]);
      canvas.text(
        `Container: ${anSeattle[0]?.container ?? ''}  40HC  seal ${anSeattle[0]?.seal ?? ''}`,
        46,
        150,
        {
          size: 8.5,
        },
      );
      canvas.box(40, 180, 532, 150);
      canvas.text('FREIGHT INVOICE', 46, 184, { size: 9, bold: true });
      pairs(
        canvas,
        46,
        150,
        200,
        [
          ['Invoice No.', '2611-SEA-004471'],
          ['Invoice Date', 'Nov. 20, 2026'],
          ['Payment terms', 'Due on receipt'],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        245,
        [
          { head: 'Description', x: 48 },
          { head: 'Amount USD', x: 565, align: 'right' },
        ],
        [
          ['Ocean freight 1 x 40HC', '4,120.00'],
          ['Terminal handling charge', '525.00'],
          ['Invoice total', '4,645.00'],
        ],
        { left: 46, right: 566 },
      );
      canvas.paragraph(TERMS, 40, 345, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'HLCUBSC2611AZQT1',
      container_numbers: containersOf(anSeattle),
      vessel_name: 'SEASPAN BRIGHTNESS',
      voyage_number: '2247E',
      eta: '2026-11-27',
      port_of_discharge: port('Seattle', 'USSEA'),
      last_free_day: '2026-12-03',
    },
  },
  {
    name: 'arrival-notice-canadian-bilingual-avis-arrivee-montreal',
    type: 'arrival_notice',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CMA CGM (CANADA) INC.', 40, 28, { size: 12, bold: true });
      canvas.text("AVIS D'ARRIVÉE / ARRIVAL NOTICE", 555, 28, { size: 11, bold: true, align: 'right' });
      const cells: ReadonlyArray<readonly [string, string]> = [
        ['Connaissement / Bill of lading', 'CMDUFRA0734412'],
        ['Navire / Vessel', 'CMA CGM ZEPHYR'],
        ['Voyage', '0MCB9W1MA'],
        ['Port de déchargement / Port of discharge', 'MONTRÉAL, QC'],
        ["Date d'arrivée prévue / ETA", '2026-11-25'],
        ['Dernier jour libre / Last free day', '2026-12-01'],
      ];
      cells.forEach(([label, value], i) => {
        canvas.field(40 + (i % 2) * 258, 50 + Math.floor(i / 2) * 34, 258, 34, label, [value]);
      });
      stacked(canvas, 40, 160, 'Destinataire / Consignee', [
        'ÉPICERIE FINE LAURENTIDES INC.',
        '850 BOUL. CRÉMAZIE EST',
        'MONTRÉAL QC H2M 2P2',
      ]);
      table(
        canvas,
        220,
        [
          { head: 'Conteneur / Container', x: 42 },
          { head: 'Type', x: 180 },
          { head: 'Colis / Packages', x: 250 },
          { head: 'Poids brut / Gross weight', x: 553, align: 'right' },
        ],
        anMontreal.map((c) => [c.container, '20DV', '1 400 CS', '18 250,000 kg']),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'Les frais doivent être acquittés avant la mainlevée. Charges must be paid before release. Surestaries après le dernier jour libre / demurrage after the last free day.',
        40,
        290,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'CMDUFRA0734412',
      container_numbers: containersOf(anMontreal),
      vessel_name: 'CMA CGM ZEPHYR',
      voyage_number: '0MCB9W1MA',
      eta: '2026-11-25',
      port_of_discharge: port('Montréal', 'CAMTR'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'arrival-notice-colombian-aviso-de-llegada-long-dates',
    type: 'arrival_notice',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HAPAG-LLOYD COLOMBIA LTDA', 40, 28, { size: 11, bold: true });
      canvas.text('AVISO DE LLEGADA', 555, 28, { size: 13, bold: true, align: 'right' });
      canvas.text('Cartagena, 20 de noviembre de 2026', 555, 46, { size: 8, align: 'right' });
      canvas.text('Señores', 40, 64, { size: 8.5 });
      canvas.lines(['DISTRIBUIDORA ANDINA DE REPUESTOS S.A.S.', 'CRA 50 # 12-40 BOGOTA D.C.'], 40, 76, {
        size: 8.5,
        bold: true,
      });
      canvas.paragraph(
        'Nos permitimos informarles la llegada de la siguiente carga consignada a ustedes:',
        40,
        104,
        515,
        8,
      );
      pairs(
        canvas,
        40,
        200,
        124,
        [
          ['Número de BL', 'HLCUHAM261012877'],
          ['Motonave', 'SANTA CRUZ EXPRESS'],
          ['Viaje', '2244W'],
          ['Puerto de descarga', 'CARTAGENA (CONTECAR)'],
          ['Fecha estimada de arribo', '25 de noviembre de 2026'],
          ['Vencimiento días libres', '9 de diciembre de 2026'],
          ['Contenedor', `${anCartagena[0]?.container ?? ''} 40HC`],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        240,
        [
          { head: 'Concepto', x: 42 },
          { head: 'Valor COP', x: 553, align: 'right' },
        ],
        [
          ['Liberación documental', '385.000'],
          ['Manejo de contenedor', '1.120.000'],
          ['Total a pagar', '1.505.000'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'HLCUHAM261012877',
      container_numbers: containersOf(anCartagena),
      vessel_name: 'SANTA CRUZ EXPRESS',
      voyage_number: '2244W',
      eta: '2026-11-25',
      port_of_discharge: port('Cartagena', 'COCTG'),
      last_free_day: '2026-12-09',
    },
  },
  {
    name: 'cargo-availability-notice-values-above-baltimore-short-years',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('ZIM AMERICAN INTEGRATED SHIPPING SERVICES', 40, 28, { size: 10, bold: true });
      canvas.text('CARGO AVAILABILITY NOTICE', 572, 46, { size: 11, bold: true, align: 'right' });
      valueAbove(canvas, 40, 70, 170, ['ZIMUSNH1740662'], 'B/L NUMBER');
      valueAbove(canvas, 230, 70, 150, ['ZIM WILMINGTON'], 'VESSEL');
      valueAbove(canvas, 400, 70, 172, ['34/E'], 'VOYAGE');
      valueAbove(canvas, 40, 110, 170, ['BALTIMORE, MD - SEAGIRT'], 'DISCHARGE PORT');
      valueAbove(canvas, 230, 110, 150, ['23-Nov-26'], 'VESSEL ARRIVAL');
      valueAbove(canvas, 400, 110, 172, ['30-Nov-26'], 'LAST FREE DAY AT TERMINAL');
      valueAbove(
        canvas,
        40,
        150,
        340,
        ['CHESAPEAKE MARINE PARTS INC', '2400 BOSTON ST', 'BALTIMORE MD 21224'],
        'CONSIGNEE',
      );
      canvas.text('EQUIPMENT AVAILABLE FOR PICK UP', 40, 220, { size: 8, bold: true });
      canvas.lines(
        anBaltimore.map((c) => `${c.container}  40DV  ${c.seal}  AVAILABLE`),
        40,
        234,
        { size: 8.5 },
      );
      canvas.paragraph(TERMS, 40, 280, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'ZIMUSNH1740662',
      container_numbers: containersOf(anBaltimore),
      vessel_name: 'ZIM WILMINGTON',
      voyage_number: '34/E',
      eta: '2026-11-23',
      port_of_discharge: port('Baltimore', 'USBAL'),
      last_free_day: '2026-11-30',
    },
  },
  {
    name: 'booking-confirmation-vgm-doc-port-cutoffs-yantian',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('ONE', 40, 26, { size: 18, bold: true });
      canvas.text('OCEAN NETWORK EXPRESS (CHINA) LTD. SHENZHEN BRANCH', 90, 32, { size: 8 });
      canvas.text('BOOKING CONFIRMATION', 555, 30, { size: 12, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        150,
        60,
        [
          ['Booking No.', 'SZPF37718800'],
          ['Booking Date', '10 Nov 2026'],
          ['Shipper', 'SHENZHEN BRIGHTWAY ELECTRONICS CO., LTD.'],
          ['Forwarder', 'SZ GLOBAL FREIGHT AGENCY'],
          ['Commodity', 'LED LIGHTING FIXTURES'],
          ['Equipment', '2 x 40HC'],
        ],
        { size: 8.5 },
      );
      canvas.text('ROUTING', 40, 160, { size: 9, bold: true });
      table(
        canvas,
        174,
        [
          { head: 'Vessel / Voyage', x: 42 },
          { head: 'Port of Loading', x: 200 },
          { head: 'Port of Discharge', x: 320 },
          { head: 'ETD', x: 440 },
          { head: 'ETA', x: 500 },
        ],
        [['ONE HARMONY 058E', 'YANTIAN', 'LOS ANGELES', '18 Nov 2026', '04 Dec 2026']],
        { left: 40, right: 555 },
      );
      canvas.text('CUT-OFF', 40, 220, { size: 9, bold: true });
      table(
        canvas,
        234,
        [
          { head: 'Cut-off', x: 42 },
          { head: 'Date / Time (local)', x: 220 },
        ],
        [
          ['SI / Doc cut-off', '14 Nov 2026 17:00'],
          ['VGM cut-off', '15 Nov 2026 12:00'],
          ['Port (CY) cut-off', '16 Nov 2026 18:00'],
        ],
        { left: 40, right: 400 },
      );
      canvas.text('Empty pick-up: YANTIAN INTERNATIONAL CONTAINER TERMINAL', 40, 300, { size: 8 });
      canvas.text('Full return: YANTIAN INTERNATIONAL CONTAINER TERMINAL', 40, 312, { size: 8 });
    },
    fields: {
      booking_number: 'SZPF37718800',
      shipper: 'SHENZHEN BRIGHTWAY ELECTRONICS CO., LTD.',
      vessel_name: 'ONE HARMONY',
      voyage_number: '058E',
      port_of_loading: port('Yantian', 'CNYTN'),
      port_of_discharge: port('Los Angeles', 'USLAX'),
      etd: '2026-11-18',
    },
  },
  {
    name: 'booking-acknowledgement-xiamen-forwarder-dotted-dates',
    type: 'booking_confirmation',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('XIAMEN HAIXIN INTERNATIONAL FREIGHT FORWARDING CO., LTD.', 297, 26, {
        size: 10,
        bold: true,
        align: 'center',
      });
      canvas.text('BOOKING ACKNOWLEDGEMENT', 297, 44, { size: 12, bold: true, align: 'center' });
      canvas.text('TO', 40, 70, { size: 7, bold: true });
      canvas.text('FUJIAN STONEWORKS IMP & EXP CO LTD', 40, 81, { size: 8.5 });
      canvas.text('ATTN MS. LIN', 40, 93, { size: 8.5 });
      capsRow(canvas, 115, [
        ['SO NO', 'XMHX2611-0392', 40],
        ['CARRIER', 'YANG MING', 200],
        ['DATE', '2026.11.12', 380],
      ]);
      capsRow(canvas, 150, [
        ['VESSEL', 'YM TRIUMPH', 40],
        ['VOYAGE', '0117W', 200],
        ['ETD', '2026.11.21', 380],
      ]);
      capsRow(canvas, 185, [
        ['POL', 'XIAMEN', 40],
        ['POD', 'ROTTERDAM', 200],
        ['CONTAINER', '3 X 20GP', 380],
      ]);
      canvas.text('SHIPPER', 40, 225, { size: 7, bold: true });
      canvas.text('FUJIAN STONEWORKS IMP & EXP CO LTD', 40, 236, { size: 8.5 });
      canvas.text('CLOSING', 40, 262, { size: 7, bold: true });
      canvas.lines(
        ['SI CLOSING 2026.11.17 12:00', 'VGM CLOSING 2026.11.18 10:00', 'CY CLOSING 2026.11.19 16:00'],
        40,
        273,
        {
          size: 8.5,
        },
      );
      canvas.paragraph(
        'PLS ARRANGE CARGO READY BEFORE CY CLOSING. OVERWEIGHT CONTAINERS WILL BE SHUT OUT. PLS SEND SI AND VGM TO OUR CS BEFORE CLOSING TIME.',
        40,
        320,
        515,
        7,
      );
    },
    fields: {
      booking_number: 'XMHX2611-0392',
      shipper: 'FUJIAN STONEWORKS IMP & EXP CO LTD',
      vessel_name: 'YM TRIUMPH',
      voyage_number: '0117W',
      port_of_loading: port('Xiamen', 'CNXMN'),
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      etd: '2026-11-21',
    },
  },
  {
    name: 'booking-confirmation-peruvian-confirmacion-de-reserva-callao',
    type: 'booking_confirmation',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('MAERSK PERU S.A.', 40, 28, { size: 12, bold: true });
      canvas.text('CONFIRMACIÓN DE RESERVA', 555, 28, { size: 12, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        170,
        60,
        [
          ['N° de reserva', '263377104'],
          ['Fecha', '09/11/2026'],
          ['Cliente / Embarcador', 'AGROEXPORTADORA DEL SUR S.A.C.'],
          ['Mercadería', 'UVAS FRESCAS - REFRIGERADO'],
          ['Equipo', "4 x 40' REEFER HC"],
        ],
        { size: 8.5 },
      );
      canvas.text('PLAN DE TRANSPORTE', 40, 150, { size: 9, bold: true });
      table(
        canvas,
        164,
        [
          { head: 'Nave', x: 42 },
          { head: 'Viaje', x: 160 },
          { head: 'Puerto de embarque', x: 230 },
          { head: 'Puerto de destino', x: 340 },
          { head: 'Zarpe (ETD)', x: 470 },
        ],
        [['MAERSK LA PAZ', '247N', 'CALLAO', 'ALGECIRAS', '21/11/2026']],
        { left: 40, right: 555 },
      );
      canvas.text('CIERRES', 40, 210, { size: 9, bold: true });
      pairs(
        canvas,
        40,
        200,
        224,
        [
          ['Cierre documentario', '18/11/2026 12:00'],
          ['Cierre VGM', '18/11/2026 18:00'],
          ['Cierre de ingreso a puerto', '19/11/2026 20:00'],
        ],
        { size: 8.5 },
      );
    },
    fields: {
      booking_number: '263377104',
      shipper: 'AGROEXPORTADORA DEL SUR S.A.C.',
      vessel_name: 'MAERSK LA PAZ',
      voyage_number: '247N',
      port_of_loading: port('Callao', 'PECLL'),
      port_of_discharge: port('Algeciras', 'ESALG'),
      etd: '2026-11-21',
    },
  },
  {
    name: 'booking-confirmation-transport-plan-by-columns-chittagong',
    type: 'booking_confirmation',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('KMTC LINE', 40, 28, { size: 13, bold: true });
      canvas.text('BOOKING CONFIRMATION', 555, 30, { size: 11, bold: true, align: 'right' });
      capsRow(canvas, 56, [
        ['BOOKING NO', 'KMTCCGP2611550', 40],
        ['ISSUE DATE', '13-11-2026', 260],
      ]);
      stacked(canvas, 40, 96, 'BOOKING PARTY / SHIPPER', [
        'BENGAL KNIT COMPOSITE LTD',
        'GAZIPUR, BANGLADESH',
      ]);
      canvas.text('TRANSPORT PLAN', 40, 140, { size: 8, bold: true });
      tableByColumns(
        canvas,
        154,
        [
          { head: 'VESSEL', x: 42 },
          { head: 'VOY', x: 180 },
          { head: 'LOAD PORT', x: 240 },
          { head: 'DISCH PORT', x: 360 },
          { head: 'ETD', x: 470 },
        ],
        [['KMTC MUMBAI', '2611W', 'CHITTAGONG', 'PORT KLANG', '27-11-2026']],
        { left: 40, right: 555 },
      );
      canvas.text('CUT OFF', 40, 200, { size: 8, bold: true });
      canvas.lines(
        ['DOC CUT OFF  24-11-2026 1200', 'VGM CUT OFF  25-11-2026 1200', 'PORT CUT OFF 25-11-2026 2200'],
        40,
        212,
        {
          size: 8.5,
        },
      );
    },
    fields: {
      booking_number: 'KMTCCGP2611550',
      shipper: 'BENGAL KNIT COMPOSITE LTD',
      vessel_name: 'KMTC MUMBAI',
      voyage_number: '2611W',
      port_of_loading: port('Chittagong', 'BDCGP'),
      port_of_discharge: port('Port Klang', 'MYPKG'),
      etd: '2026-11-27',
    },
  },
];
