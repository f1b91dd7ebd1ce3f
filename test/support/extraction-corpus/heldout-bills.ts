import type { Canvas } from './heldout-canvas.ts';
import { drawTermsPages } from './heldout-terms.ts';

/**
 * Bills of lading as carriers and forwarders print them: a box form in two columns, each box titled in
 * small grey print ("(2) Shipper", "Consignee (not negotiable unless consigned to order)"), values in
 * capitals with addresses of several lines, a particulars table whose container lines read
 * "MSKU1234565 / 40HC / SEAL ML-1234567 / 1x40'", a continuation sheet when the containers do not fit and
 * pages of terms behind.
 */

export interface Cargo {
  container: string;
  /** As printed: "MSKU 123456-5", "MSKU1234565". */
  printed: string;
  size: string;
  seal: string;
  packages: string;
  weight: string;
}

export interface CarrierBill {
  carrier: readonly string[];
  title: readonly string[];
  numbered: boolean;
  labels: {
    shipper: string;
    consignee: string;
    notify: string;
    blNumber: string;
    vessel: string;
    voyage: string | null;
    pol: string;
    pod: string;
  };
  blNumber: string;
  booking: string;
  shipper: readonly string[];
  consignee: readonly string[];
  notify: readonly string[];
  forwarder: readonly string[];
  vessel: string;
  voyage: string;
  placeOfReceipt: string;
  pol: string;
  pod: string;
  placeOfDelivery: string;
  cargo: readonly Cargo[];
  /** How a container line reads in the particulars. */
  cargoStyle: 'slash' | 'stacked';
  goods: readonly string[];
  issuePlace: string;
  issueDate: string;
  onBoard: string;
  freight: ReadonlyArray<readonly [string, string]>;
  scacLine: string | null;
  termsPages: number;
}

const LEFT = 25;
const MID = 300;
const RIGHT = 570;
const CARGO_LINES_ON_FACE = 9;

function title(numbered: boolean, n: number, text: string): string {
  return numbered ? `(${n}) ${text}` : text;
}

function cargoLines(bill: CarrierBill): string[][] {
  return bill.cargo.map((c) =>
    bill.cargoStyle === 'slash'
      ? [`${c.printed} / ${c.size} / SEAL ${c.seal} / 1x${c.size.slice(0, 2)}'`, c.packages, c.weight]
      : [`${c.printed}  ${c.size}`, c.packages, c.weight],
  );
}

