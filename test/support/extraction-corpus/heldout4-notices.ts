import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { keyValueGrid, splitLabelPairs } from './heldout4-draw.ts';

/**
 * Arrival notices, bookings and a customs entry summary of the fourth held-out set: a US broker's notice
 * with many dates (`Nov 24th, 2026`), ONE's notice with a week-only ETA, a CMA CGM `Avis d'arrivée`
 * (`24.11.2026`, `1.234,56`), HMM's notice with `2026/11/24`, an Evergreen `Aankomstbericht`, an entry
 * summary (not a shipping document of the scored types); bookings from ZIM (`24-NOV-26`), Yang Ming in a
 * key/value grid (`Nov 24th, 2026`), PIL with German labels and Hapag-Lloyd with labels broken over lines.
 */

const anNorfolk = cargo('MSMU', [471_093, 471_552], { size: '40HC' });
const anOakland = cargo('ONEU', [733_410], { size: '40HC' });
const anFos = cargo('CMAU', [318_820, 319_305], { size: '40HC' });
const anVancouver = cargo('HMMU', [402_776], { size: '40HC' });
const anRotterdam = cargo('EITU', [155_309, 155_874, 156_220], { size: '40HC' });
const esCharleston = cargo('SEGU', [610_042], { size: '40HC' });

const TERMS =
  'Cargo will be released only upon presentation of the original bill of lading or express release, customs clearance and payment of all charges. Demurrage and storage are charged after free time at the tariff rate.';

