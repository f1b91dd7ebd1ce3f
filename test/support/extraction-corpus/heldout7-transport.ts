import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { labelRow, mailHeader } from './heldout7-draw.ts';

/**
 * Bills, notices and orders of the seventh held-out set: a bill whose 60 containers go on two
 * `CONTAINER LIST (CONTINUED)` sheets, a bill consigned `TO ORDER` with its labels in lower case, a
 * bill whose labels stand in one row over a row of values; an arrival notice emailed and printed with the
 * mail's header over it, a rail operator's `Notice of Arrival` at an inland terminal, a Hamburg
 * terminal's notice in English with dates `24.11.2026`, a notice in Title Case with every value under its
 * label; a delivery order that names only a booking, a trucker's `Pick-up Order` from a customs broker.
 */

const sixtyBoxes = cargo(
  'TCNU',
  Array.from({ length: 60 }, (_, i) => 118_400 + i * 37),
  { size: '40HC', packages: '1 UNIT', weight: '4,120.000' },
);
const toOrderBill = cargo('ZCSU', [587_120, 587_604], { size: '40DV', seal: 'ZS' });
const rowBill = cargo('OOLU', [912_337], { size: '40HC', seal: 'OOLGRK' });
const mailedNotice = cargo('MSMU', [640_772, 641_205, 641_619], { size: '40HC' });
const railNotice = cargo('CMAU', [455_018], { size: '40HC' });
const hamburgNotice = cargo('HLBU', [302_514, 302_966], { size: '45G1' });
const titleNotice = cargo('BEAU', [288_107], { size: '20DV' });
const bookingOrder = cargo('TRHU', [174_330, 174_812], { size: '40HC' });
const pickupOrder = cargo('SEKU', [559_204], { size: '40HC' });

/** The containers of the 60-container bill on one sheet, 30 to a sheet after the first page. */
function containerSheet(canvas: Parameters<HeldoutDocument['draw']>[0], sheet: number): void {
  canvas.newPage();
  canvas.text('CONTAINER LIST (CONTINUED)', 40, 24, { size: 11, bold: true });
  canvas.text(`B/L No. EGLV091600448712 - Sheet ${sheet} of 2`, 555, 26, { size: 8, align: 'right' });
  const rows = sixtyBoxes.slice((sheet - 1) * 30, sheet * 30);
  table(
    canvas,
    50,
    [
      { head: 'No.', x: 42 },
      { head: 'Container No.', x: 80 },
      { head: 'Seal No.', x: 190 },
      { head: 'Type', x: 290 },
      { head: 'Pkgs', x: 350 },
      { head: 'Gross Weight', x: 553, align: 'right' },
    ],
    rows.map((c, i) => [
      String((sheet - 1) * 30 + i + 1),
      c.container,
      c.seal,
      c.size,
      c.packages,
      `${c.weight} KGS`,
    ]),
    { left: 40, right: 555 },
  );
  canvas.text(sheet === 1 ? 'CONTINUED ON NEXT SHEET' : 'END OF CONTAINER LIST', 297, 780, {
    size: 7.5,
    bold: true,
    align: 'center',
  });
}

