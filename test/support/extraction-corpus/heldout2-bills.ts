import type { Cargo } from './heldout-bills.ts';
import type { Canvas } from './heldout-canvas.ts';
import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { drawTermsPages } from './heldout-terms.ts';
import { boxedCheckDigit, pairs, spacedContainer, table } from './heldout2-draw.ts';

/**
 * Bills of lading of the second held-out set: bilingual box forms whose titles pair English with French,
 * German, Spanish or Dutch, an NVOCC waybill of `LABEL:` lines with `POL`/`POD` abbreviations and vessel
 * and voyage in one value, and house bills whose routing sits in a header row with the values beneath.
 */

interface BoxLabels {
  title: string;
  shipper: string;
  consignee: string;
  notify: string;
  number: string;
  vessel: string;
  voyage: string;
  receipt: string;
  pol: string;
  pod: string;
  delivery: string;
  particulars: string;
}

interface BoxBill {
  carrier: string;
  labels: BoxLabels;
  number: string;
  shipper: readonly string[];
  consignee: readonly string[];
  notify: readonly string[];
  vessel: string;
  voyage: string;
  receipt: string;
  pol: string;
  pod: string;
  delivery: string;
  cargo: readonly Cargo[];
  containerStyle: 'spaced' | 'boxed' | 'plain';
  goods: string;
}

/** Two columns of boxes, the carrier's name and the title in the top right, bilingual box titles. */
function drawBoxBill(canvas: Canvas, bill: BoxBill): void {
  const l = bill.labels;
  const mid = 300;
  const right = 565;
  canvas.field(30, 30, mid - 30, 80, l.shipper, bill.shipper);
  canvas.text(bill.carrier, right - 5, 34, { size: 14, bold: true, align: 'right' });
  canvas.text(l.title, right - 5, 56, { size: 9, bold: true, align: 'right' });
  canvas.field(mid, 80, right - mid, 30, l.number, [bill.number]);
  canvas.field(30, 110, mid - 30, 80, l.consignee, bill.consignee);
  canvas.field(mid, 110, right - mid, 80, 'Forwarding agent / References', [
    `FILE 22-${bill.number.slice(-5)}`,
  ]);
  canvas.field(30, 190, mid - 30, 70, l.notify, bill.notify);
  canvas.field(mid, 190, right - mid, 70, 'Also notify / Remarks', []);
  const q = (right - 30) / 4;
  canvas.field(30, 260, q, 28, 'Pre-carriage by', []);
  canvas.field(30 + q, 260, q, 28, l.receipt, [bill.receipt]);
  canvas.field(30 + 2 * q, 260, q, 28, l.vessel, [bill.vessel]);
  canvas.field(30 + 3 * q, 260, right - 30 - 3 * q, 28, l.voyage, [bill.voyage]);
  canvas.field(30, 288, q, 28, l.pol, [bill.pol]);
  canvas.field(30 + q, 288, q, 28, l.pod, [bill.pod]);
  canvas.field(30 + 2 * q, 288, right - 30 - 2 * q, 28, l.delivery, [bill.delivery]);
  canvas.text(l.particulars, 297, 322, { size: 6, bold: true, align: 'center' });
  canvas.box(30, 332, right - 30, 260);
  canvas.text('Marks & Nos. / Container / Seal', 34, 336, { size: 5.5, grey: true });
  canvas.text('Packages', 230, 336, { size: 5.5, grey: true });
  canvas.text('Description of goods', 300, 336, { size: 5.5, grey: true });
  canvas.text('Gross weight kg', 560, 336, { size: 5.5, grey: true, align: 'right' });
  let y = 352;
  bill.cargo.forEach((c, i) => {
    if (bill.containerStyle === 'boxed') boxedCheckDigit(canvas, c.container, 34, y);
    else
      canvas.text(bill.containerStyle === 'spaced' ? spacedContainer(c.container) : c.container, 34, y, {
        size: 8.5,
      });
    canvas.text(`SEAL ${c.seal}`, 34, y + 11, { size: 7.5 });
    canvas.text(c.packages, 230, y, { size: 8 });
    if (i === 0) canvas.text(bill.goods, 300, y, { size: 8 });
    canvas.text(c.weight, 560, y, { size: 8, align: 'right' });
    y += 26;
  });
  canvas.paragraph(
    'SHIPPED on board in apparent good order and condition unless otherwise stated herein the goods or packages specified herein and to be discharged at the above mentioned port of discharge.',
    34,
    610,
    520,
  );
  canvas.text('FREIGHT PREPAID', 34, 650, { size: 8, bold: true });
}