export const HELDOUT4_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-us-broker-many-dates-ordinal-norfolk',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('TIDEWATER TRADE SERVICES, INC.', 40, 26, { size: 12, bold: true });
      canvas.text('Customs Brokers & Freight Forwarders - Norfolk, Virginia', 40, 40, { size: 7 });
      canvas.text('ARRIVAL NOTICE', 572, 28, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 40, 140, 62, [
        ['Notice Date:', 'Nov 18th, 2026'],
        ['Our File No.:', 'TTS-IMP-26-4418'],
        ['Master B/L:', 'MEDUFL812044'],
        ['House B/L:', 'TTSNFK2611093'],
        ['Vessel / Voyage:', 'MSC ROSARIA / NA646R'],
      ]);
      pairs(canvas, 330, 440, 62, [
        ['Departure (ETD):', 'Oct 30th, 2026'],
        ['Arrival (ETA):', 'Nov 21st, 2026'],
        ['Discharge Port:', 'NORFOLK, VA'],
        ['Available Date:', 'Nov 23rd, 2026'],
        ['Last Free Day:', 'Nov 27th, 2026'],
        ['Entry Filed:', 'Nov 19th, 2026'],
      ]);
      stacked(canvas, 40, 160, 'CONSIGNEE', [
        'BLUE RIDGE OUTFITTERS LLC',
        '880 CAMPOSTELLA RD, CHESAPEAKE VA 23320',
      ]);
      table(
        canvas,
        210,
        [
          { head: 'Container', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Seal', x: 210 },
          { head: 'Pieces', x: 330, align: 'right' },
          { head: 'Kilos', x: 420, align: 'right' },
        ],
        anNorfolk.map((c) => [c.container, '40HC', c.seal, '980 CTNS', c.weight]),
        { left: 40, right: 572 },
      );
      canvas.paragraph(TERMS, 40, 260, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'MEDUFL812044',
      container_numbers: containersOf(anNorfolk),
      vessel_name: 'MSC ROSARIA',
      voyage_number: 'NA646R',
      eta: '2026-11-21',
      port_of_discharge: port('Norfolk', 'USORF'),
      last_free_day: '2026-11-27',
    },
  },
  {
    name: 'arrival-notice-one-week-only-eta-oakland',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('OCEAN NETWORK EXPRESS (NORTH AMERICA) INC.', 40, 26, { size: 11, bold: true });
      canvas.text('PRE-ARRIVAL NOTICE', 572, 28, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        50,
        [100, 170, 100, 162],
        [
          ['B/L Number', 'ONEYKHHG10447700', 'Booking', 'KHHG10447700'],
          ['Vessel', 'ONE CONTRIBUTION', 'Voyage', '058E'],
          ['Port of Discharge', 'OAKLAND, CA', 'ETA', 'WEEK 48 / 2026'],
          ['Place of Delivery', 'OAKLAND CY', 'Free Time', '4 DAYS'],
        ],
      );
      stacked(canvas, 40, 130, 'CONSIGNEE', [
        'GOLDEN GATE CYCLE IMPORTS INC',
        '2100 ADELINE ST, OAKLAND CA 94607',
      ]);
      canvas.text(
        `Container: ${anOakland[0]?.container ?? ''}  40HC  Seal: ${anOakland[0]?.seal ?? ''}`,
        40,
        180,
        { size: 8.5 },
      );
      canvas.text(
        'The exact berthing date will follow in the arrival notice. Week numbers per ISO 8601.',
        40,
        200,
        { size: 7.5 },
      );
      canvas.paragraph(TERMS, 40, 220, 530, 6.5);
    },
    fields: {
      bill_of_lading_number: 'ONEYKHHG10447700',
      container_numbers: containersOf(anOakland),
      vessel_name: 'ONE CONTRIBUTION',
      voyage_number: '058E',
      port_of_discharge: port('Oakland', 'USOAK'),
    },
  },
  {
    name: 'avis-d-arrivee-cma-cgm-fos-eu-amounts-dotted-dates',
    type: 'arrival_notice',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CMA CGM', 40, 24, { size: 18, bold: true });
      canvas.text("AVIS D'ARRIVEE / ARRIVAL NOTICE", 555, 28, { size: 11, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        170,
        60,
        [
          ['Connaissement / B/L', 'CMDUNGB0823417'],
          ['Navire / Vessel', 'CMA CGM JACQUES JOSEPH'],
          ['Voyage', '0MEA5W1MA'],
          ['Port de déchargement', 'FOS-SUR-MER'],
          ["Date d'arrivée prévue / ETA", '24.11.2026'],
          ['Fin de franchise / Free time ends', '29.11.2026'],
        ],
        { labelBold: true },
      );
      stacked(canvas, 330, 60, 'Destinataire / Consignee', [
        'PROVENCE CUISINES SAS',
        'ZI DU TUBE, 13800 ISTRES',
      ]);
      table(
        canvas,
        170,
        [
          { head: 'Conteneur / Container', x: 42 },
          { head: 'Plomb', x: 170 },
          { head: 'Colis', x: 280 },
          { head: 'Poids', x: 420, align: 'right' },
        ],
        anFos.map((c) => [c.container, c.seal, '1 120 CARTONS', `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
      table(
        canvas,
        220,
        [
          { head: 'Frais / Charges', x: 42 },
          { head: 'Montant EUR', x: 553, align: 'right' },
        ],
        [
          ['THC destination', '1.234,56'],
          ['Frais de dossier / Documentation', '65,00'],
          ['Total à payer', '1.299,56'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'CMDUNGB0823417',
      container_numbers: containersOf(anFos),
      vessel_name: 'CMA CGM JACQUES JOSEPH',
      voyage_number: '0MEA5W1MA',
      eta: '2026-11-24',
      port_of_discharge: port('Fos-sur-Mer', 'FRFOS'),
      last_free_day: '2026-11-29',
    },
  },
  {
    name: 'arrival-notice-hmm-slash-year-first-dates-vancouver',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('HMM (CANADA) - ARRIVAL NOTICE', 40, 26, { size: 11, bold: true });
      canvas.text('ISSUED 2026/11/19', 555, 26, { size: 8, align: 'right' });
      splitLabelPairs(canvas, 40, 150, 56, [
        ['BILL OF|LADING NO', 'HDMUSHAA71120455'],
        ['VESSEL', 'HMM BLESSING'],
        ['VOYAGE', '0031E'],
        ['PORT OF|DISCHARGE', 'VANCOUVER, BC (CENTERM)'],
        ['ESTIMATED|ARRIVAL', '2026/11/24'],
        ['STORAGE|FREE UNTIL', '2026/11/30'],
      ]);
      stacked(canvas, 340, 56, 'CONSIGNEE', ['PACIFIC RIM APPLIANCES LTD', 'RICHMOND BC V6V 2K9']);
      canvas.text(
        `CNTR ${anVancouver[0]?.container ?? ''} 40HC SEAL ${anVancouver[0]?.seal ?? ''} 640 CTNS`,
        40,
        200,
        { size: 8.5 },
      );
      canvas.paragraph(TERMS, 40, 220, 515, 6.5);
    },
    fields: {
      bill_of_lading_number: 'HDMUSHAA71120455',
      container_numbers: containersOf(anVancouver),
      vessel_name: 'HMM BLESSING',
      voyage_number: '0031E',
      eta: '2026-11-24',
      port_of_discharge: port('Vancouver', 'CAVAN'),
      last_free_day: '2026-11-30',
    },
  },
  {
    name: 'aankomstbericht-evergreen-dutch-english-rotterdam',
    type: 'arrival_notice',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('EVERGREEN SHIPPING AGENCY (NETHERLANDS) B.V.', 40, 26, { size: 11, bold: true });
      canvas.text('AANKOMSTBERICHT / ARRIVAL NOTICE', 555, 44, { size: 11, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        62,
        [110, 150, 110, 145],
        [
          ['Cognossement / B/L', 'EGLV003600917745', 'Datum', '20-11-2026'],
          ['Schip / Vessel', 'EVER ACE', 'Reis / Voyage', '0917-031W'],
          ['Loshaven', 'ROTTERDAM', 'Verwachte aankomst', '24-11-2026'],
          ['Vrije tijd tot', '01-12-2026', 'Terminal', 'EUROMAX'],
        ],
        7.5,
      );
      stacked(canvas, 40, 140, 'Ontvanger / Consignee', ['HOLLAND ELECTRONICS DISTRIBUTIE B.V.', 'VENLO']);
      table(
        canvas,
        186,
        [
          { head: 'Container', x: 42 },
          { head: 'Zegel', x: 160 },
          { head: 'Colli', x: 260 },
          { head: 'Gewicht kg', x: 420, align: 'right' },
        ],
        anRotterdam.map((c) => [c.container, c.seal, '1.250 DOZEN', c.weight]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'EGLV003600917745',
      container_numbers: containersOf(anRotterdam),
      vessel_name: 'EVER ACE',
      voyage_number: '0917-031W',
      eta: '2026-11-24',
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'entry-summary-customs-broker-many-dates-charleston',
    type: 'other',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('DEPARTMENT OF HOMELAND SECURITY', 40, 24, { size: 8 });
      canvas.text('U.S. Customs and Border Protection', 40, 34, { size: 8 });
      canvas.text('ENTRY SUMMARY', 306, 50, { size: 13, bold: true, align: 'center' });
      keyValueGrid(
        canvas,
        40,
        70,
        [110, 160, 110, 152],
        [
          ['1. Filer Code/Entry No.', 'B42-4471902-3', '2. Entry Type', '01 ABI/A'],
          ['3. Summary Date', '11/30/2026', '4. Surety No.', '457'],
          ['7. Entry Date', '11/24/2026', '8. Importing Carrier', 'CMA CGM ROSSINI'],
          ['10. Country of Origin', 'VN', '11. Import Date', '11/23/2026'],
          ['12. B/L or AWB No.', 'CMDUVNM0934411', '14. Exporting Country', 'VN'],
          ['15. Export Date', '10/28/2026', '20. U.S. Port of Unlading', '1601'],
        ],
        7.5,
      );
      canvas.text(`Container ${esCharleston[0]?.container ?? ''}`, 40, 180, { size: 8 });
      table(
        canvas,
        200,
        [
          { head: 'HTSUS No.', x: 42 },
          { head: 'Description', x: 130 },
          { head: 'Entered Value', x: 420, align: 'right' },
          { head: 'Duty', x: 560, align: 'right' },
        ],
        [
          ['9403.60.8081', 'WOODEN FURNITURE', '84,220', '0.00'],
          ['9401.61.6011', 'UPHOLSTERED SEATS', '21,410', '0.00'],
        ],
        { left: 40, right: 572 },
      );
      canvas.text(
        'Declarant: LOWCOUNTRY BROKERS INC - I declare that I am the importer of record.',
        40,
        260,
        { size: 7 },
      );
    },
    fields: {},
  },
  {
    name: 'booking-confirmation-zim-ashdod-dd-mon-yy',
    type: 'booking_confirmation',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('ZIM INTEGRATED SHIPPING SERVICES', 40, 26, { size: 11, bold: true });
      canvas.text('BOOKING CONFIRMATION', 555, 26, { size: 11, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 56, [
        ['BOOKING NUMBER', 'ZIMUASH0271554'],
        ['BOOKING DATE', '12-NOV-26'],
        ['SHIPPER', 'NEGEV PLASTICS INDUSTRIES LTD'],
        ['VESSEL/VOYAGE', 'ZIM MOUNT EVEREST / 9W'],
        ['PORT OF LOADING', 'ASHDOD'],
        ['PORT OF DISCHARGE', 'VALENCIA'],
        ['ETD', '24-NOV-26'],
        ['ETA', '02-DEC-26'],
        ['EQUIPMENT', '2 X 40HC'],
        ['CY CUT-OFF', '22-NOV-26 12:00'],
      ]);
      canvas.paragraph(TERMS, 40, 230, 515, 6);
    },
    fields: {
      booking_number: 'ZIMUASH0271554',
      shipper: 'NEGEV PLASTICS INDUSTRIES LTD',
      vessel_name: 'ZIM MOUNT EVEREST',
      voyage_number: '9W',
      port_of_loading: port('Ashdod', 'ILASH'),
      port_of_discharge: port('Valencia', 'ESVLC'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'booking-confirmation-yang-ming-grid-ordinal-dates-keelung',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('YANG MING', 40, 24, { size: 16, bold: true });
      canvas.text('Booking Confirmation', 572, 28, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        54,
        [100, 170, 100, 162],
        [
          ['Booking No.', 'E2611KEL03318', 'Issue Date', 'Nov 17th, 2026'],
          ['Shipper', 'KEELUNG HARDWARE MFG. CO., LTD.', 'Contract', 'SC-YM-26-0712'],
          ['Vessel', 'YM TRUTH', 'Voyage', '044E'],
          ['Port of Loading', 'KEELUNG', 'Port of Discharge', 'OAKLAND'],
          ['ETD', 'Nov 24th, 2026', 'ETA', 'Dec 9th, 2026'],
          ['SI Cut-off', 'Nov 20th, 2026', 'CY Cut-off', 'Nov 21st, 2026'],
        ],
      );
      canvas.paragraph(TERMS, 40, 170, 530, 6.5);
    },
    fields: {
      booking_number: 'E2611KEL03318',
      shipper: 'KEELUNG HARDWARE MFG. CO., LTD.',
      vessel_name: 'YM TRUTH',
      voyage_number: '044E',
      port_of_loading: port('Keelung', 'TWKEL'),
      port_of_discharge: port('Oakland', 'USOAK'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'buchungsbestaetigung-pil-german-labels-hamburg-jebel-ali',
    type: 'booking_confirmation',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.text('PIL (GERMANY) GMBH - Agent of Pacific International Lines', 40, 26, {
        size: 10,
        bold: true,
      });
      canvas.text('Buchungsbestätigung', 555, 44, { size: 13, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        170,
        70,
        [
          ['Buchungsnummer:', 'HAM2611004471'],
          ['Versender:', 'NORDHEIDE KUNSTSTOFFTECHNIK GMBH'],
          ['Schiff:', 'KOTA CAHAYA'],
          ['Reise:', 'KCY0128W'],
          ['Ladehafen:', 'HAMBURG'],
          ['Bestimmungshafen:', 'JEBEL ALI'],
          ['Abfahrt (ETD):', '2026/11/24'],
          ['Ankunft (ETA):', '2026/12/15'],
          ['Ladeschluss:', '2026/11/21 16:00'],
        ],
        { labelBold: true },
      );
      canvas.paragraph(TERMS, 40, 230, 515, 6);
    },
    fields: {
      booking_number: 'HAM2611004471',
      shipper: 'NORDHEIDE KUNSTSTOFFTECHNIK GMBH',
      vessel_name: 'KOTA CAHAYA',
      voyage_number: 'KCY0128W',
      port_of_loading: port('Hamburg', 'DEHAM'),
      port_of_discharge: port('Jebel Ali', 'AEJEA'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'booking-hapag-split-labels-week-eta-antwerp',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('Hapag-Lloyd', 40, 24, { size: 16, bold: true });
      canvas.text('BOOKING CONFIRMATION', 555, 28, { size: 11, bold: true, align: 'right' });
      splitLabelPairs(canvas, 40, 140, 60, [
        ['Booking|Reference', '41128930'],
        ['Shipper', 'FLANDERS CHEMICALS NV'],
        ['Vessel|Name', 'ANTWERPEN EXPRESS'],
        ['Voyage', '052W'],
      ]);
      splitLabelPairs(canvas, 320, 420, 60, [
        ['Port of|Loading', 'ANTWERP'],
        ['Port of|Discharge', 'NEW YORK'],
        ['Estimated|Departure', '24.11.2026'],
        ['Estimated|Arrival', 'WK 50'],
      ]);
      canvas.text(
        "Equipment: 3 x 20' GP - Documentation cut-off 20.11.2026 - VGM cut-off 21.11.2026",
        40,
        160,
        { size: 8 },
      );
      canvas.paragraph(TERMS, 40, 180, 515, 6);
    },
    fields: {
      booking_number: '41128930',
      shipper: 'FLANDERS CHEMICALS NV',
      vessel_name: 'ANTWERPEN EXPRESS',
      voyage_number: '052W',
      port_of_loading: port('Antwerp', 'BEANR'),
      port_of_discharge: port('New York', 'USNYC'),
      etd: '2026-11-24',
    },
  },
];