export function drawCarrierBill(canvas: Canvas, bill: CarrierBill): void {
  const n = bill.numbered;
  const l = bill.labels;
  canvas.text(bill.carrier[0] ?? '', RIGHT, 22, { size: 15, bold: true, align: 'right' });
  canvas.lines(bill.carrier.slice(1), RIGHT, 40, { size: 6, grey: true, align: 'right' });
  canvas.lines(bill.title, MID + 10, 62, { size: 9, bold: true });
  canvas.field(LEFT, 22, MID - LEFT, 78, title(n, 2, l.shipper), bill.shipper);
  canvas.field(MID, 86, (RIGHT - MID) / 2, 26, title(n, 5, l.blNumber), [bill.blNumber]);
  canvas.field(MID + (RIGHT - MID) / 2, 86, (RIGHT - MID) / 2, 26, 'Booking No.', [bill.booking]);
  canvas.field(LEFT, 100, MID - LEFT, 78, title(n, 3, l.consignee), bill.consignee);
  canvas.field(MID, 112, RIGHT - MID, 66, title(n, 6, 'Forwarding Agent / References'), bill.forwarder);
  canvas.field(LEFT, 178, MID - LEFT, 70, title(n, 4, l.notify), bill.notify);
  canvas.field(MID, 178, RIGHT - MID, 70, title(n, 7, 'Export references / Onward inland routing'), [
    'FMC NO. 019354',
    ...(bill.scacLine === null ? [] : [bill.scacLine]),
  ]);
  const quarter = (MID - LEFT) / 2;
  const half = (RIGHT - MID) / 2;
  if (l.voyage === null) {
    canvas.field(LEFT, 248, MID - LEFT, 28, title(n, 8, l.vessel), [`${bill.vessel}  ${bill.voyage}`]);
  } else {
    canvas.field(LEFT, 248, quarter, 28, title(n, 8, l.vessel), [bill.vessel]);
    canvas.field(LEFT + quarter, 248, quarter, 28, title(n, 9, l.voyage), [bill.voyage]);
  }
  canvas.field(MID, 248, half, 28, title(n, 10, 'Place of Receipt'), [bill.placeOfReceipt]);
  canvas.field(MID + half, 248, half, 28, 'Pre-carriage by', []);
  canvas.field(LEFT, 276, quarter, 28, title(n, 11, l.pol), [bill.pol]);
  canvas.field(LEFT + quarter, 276, quarter, 28, title(n, 12, l.pod), [bill.pod]);
  canvas.field(MID, 276, half, 28, title(n, 13, 'Place of Delivery'), [bill.placeOfDelivery]);
  canvas.field(MID + half, 276, half, 28, 'Number of original Bs/L', ['THREE (3)']);

  canvas.text('PARTICULARS FURNISHED BY SHIPPER - CARRIER NOT RESPONSIBLE', 297, 310, {
    size: 6,
    bold: true,
    align: 'center',
  });
  canvas.box(LEFT, 320, RIGHT - LEFT, 250);
  const heads: ReadonlyArray<readonly [string, number]> = [
    ['Container No. / Seal No. / Marks and Numbers', LEFT + 4],
    ['No. of Pkgs', 232],
    ['Kind of Packages; Description of Goods', 290],
    ['Gross Weight (kg)', 470],
  ];
  for (const [head, x] of heads) canvas.text(head, x, 323, { size: 5.5, grey: true });
  const lines = cargoLines(bill);
  const onFace = lines.length > CARGO_LINES_ON_FACE ? CARGO_LINES_ON_FACE - 1 : lines.length;
  let y = 336;
  canvas.lines(["SHIPPER'S LOAD, STOW, WEIGHT AND COUNT", 'SAID TO CONTAIN:', ...bill.goods], 290, y);
  for (const [index, [marks, packages, weight]] of lines.slice(0, onFace).entries()) {
    canvas.text(marks ?? '', LEFT + 4, y, { size: 7.5 });
    canvas.text(packages ?? '', 232, y, { size: 7.5 });
    canvas.text(weight ?? '', 530, y, { size: 7.5, align: 'right' });
    if (bill.cargoStyle === 'stacked') {
      const cargo = bill.cargo[index];
      canvas.text(`SEAL: ${cargo?.seal ?? ''}`, LEFT + 4, y + 9, { size: 7.5 });
      y += 9;
    }
    y += 11;
  }
  if (onFace < lines.length) {
    canvas.text('*** CONTINUED ON ATTACHED SHEET ***', LEFT + 4, y + 4, { size: 7.5, bold: true });
  }
  canvas.text(
    `Total No. of Containers received by the Carrier: ${bill.cargo.length} (${numberWords(bill.cargo.length)}) CONTAINER(S) ONLY`,
    LEFT + 4,
    556,
    { size: 7 },
  );

  canvas.field(LEFT, 576, MID - LEFT, 90, title(n, 14, 'Freight & Charges'), [
    ...bill.freight.map(([what, amount]) => `${what}   ${amount}   PREPAID`),
  ]);
  canvas.field(MID, 576, half, 30, 'Place and Date of Issue', [`${bill.issuePlace}  ${bill.issueDate}`]);
  canvas.field(MID + half, 576, half, 30, 'Shipped on Board Date', [bill.onBoard]);
  canvas.field(MID, 606, RIGHT - MID, 60, 'Signed for the Carrier', [
    `As Carrier: ${bill.carrier[0] ?? ''}`,
    'By its agent',
  ]);
  canvas.paragraph(
    'RECEIVED by the Carrier from the Shipper in apparent good order and condition unless otherwise noted herein the total number or quantity of Containers or other packages or units indicated in the box opposite entitled "Carrier\'s Receipt" for Carriage subject to all the terms and conditions hereof from the Place of Receipt or the Port of Loading, whichever is applicable, to the Port of Discharge or the Place of Delivery, whichever is applicable.',
    LEFT,
    680,
    RIGHT - LEFT,
    5.8,
  );

  if (onFace < lines.length) {
    canvas.newPage();
    canvas.text(`ATTACHED SHEET TO BILL OF LADING No. ${bill.blNumber}`, LEFT, 30, { size: 9, bold: true });
    canvas.text(`Vessel: ${bill.vessel}   Voyage: ${bill.voyage}`, LEFT, 44, { size: 7.5 });
    canvas.text('Container No. / Seal No. / Marks and Numbers', LEFT, 64, { size: 6, grey: true });
    canvas.text('Gross Weight (kg)', 530, 64, { size: 6, grey: true, align: 'right' });
    let next = 78;
    for (const [index, [marks, packages, weight]] of lines.slice(onFace).entries()) {
      const seal = bill.cargoStyle === 'stacked' ? `  SEAL: ${bill.cargo[onFace + index]?.seal ?? ''}` : '';
      canvas.text(`${marks ?? ''}${seal}`, LEFT, next, { size: 7.5 });
      canvas.text(packages ?? '', 300, next, { size: 7.5 });
      canvas.text(weight ?? '', 530, next, { size: 7.5, align: 'right' });
      next += 11;
    }
  }
  drawTermsPages(canvas, bill.termsPages, 'TERMS AND CONDITIONS OF CARRIAGE (CONTINUED FROM FRONT)');
}