const FR: BoxLabels = {
  title: 'BILL OF LADING - CONNAISSEMENT',
  shipper: 'Shipper/Exporter - Chargeur/Exportateur',
  consignee: 'Consignee - Destinataire',
  notify: 'Notify Party - Partie à notifier',
  number: 'B/L No. - N° de connaissement',
  vessel: 'Ocean Vessel - Navire',
  voyage: 'Voy. No. - Voyage',
  receipt: 'Place of Receipt - Lieu de réception',
  pol: 'Port of Loading - Port de chargement',
  pod: 'Port of Discharge - Port de déchargement',
  delivery: 'Place of Delivery - Lieu de livraison',
  particulars: 'PARTICULARS FURNISHED BY THE SHIPPER - DÉCLARATIONS DU CHARGEUR',
};

const DE: BoxLabels = {
  title: 'KONNOSSEMENT / BILL OF LADING',
  shipper: 'Ablader / Shipper/Exporter',
  consignee: 'Empfänger / Consignee',
  notify: 'Meldeadresse / Notify Party',
  number: 'Konnossement-Nr. / B/L No.',
  vessel: 'Seeschiff / Vessel',
  voyage: 'Reise-Nr. / Voyage',
  receipt: 'Übernahmeort / Place of Receipt',
  pol: 'Ladehafen / Port of Loading',
  pod: 'Löschhafen / Port of Discharge',
  delivery: 'Ablieferungsort / Place of Delivery',
  particulars: 'ANGABEN DES ABLADERS / PARTICULARS FURNISHED BY SHIPPER',
};

const ES: BoxLabels = {
  title: 'CONOCIMIENTO DE EMBARQUE',
  shipper: 'Embarcador / Shipper',
  consignee: 'Consignatario / Consignee',
  notify: 'Notificar a / Notify Party',
  number: 'B/L N°',
  vessel: 'Buque / Vessel',
  voyage: 'Viaje / Voy.',
  receipt: 'Lugar de recepción / Place of Receipt',
  pol: 'Puerto de carga / POL',
  pod: 'Puerto de descarga / POD',
  delivery: 'Lugar de entrega / Place of Delivery',
  particulars: 'DATOS FACILITADOS POR EL EMBARCADOR',
};

const NL: BoxLabels = {
  title: 'CONNOSSEMENT / BILL OF LADING',
  shipper: 'Verlader / Shipper',
  consignee: 'Geadresseerde / Consignee',
  notify: 'Notify adres / Notify Party',
  number: 'Cognossement nr. / B/L No.',
  vessel: 'Zeeschip / Vessel',
  voyage: 'Reisnummer / Voyage No.',
  receipt: 'Plaats van ontvangst / Place of Receipt',
  pol: 'Laadhaven / Port of Loading',
  pod: 'Loshaven / Port of Discharge',
  delivery: 'Plaats van aflevering / Place of Delivery',
  particulars: 'OPGAVE VAN DE VERLADER / PARTICULARS FURNISHED BY SHIPPER',
};

const frCargo = cargo('CMAU', [731_402, 733_518], { size: '40HC', seal: 'F', packages: '18 PALLETS' });
const deCargo = cargo('HLXU', [812_044, 812_907, 815_330], { size: '40HC', seal: 'HL' });
const esCargo = cargo('MRKU', [205_611], { size: '20GP', seal: 'ML-', packages: '960 CAJAS' });
const nlCargo = cargo('ONEU', [118_240, 119_004], { size: '45G1', seal: 'ONE', packages: '22 CRATES' });
const nvoccCargo = cargo('TCLU', [640_881, 641_226], { size: '40HC', seal: 'SL' });
const waybillCargo = cargo('BEAU', [455_013], { size: '40RH', seal: 'RF', packages: '1,540 CARTONS' });
const houseCargo = cargo('FFAU', [301_177, 302_945, 303_208, 304_711, 305_090], {
  size: '40HC',
  seal: 'EX',
});