export const HELDOUT7_TRANSPORT: readonly HeldoutDocument[] = [
  {
    name: 'bill-sixty-containers-on-two-continued-sheets-kaohsiung-los-angeles',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('EVERGREEN LINE', 40, 22, { size: 13, bold: true });
      canvas.text('BILL OF LADING', 572, 22, { size: 13, bold: true, align: 'right' });
      canvas.field(40, 44, 290, 52, 'Shipper', ['FORMOSA CYCLE WORKS CO., LTD.', 'TAICHUNG, TAIWAN']);
      canvas.field(330, 44, 242, 26, 'B/L No.', ['EGLV091600448712']);
      canvas.field(330, 70, 242, 26, 'Booking No.', ['091600448712']);
      canvas.field(40, 96, 290, 52, 'Consignee', ['PACIFIC TRAIL BIKES INC.', 'ONTARIO, CA 91761']);
      canvas.field(330, 96, 242, 52, 'Notify Party', ['SAME AS CONSIGNEE']);
      canvas.field(40, 148, 145, 26, 'Vessel', ['EVER LAUREL']);
      canvas.field(185, 148, 145, 26, 'Voyage No.', ['1182-034E']);
      canvas.field(330, 148, 242, 26, 'Place of Receipt', ['TAICHUNG CFS']);
      canvas.field(40, 174, 145, 26, 'Port of Loading', ['KAOHSIUNG']);
      canvas.field(185, 174, 145, 26, 'Port of Discharge', ['LOS ANGELES, CA']);
      canvas.field(330, 174, 242, 26, 'Place of Delivery', ['ONTARIO, CA']);
      canvas.text('Marks & Nos / Container No.', 42, 212, { size: 7, bold: true });
      canvas.text('Description of Goods', 230, 212, { size: 7, bold: true });
      canvas.text('Gross Weight', 570, 212, { size: 7, bold: true, align: 'right' });
      canvas.rule(40, 222, 532);
      canvas.lines(['60 x 40HC', 'SEE ATTACHED CONTAINER LIST', '(2 SHEETS)'], 42, 230, { size: 8 });
      canvas.lines(
        [
          'SAID TO CONTAIN 60 UNITS',
          'BICYCLES AND BICYCLE PARTS',
          'HS 8712.00',
          "SHIPPER'S LOAD, STOW AND COUNT",
        ],
        230,
        230,
        { size: 8 },
      );
      canvas.text('247,200.000 KGS', 570, 230, { size: 8, align: 'right' });
      canvas.text('FREIGHT COLLECT', 40, 320, { size: 8, bold: true });
      canvas.text('Place and date of issue: TAICHUNG, 24 NOV 2026', 40, 334, { size: 7.5 });
      containerSheet(canvas, 1);
      containerSheet(canvas, 2);
    },
    fields: {
      bill_of_lading_number: 'EGLV091600448712',
      shipper: 'FORMOSA CYCLE WORKS CO., LTD.',
      consignee: 'PACIFIC TRAIL BIKES INC.',
      vessel_name: 'EVER LAUREL',
      voyage_number: '1182-034E',
      port_of_loading: port('Kaohsiung', 'TWKHH'),
      port_of_discharge: port('Los Angeles', 'USLAX'),
      container_numbers: containersOf(sixtyBoxes),
      seal_numbers: sealsOf(sixtyBoxes),
      scac: 'EGLV',
    },
  },
  {
    name: 'bill-to-order-consignee-lower-case-labels-haifa-piraeus',
    type: 'bill_of_lading',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('zim integrated shipping services ltd.', 40, 22, { size: 10, bold: true });
      canvas.text('bill of lading - original', 555, 22, { size: 10, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 56, [
        ['b/l no.:', 'ZIMUHFA8063315'],
        ['shipper:', ['NEGEV PHOSPHATE TRADING LTD', 'BEER SHEVA, ISRAEL']],
        ['consignee:', ['TO ORDER']],
        ['notify party:', ['HELLENIC FERTILIZER IMPORTS S.A.', 'PIRAEUS, GREECE']],
        ['vessel:', 'ZIM KINGSTON'],
        ['voyage:', '44W'],
        ['port of loading:', 'HAIFA'],
        ['port of discharge:', 'PIRAEUS'],
      ]);
      table(
        canvas,
        210,
        [
          { head: 'container', x: 42 },
          { head: 'seal', x: 140 },
          { head: 'type', x: 230 },
          { head: 'packages', x: 290 },
          { head: 'gross weight', x: 553, align: 'right' },
        ],
        toOrderBill.map((c) => [c.container, c.seal, c.size, c.packages, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
      canvas.text('freight prepaid. three (3) originals issued at haifa, 24 nov 2026.', 40, 270, {
        size: 7.5,
      });
    },
    fields: {
      bill_of_lading_number: 'ZIMUHFA8063315',
      shipper: 'NEGEV PHOSPHATE TRADING LTD',
      // A bare order clause names no consignee (the engine's standing rule, office-layouts.test.ts).
      notify_party: 'HELLENIC FERTILIZER IMPORTS S.A.',
      vessel_name: 'ZIM KINGSTON',
      voyage_number: '44W',
      port_of_loading: port('Haifa', 'ILHFA'),
      port_of_discharge: port('Piraeus', 'GRPIR'),
      container_numbers: containersOf(toOrderBill),
      seal_numbers: sealsOf(toOrderBill),
      scac: 'ZIMU',
    },
  },
  {
    name: 'sea-waybill-labels-in-a-row-over-their-values-ningbo-felixstowe',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('OOCL', 40, 22, { size: 16, bold: true });
      canvas.text('SEA WAYBILL', 555, 22, { size: 13, bold: true, align: 'right' });
      labelRow(canvas, 54, [
        [40, 'SEA WAYBILL NO.', 'OOLU2741180550'],
        [180, 'VESSEL', 'OOCL GENOA'],
        [300, 'VOYAGE', '112W'],
        [380, 'PORT OF LOADING', 'NINGBO'],
        [480, 'PORT OF DISCHARGE', 'FELIXSTOWE'],
      ]);
      labelRow(canvas, 90, [
        [40, 'SHIPPER', 'ZHEJIANG BRIGHTSTAR LIGHTING CO., LTD.'],
        [300, 'CONSIGNEE', 'LUMENHAUS UK LIMITED'],
      ]);
      labelRow(canvas, 126, [[40, 'NOTIFY PARTY', 'THAMES GATEWAY CLEARANCE LTD']]);
      labelRow(canvas, 162, [
        [40, 'CONTAINER NO.', rowBill[0]?.container ?? ''],
        [180, 'SEAL NO.', rowBill[0]?.seal ?? ''],
        [300, 'TYPE', '40HC'],
        [380, 'PACKAGES', '1,120 CTNS'],
        [480, 'GROSS WEIGHT', '8,960.000 KGS'],
      ]);
      canvas.paragraph(
        'Non-negotiable. Delivery will be made to the consignee named above or its authorised agent on proof of identity, without surrender of this waybill.',
        40,
        210,
        515,
        7,
      );
    },
    fields: {
      bill_of_lading_number: 'OOLU2741180550',
      shipper: 'ZHEJIANG BRIGHTSTAR LIGHTING CO., LTD.',
      consignee: 'LUMENHAUS UK LIMITED',
      notify_party: 'THAMES GATEWAY CLEARANCE LTD',
      vessel_name: 'OOCL GENOA',
      voyage_number: '112W',
      port_of_loading: port('Ningbo', 'CNNGB'),
      port_of_discharge: port('Felixstowe', 'GBFXT'),
      container_numbers: containersOf(rowBill),
      seal_numbers: sealsOf(rowBill),
      scac: 'OOLU',
    },
  },
  {
    name: 'arrival-notice-emailed-and-printed-mail-header-on-top-savannah',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('Outlook', 40, 18, { size: 7, grey: true });
      const below = mailHeader(canvas, 40, 34, [
        ['From', 'MSC USA Import Desk <import.desk@msc-usa.example>'],
        ['Sent', 'Monday, November 16, 2026 4:12 PM'],
        ['To', 'imports@peachtree-home.example'],
        ['Cc', 'brokerage@coastal-customs.example'],
        ['Subject', 'ARRIVAL NOTICE - MEDUSV261884 - MSC ADELAIDE 647W'],
        ['Attachments', 'AN_MEDUSV261884.pdf (84 KB)'],
      ]);
      canvas.text('Dear Customer,', 40, below, { size: 8.5 });
      canvas.paragraph(
        'Please find below the arrival information for your shipment. Kindly arrange customs clearance and payment of charges before the last free day to avoid demurrage.',
        40,
        below + 14,
        530,
        8.5,
      );
      canvas.text('ARRIVAL NOTICE', 40, below + 50, { size: 13, bold: true });
      pairs(canvas, 40, 180, below + 72, [
        ['Bill of Lading:', 'MEDUSV261884'],
        ['Vessel / Voyage:', 'MSC ADELAIDE / 647W'],
        ['Port of Discharge:', 'SAVANNAH, GA'],
        ['Estimated Arrival:', '11/27/2026'],
        ['Last Free Day:', '12/04/2026'],
        ['Consignee:', 'PEACHTREE HOME FURNISHINGS LLC'],
      ]);
      table(
        canvas,
        below + 170,
        [
          { head: 'Container', x: 42 },
          { head: 'Size', x: 150 },
          { head: 'Pieces', x: 210 },
          { head: 'Weight', x: 570, align: 'right' },
        ],
        mailedNotice.map((c) => [c.container, c.size, c.packages, `${c.weight} KG`]),
        { left: 40, right: 572 },
      );
      canvas.text('Regards,', 40, below + 240, { size: 8.5 });
      canvas.text('MSC USA Import Desk | Atlanta, GA', 40, below + 252, { size: 8.5 });
    },
    fields: {
      bill_of_lading_number: 'MEDUSV261884',
      container_numbers: containersOf(mailedNotice),
      vessel_name: 'MSC ADELAIDE',
      voyage_number: '647W',
      eta: '2026-11-27',
      port_of_discharge: port('Savannah', 'USSAV'),
      last_free_day: '2026-12-04',
    },
  },
  {
    name: 'rail-notice-of-arrival-inland-terminal-prince-rupert-toronto',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CANADIAN NATIONAL RAILWAY - INTERMODAL', 40, 22, { size: 12, bold: true });
      canvas.text('NOTICE OF ARRIVAL', 555, 22, { size: 13, bold: true, align: 'right' });
      canvas.text('Brampton Intermodal Terminal, 8000 Airport Rd, Brampton ON', 40, 38, { size: 7 });
      pairs(canvas, 40, 190, 62, [
        ['Ocean B/L', 'CMDUKHI1107735'],
        ['Ocean vessel / voyage', 'CMA CGM TIGRIS 0PRF9E'],
        ['Port of discharge', 'PRINCE RUPERT, BC'],
        ['Rail car', 'TTAX 650112'],
        ['Available at terminal', 'NOV 24 2026 14:00'],
        ['Storage-free until', 'NOV 27 2026 23:59'],
      ]);
      stacked(canvas, 340, 62, 'Notify / Consignee', ['MAPLE LEAF KITCHENWARE LTD', 'MISSISSAUGA ON']);
      table(
        canvas,
        170,
        [
          { head: 'Equipment', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Weight (kg)', x: 553, align: 'right' },
        ],
        railNotice.map((c) => [c.container, c.size, c.weight]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'CMDUKHI1107735',
      container_numbers: containersOf(railNotice),
      vessel_name: 'CMA CGM TIGRIS',
      voyage_number: '0PRF9E',
      eta: '2026-11-24',
      port_of_discharge: port('Prince Rupert', 'CAPRR'),
      last_free_day: '2026-11-27',
    },
  },
  {
    name: 'terminal-arrival-notice-english-dotted-dates-hamburg',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CONTAINER TERMINAL ALTENWERDER', 40, 22, { size: 12, bold: true });
      canvas.text('Import Arrival Notice', 555, 22, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 40, 180, 58, [
        ['Bill of lading no.', 'HLCUSHA2610447'],
        ['Vessel', 'HAMBURG EXPRESS'],
        ['Voyage', '026W'],
        ['Port of discharge', 'HAMBURG'],
        ['Berthing (ETA)', '24.11.2026'],
        ['Free storage until', '29.11.2026'],
        ['Storage rate after', 'EUR 1.250,00 per TEU and day'],
      ]);
      stacked(canvas, 340, 58, 'Receiver', ['ELBE SPORTARTIKEL GMBH', 'HAMBURG']);
      table(
        canvas,
        180,
        [
          { head: 'Container', x: 42 },
          { head: 'ISO type', x: 150 },
          { head: 'Block', x: 220 },
          { head: 'Gross (kg)', x: 553, align: 'right' },
        ],
        hamburgNotice.map((c, i) => [
          c.container,
          c.size,
          `B${12 + i}`,
          c.weight.replace(/,/g, '.').replace(/\.000$/, ',000'),
        ]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'HLCUSHA2610447',
      container_numbers: containersOf(hamburgNotice),
      vessel_name: 'HAMBURG EXPRESS',
      voyage_number: '026W',
      eta: '2026-11-24',
      port_of_discharge: port('Hamburg', 'DEHAM'),
      last_free_day: '2026-11-29',
    },
  },
  {
    name: 'arrival-notice-title-case-labels-values-underneath-norfolk',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('Beacon Line Agency, Inc.', 40, 22, { size: 13, bold: true });
      canvas.text('Arrival Notice', 572, 22, { size: 14, bold: true, align: 'right' });
      labelRow(
        canvas,
        58,
        [
          [40, 'Bill Of Lading Number', 'BLAU26CMB0412'],
          [200, 'Vessel Name', 'BEACON STAR'],
          [320, 'Voyage Number', '2611N'],
          [440, 'Port Of Discharge', 'NORFOLK, VA'],
        ],
        { labelSize: 8, size: 9 },
      );
      labelRow(
        canvas,
        98,
        [
          [40, 'Estimated Time Of Arrival', 'November 24, 2026'],
          [200, 'Last Free Day', 'December 1, 2026'],
          [320, 'Consignee', 'Old Dominion Tile & Stone LLC'],
        ],
        { labelSize: 8, size: 9 },
      );
      table(
        canvas,
        150,
        [
          { head: 'Container Number', x: 42 },
          { head: 'Size/Type', x: 170 },
          { head: 'Packages', x: 250 },
          { head: 'Weight', x: 570, align: 'right' },
        ],
        titleNotice.map((c) => [c.container, c.size, c.packages, `${c.weight} Kgs`]),
        { left: 40, right: 572 },
      );
    },
    fields: {
      bill_of_lading_number: 'BLAU26CMB0412',
      container_numbers: containersOf(titleNotice),
      vessel_name: 'BEACON STAR',
      voyage_number: '2611N',
      eta: '2026-11-24',
      port_of_discharge: port('Norfolk', 'USORF'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'delivery-order-naming-only-a-booking-number-felixstowe',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HAPAG-LLOYD (UK) LTD', 40, 22, { size: 12, bold: true });
      canvas.text('DELIVERY ORDER', 555, 22, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 40, 160, 56, [
        ['Delivery Order No.', 'DO-FXT-884102'],
        ['Booking No.', '31877450'],
        ['Vessel', 'BUDAPEST EXPRESS'],
        ['Port of Discharge', 'FELIXSTOWE'],
        ['Release valid until', '04 DEC 2026'],
      ]);
      stacked(canvas, 340, 56, 'Deliver to / Consignee', [
        'MIDLANDS ENGINEERING SUPPLIES LTD',
        'COVENTRY CV3 4FJ',
      ]);
      table(
        canvas,
        150,
        [
          { head: 'Container', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Release PIN', x: 230 },
          { head: 'Weight', x: 553, align: 'right' },
        ],
        bookingOrder.map((c, i) => [c.container, c.size, `PIN ${48_220 + i * 311}`, `${c.weight} KG`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      delivery_order_number: 'DO-FXT-884102',
      consignee: 'MIDLANDS ENGINEERING SUPPLIES LTD',
      container_numbers: containersOf(bookingOrder),
      vessel_name: 'BUDAPEST EXPRESS',
      port_of_discharge: port('Felixstowe', 'GBFXT'),
    },
  },
  {
    name: 'pick-up-order-customs-broker-to-trucker-long-beach',
    type: 'delivery_order',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('HARBOR CITY CUSTOMS BROKERS, INC.', 40, 22, { size: 11, bold: true });
      canvas.text('PICK-UP / DELIVERY ORDER', 572, 22, { size: 11, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 56, [
        ['TO (TRUCKER):', ['SOCAL DRAYAGE EXPRESS', 'CARSON, CA 90745']],
        ['ORDER NO:', 'HCB-PU-26-5517'],
        ['DATE:', '11/24/2026'],
        ['OCEAN B/L:', 'ONEYTPEG09921300'],
        ['VESSEL:', 'ONE COMMITMENT'],
        ['PORT OF DISCHARGE:', 'LONG BEACH, CA'],
        ['PICK UP AT:', 'TOTAL TERMINALS INTL, PIER T'],
      ]);
      stacked(canvas, 330, 56, 'DELIVER TO (CONSIGNEE):', [
        'SUNRISE APPLIANCE DEPOT',
        '1400 E DOMINGUEZ ST, CARSON CA',
      ]);
      table(
        canvas,
        190,
        [
          { head: 'CONTAINER', x: 42 },
          { head: 'SIZE', x: 150 },
          { head: 'PCS', x: 210 },
          { head: 'WEIGHT', x: 570, align: 'right' },
        ],
        pickupOrder.map((c) => [c.container, c.size, c.packages, `${c.weight} LBS`]),
        { left: 40, right: 572 },
      );
      canvas.text('DELIVER APPOINTMENT 11/27/2026 08:00. RETURN EMPTY TO ITS.', 40, 250, { size: 8 });
    },
    fields: {
      delivery_order_number: 'HCB-PU-26-5517',
      bill_of_lading_number: 'ONEYTPEG09921300',
      consignee: 'SUNRISE APPLIANCE DEPOT',
      container_numbers: containersOf(pickupOrder),
      vessel_name: 'ONE COMMITMENT',
      port_of_discharge: port('Long Beach', 'USLGB'),
    },
  },
];