function numberWords(count: number): string {
  const words = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];
  return words[count] ?? String(count);
}

export interface FiataBill {
  forwarder: readonly string[];
  number: string;
  reference: string;
  consignor: readonly string[];
  consignedTo: readonly string[];
  notify: readonly string[];
  placeOfReceipt: string;
  vesselVoyage: string;
  pol: string;
  pod: string;
  placeOfDelivery: string;
  cargo: readonly Cargo[];
  goods: readonly string[];
  issue: string;
  termsPages: number;
}

/** A forwarder's house bill on a FIATA-style form: different box titles, vessel and voyage in one box. */
export function drawFiataBill(canvas: Canvas, bill: FiataBill): void {
  canvas.field(LEFT, 22, MID - LEFT, 70, 'Consignor', bill.consignor);
  canvas.text('FBL', MID + 8, 26, { size: 14, bold: true });
  canvas.text(bill.number, RIGHT - 6, 26, { size: 10, bold: true, align: 'right' });
  canvas.text('No.', 470, 28, { size: 6, grey: true });
  canvas.lines(['NEGOTIABLE FIATA', 'MULTIMODAL TRANSPORT', 'BILL OF LADING'], MID + 8, 46, {
    size: 9,
    bold: true,
  });
  canvas.text('issued subject to UNCTAD/ICC Rules for Multimodal Transport Documents', MID + 8, 84, {
    size: 5.5,
  });
  canvas.field(LEFT, 92, MID - LEFT, 70, 'Consigned to order of', bill.consignedTo);
  canvas.field(MID, 100, RIGHT - MID, 62, 'Shipment reference no.', [bill.reference, '', ...bill.forwarder]);
  canvas.field(LEFT, 162, MID - LEFT, 62, 'Notify address', bill.notify);
  canvas.field(MID, 162, RIGHT - MID, 62, 'For delivery of goods please apply to', [
    'OUR AGENT AT DESTINATION',
    'SEE NOTIFY ADDRESS',
  ]);
  const half = (MID - LEFT) / 2;
  const rhalf = (RIGHT - MID) / 2;
  canvas.field(LEFT, 224, half, 26, 'Place of receipt', [bill.placeOfReceipt]);
  canvas.field(LEFT + half, 224, half, 26, 'Ocean vessel', [bill.vesselVoyage]);
  canvas.field(MID, 224, rhalf, 26, 'Port of loading', [bill.pol]);
  canvas.field(LEFT, 250, half, 26, 'Port of discharge', [bill.pod]);
  canvas.field(LEFT + half, 250, half, 26, 'Place of delivery', [bill.placeOfDelivery]);
  canvas.box(LEFT, 280, RIGHT - LEFT, 240);
  const heads: ReadonlyArray<readonly [string, number]> = [
    ['Marks and numbers', LEFT + 4],
    ['Number and kind of packages', 160],
    ['Description of goods', 270],
    ['Gross weight', 450],
    ['Measurement', 515],
  ];
  for (const [head, x] of heads) canvas.text(head, x, 283, { size: 5.5, grey: true });
  let y = 296;
  canvas.lines(bill.goods, 270, y);
  for (const cargo of bill.cargo) {
    canvas.lines([`CONTAINER: ${cargo.printed}`, `SEAL: ${cargo.seal}`], LEFT + 4, y, { size: 7.5 });
    canvas.text(cargo.packages, 160, y, { size: 7.5 });
    canvas.text(`${cargo.weight} KGS`, 450, y, { size: 7.5 });
    y += 24;
  }
  canvas.text('according to the declaration of the consignor', 297, 506, {
    size: 6,
    grey: true,
    align: 'center',
  });
  canvas.field(LEFT, 524, MID - LEFT, 36, 'Declaration of Interest of the consignor in timely delivery', []);
  canvas.field(MID, 524, RIGHT - MID, 36, 'Declared value for ad valorem rate', []);
  canvas.field(LEFT, 560, half, 30, 'Freight amount', ['AS ARRANGED']);
  canvas.field(LEFT + half, 560, half, 30, 'Freight payable at', ['DESTINATION']);
  canvas.field(MID, 560, RIGHT - MID, 30, 'Place and date of issue', [bill.issue]);
  canvas.field(LEFT, 590, MID - LEFT, 30, "Number of Original FBL's", ['3/THREE']);
  canvas.field(MID, 590, RIGHT - MID, 60, 'Stamp and signature', [
    'as Carrier',
    ...bill.forwarder.slice(0, 1),
  ]);
  drawTermsPages(
    canvas,
    bill.termsPages,
    'STANDARD CONDITIONS GOVERNING THE FIATA MULTIMODAL TRANSPORT BILL OF LADING',
  );
}