/** A house bill: parties side by side, routing in a header row with its values below, a cargo table. */
function drawHouseBill(
  canvas: Canvas,
  house: {
    issuer: readonly string[];
    title: string;
    number: string;
    parties: ReadonlyArray<readonly [string, readonly string[]]>;
    routing: ReadonlyArray<readonly [string, string]>;
    cargo: readonly Cargo[];
    perPage: number;
  },
): void {
  canvas.lines(house.issuer, 40, 30, { size: 8 });
  canvas.text(house.title, 555, 30, { size: 13, bold: true, align: 'right' });
  canvas.text(`HB/L No. ${house.number}`, 555, 50, { size: 9, align: 'right' });
  const width = 515 / house.parties.length;
  house.parties.forEach(([label, lines], i) => {
    const x = 40 + i * width;
    canvas.box(x, 90, width, 82);
    canvas.text(label, x + 4, 94, { size: 7, bold: true });
    canvas.lines(lines, x + 4, 106, { size: 7.5 });
  });
  const step = 515 / house.routing.length;
  table(
    canvas,
    186,
    house.routing.map(([head], i) => ({ head, x: 42 + i * step })),
    [house.routing.map(([, value]) => value)],
    { size: 7.5, left: 40, right: 555, boxed: true },
  );
  const rows = house.cargo.map((c) => [c.container, c.size, c.seal, c.packages, c.weight]);
  const columns = [
    { head: 'Container', x: 42 },
    { head: 'Type', x: 150 },
    { head: 'Seal', x: 200 },
    { head: 'Packages', x: 300 },
    { head: 'Weight (KGS)', x: 553, align: 'right' as const },
  ];
  table(canvas, 236, columns, rows.slice(0, house.perPage), { left: 40, right: 555 });
  if (rows.length > house.perPage) {
    canvas.text('*** CONTINUED ON RIDER PAGE ***', 297, 520, { size: 8, bold: true, align: 'center' });
    canvas.newPage();
    canvas.text(`RIDER - HB/L No. ${house.number}`, 40, 40, { size: 10, bold: true });
    table(canvas, 70, columns, rows.slice(house.perPage), { left: 40, right: 555 });
  }
}

export const HELDOUT2_BILLS: readonly HeldoutDocument[] = [
  {
    name: 'bl-bilingual-french-boxes-spaced-containers',
    type: 'bill_of_lading',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) =>
      drawBoxBill(canvas, {
        carrier: 'CMA CGM',
        labels: FR,
        number: 'CMDU LHV1208834',
        shipper: ['SOCIÉTÉ NORMANDE DE CIDRES SAS', '12 RUE DU PORT', '76600 LE HAVRE, FRANCE'],
        consignee: ['MAPLE LEAF FINE FOODS INC.', '400 KING ST W', 'TORONTO ON M5V 1K4, CANADA'],
        notify: ['LIVINGSTON CUSTOMS BROKERS LTD', 'MONTREAL QC'],
        vessel: 'CMA CGM VELA',
        voyage: '0MX4RW1MA',
        receipt: 'ROUEN',
        pol: 'LE HAVRE',
        pod: 'MONTREAL',
        delivery: 'TORONTO',
        cargo: frCargo,
        containerStyle: 'spaced',
        goods: 'CIDRE EN BOUTEILLES / BOTTLED CIDER',
      }),
    fields: {
      bill_of_lading_number: 'CMDULHV1208834',
      shipper: 'SOCIÉTÉ NORMANDE DE CIDRES SAS',
      consignee: 'MAPLE LEAF FINE FOODS INC.',
      notify_party: 'LIVINGSTON CUSTOMS BROKERS LTD',
      vessel_name: 'CMA CGM VELA',
      voyage_number: '0MX4RW1MA',
      port_of_loading: port('Le Havre', 'FRLEH'),
      port_of_discharge: port('Montreal', 'CAMTR'),
      container_numbers: containersOf(frCargo),
      seal_numbers: sealsOf(frCargo),
      scac: 'CMDU',
    },
  },
  {
    name: 'bl-bilingual-german-boxes-check-digit-boxed',
    type: 'bill_of_lading',
    language: 'de',
    face: 'times',
    draw: (canvas) =>
      drawBoxBill(canvas, {
        carrier: 'HAPAG-LLOYD',
        labels: DE,
        number: 'HLCUHAM261104512',
        shipper: ['WESTFALIA MASCHINENBAU GMBH', 'INDUSTRIESTRASSE 40', '33330 GÜTERSLOH, GERMANY'],
        consignee: ['GULF COAST PUMP SYSTEMS LLC', '7700 HARRISBURG BLVD', 'HOUSTON TX 77011, USA'],
        notify: ['SAME AS CONSIGNEE'],
        vessel: 'BERLIN EXPRESS',
        voyage: '047W',
        receipt: 'GÜTERSLOH',
        pol: 'HAMBURG',
        pod: 'HOUSTON, TX',
        delivery: 'HOUSTON, TX',
        cargo: deCargo,
        containerStyle: 'boxed',
        goods: 'INDUSTRIAL PUMPS, PARTS',
      }),
    fields: {
      bill_of_lading_number: 'HLCUHAM261104512',
      shipper: 'WESTFALIA MASCHINENBAU GMBH',
      consignee: 'GULF COAST PUMP SYSTEMS LLC',
      vessel_name: 'BERLIN EXPRESS',
      voyage_number: '047W',
      port_of_loading: port('Hamburg', 'DEHAM'),
      port_of_discharge: port('Houston', 'USHOU'),
      container_numbers: containersOf(deCargo),
      seal_numbers: sealsOf(deCargo),
      scac: 'HLCU',
    },
  },
  {
    name: 'bl-spanish-embarcador-pod-abbreviation',
    type: 'bill_of_lading',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) =>
      drawBoxBill(canvas, {
        carrier: 'MAERSK',
        labels: ES,
        number: '262418807',
        shipper: ['CONSERVAS DEL CANTÁBRICO S.L.', 'POLÍGONO INDUSTRIAL RAOS 14', '39600 SANTANDER, ESPAÑA'],
        consignee: ['IMPORTADORA ANDINA LTDA.', 'CALLE 80 # 69-70', 'BOGOTÁ, COLOMBIA'],
        notify: ['AGENCIA DE ADUANAS SIACO S.A.S.', 'CARTAGENA'],
        vessel: 'MAERSK IOWA',
        voyage: '248W',
        receipt: 'SANTANDER',
        pol: 'BILBAO',
        pod: 'CARTAGENA, COLOMBIA',
        delivery: 'BOGOTÁ',
        cargo: esCargo,
        containerStyle: 'plain',
        goods: 'CONSERVAS DE PESCADO',
      }),
    fields: {
      bill_of_lading_number: '262418807',
      shipper: 'CONSERVAS DEL CANTÁBRICO S.L.',
      consignee: 'IMPORTADORA ANDINA LTDA.',
      notify_party: 'AGENCIA DE ADUANAS SIACO S.A.S.',
      vessel_name: 'MAERSK IOWA',
      voyage_number: '248W',
      port_of_loading: port('Bilbao', 'ESBIO'),
      port_of_discharge: port('Cartagena', 'COCTG'),
      container_numbers: containersOf(esCargo),
      seal_numbers: sealsOf(esCargo),
    },
  },
  {
    name: 'bl-dutch-verlader-loshaven-savannah',
    type: 'bill_of_lading',
    language: 'nl',
    face: 'courier',
    draw: (canvas) =>
      drawBoxBill(canvas, {
        carrier: 'OCEAN NETWORK EXPRESS',
        labels: NL,
        number: 'ONEYRTMC44871200',
        shipper: ['BLOEMENVEILING EXPORT HOLLAND B.V.', 'LEGMEERDIJK 313', '1431 GB AALSMEER'],
        consignee: ['PEACH STATE GARDEN SUPPLY INC.', '1200 INDUSTRIAL BLVD', 'ATLANTA GA 30318'],
        notify: ['SOUTHEASTERN CUSTOMS BROKERAGE LLC', 'SAVANNAH GA'],
        vessel: 'ONE HARMONY',
        voyage: '081W',
        receipt: 'AALSMEER',
        pol: 'ROTTERDAM',
        pod: 'SAVANNAH, GA',
        delivery: 'ATLANTA, GA',
        cargo: nlCargo,
        containerStyle: 'spaced',
        goods: 'GARDEN TOOLS AND PLANTERS',
      }),
    fields: {
      bill_of_lading_number: 'ONEYRTMC44871200',
      shipper: 'BLOEMENVEILING EXPORT HOLLAND B.V.',
      consignee: 'PEACH STATE GARDEN SUPPLY INC.',
      notify_party: 'SOUTHEASTERN CUSTOMS BROKERAGE LLC',
      vessel_name: 'ONE HARMONY',
      voyage_number: '081W',
      port_of_loading: port('Rotterdam', 'NLRTM'),
      port_of_discharge: port('Savannah', 'USSAV'),
      container_numbers: containersOf(nlCargo),
      seal_numbers: sealsOf(nlCargo),
      scac: 'ONEY',
    },
  },
  {
    name: 'sea-waybill-nvocc-colon-labels-vessel-voyage-one-value',
    type: 'bill_of_lading',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('PACIFIC BRIDGE LOGISTICS INC.', 306, 30, { size: 12, bold: true, align: 'center' });
      canvas.text('NVOCC FMC #024417  *  2100 E. 7TH ST, LONG BEACH CA 90804', 306, 46, {
        size: 7,
        align: 'center',
      });
      canvas.text('NON-NEGOTIABLE SEA WAYBILL', 306, 66, { size: 11, bold: true, align: 'center' });
      canvas.rule(30, 84, 552);
      const y = pairs(
        canvas,
        30,
        150,
        96,
        [
          ['SHIPPER/EXPORTER:', ['YANTIAN HOMEWARE MFG. CO., LTD.', 'BLDG 3, MINGZHU RD', 'SHENZHEN, CHINA']],
          ['CONSIGNEE:', ['WEST COAST HOME OUTLET INC.', '1550 ADAMS AVE', 'OAKLAND CA 94607']],
          ['NOTIFY PARTY:', ['BAYSIDE CUSTOMS BROKERS INC.', 'OAKLAND CA']],
        ],
        { size: 8 },
      );
      pairs(
        canvas,
        330,
        420,
        96,
        [
          ['WAYBILL NO.:', 'PBLSZX2611047'],
          ['BOOKING NO.:', 'SZX0088412'],
          ['VESSEL/VOY:', 'CMA CGM BENJAMIN FRANKLIN / 0TUF3E1MA'],
          ['POR:', 'SHENZHEN'],
          ['POL:', 'YANTIAN, CHINA'],
          ['POD:', 'OAKLAND, CA'],
          ['FPD:', 'OAKLAND, CA'],
          ['SCAC:', 'PBLQ'],
        ],
        { size: 8 },
      );
      canvas.rule(30, y + 14, 552);
      let at = y + 24;
      for (const c of nvoccCargo) {
        canvas.text(
          `CNTR/SEAL: ${c.container} / ${c.seal}   ${c.size}   ${c.packages}   ${c.weight} KGS`,
          30,
          at,
          {
            size: 8,
          },
        );
        at += 13;
      }
      canvas.text('SAID TO CONTAIN: CERAMIC DINNERWARE', 30, at + 8, { size: 8 });
      canvas.text('FREIGHT COLLECT', 30, at + 30, { size: 8, bold: true });
    },
    fields: {
      bill_of_lading_number: 'PBLSZX2611047',
      shipper: 'YANTIAN HOMEWARE MFG. CO., LTD.',
      consignee: 'WEST COAST HOME OUTLET INC.',
      notify_party: 'BAYSIDE CUSTOMS BROKERS INC.',
      vessel_name: 'CMA CGM BENJAMIN FRANKLIN',
      voyage_number: '0TUF3E1MA',
      port_of_loading: port('Yantian', 'CNYTN'),
      port_of_discharge: port('Oakland', 'USOAK'),
      container_numbers: containersOf(nvoccCargo),
      seal_numbers: sealsOf(nvoccCargo),
      scac: 'PBLQ',
    },
  },
  {
    name: 'sea-waybill-reefer-mv-vessel-norfolk',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('SEA WAYBILL', 40, 30, { size: 16, bold: true });
      canvas.text('Evergreen Line', 555, 30, { size: 11, bold: true, align: 'right' });
      canvas.text('Waybill Number', 555, 50, { size: 7, align: 'right' });
      canvas.text('EGLV142600381177', 555, 60, { size: 10, bold: true, align: 'right' });
      let y = 90;
      for (const [label, lines] of [
        ['SHIPPER', ['FRUTAS DEL SUR EXPORTADORA S.A.', 'AV. COSTANERA 1200, VALPARAISO, CHILE']],
        ['CONSIGNEE', ['ATLANTIC PRODUCE DISTRIBUTORS LLC', '400 TERMINAL BLVD, NORFOLK VA 23505']],
        ['NOTIFY PARTY', ['ATLANTIC PRODUCE DISTRIBUTORS LLC']],
      ] as const) {
        canvas.text(label, 40, y, { size: 7, bold: true });
        canvas.rule(40, y + 10, 250);
        y = canvas.lines(lines, 40, y + 14, { size: 8.5 }) + 10;
      }
      table(
        canvas,
        90,
        [
          { head: 'Vessel', x: 320 },
          { head: 'Voyage', x: 470 },
        ],
        [['M/V EVER LEADING', '1126-014N']],
        { left: 318, right: 555 },
      );
      table(
        canvas,
        130,
        [
          { head: 'Port of Loading', x: 320 },
          { head: 'Port of Discharge', x: 440 },
        ],
        [['SAN ANTONIO, CL', 'NORFOLK, VA']],
        { left: 318, right: 555 },
      );
      table(
        canvas,
        250,
        [
          { head: 'Container / Seal', x: 42 },
          { head: 'Packages', x: 240 },
          { head: 'Description', x: 320 },
          { head: 'Gross kg', x: 553, align: 'right' },
        ],
        waybillCargo.map((c) => [`${c.container} / ${c.seal}`, c.packages, 'FRESH GRAPES', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.text('Temperature set: -0.5 C   Ventilation: 15 CBM/H', 42, 320, { size: 8 });
      drawTermsPages(canvas, 1, 'EVERGREEN LINE - TERMS AND CONDITIONS OF THE SEA WAYBILL');
    },
    fields: {
      bill_of_lading_number: 'EGLV142600381177',
      shipper: 'FRUTAS DEL SUR EXPORTADORA S.A.',
      consignee: 'ATLANTIC PRODUCE DISTRIBUTORS LLC',
      notify_party: 'ATLANTIC PRODUCE DISTRIBUTORS LLC',
      vessel_name: 'EVER LEADING',
      voyage_number: '1126-014N',
      port_of_loading: port('San Antonio', 'CLSAI'),
      port_of_discharge: port('Norfolk', 'USORF'),
      container_numbers: containersOf(waybillCargo),
      seal_numbers: sealsOf(waybillCargo),
      scac: 'EGLV',
    },
  },
  {
    name: 'house-bill-routing-header-row-rider-page',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawHouseBill(canvas, {
        issuer: ['NORDIC FREIGHT FORWARDING A/S', 'Sydhavnsgade 4, 2450 Copenhagen, Denmark'],
        title: 'HOUSE BILL OF LADING',
        number: 'NFF-CPH-26-00917',
        parties: [
          ['Consignor', ['SCANDI DESIGN FURNITURE APS', 'INDUSTRIVEJ 8', '7400 HERNING, DENMARK']],
          ['Consignee', ['LOWCOUNTRY INTERIORS INC.', '35 MORRISON DR', 'CHARLESTON SC 29403']],
          ['Notify address', ['CAROLINA TRADE SERVICES LLC', 'N. CHARLESTON SC']],
        ],
        routing: [
          ['Place of Receipt', 'HERNING'],
          ['Port of Loading', 'AARHUS'],
          ['Vessel', 'MAERSK KENSINGTON'],
          ['Voyage', '246W'],
          ['Port of Discharge', 'CHARLESTON, SC'],
        ],
        cargo: houseCargo,
        perPage: 3,
      }),
    fields: {
      bill_of_lading_number: 'NFF-CPH-26-00917',
      shipper: 'SCANDI DESIGN FURNITURE APS',
      consignee: 'LOWCOUNTRY INTERIORS INC.',
      notify_party: 'CAROLINA TRADE SERVICES LLC',
      vessel_name: 'MAERSK KENSINGTON',
      voyage_number: '246W',
      port_of_loading: port('Aarhus', 'DKAAR'),
      port_of_discharge: port('Charleston', 'USCHS'),
      container_numbers: containersOf(houseCargo),
      seal_numbers: sealsOf(houseCargo),
    },
  },
];
