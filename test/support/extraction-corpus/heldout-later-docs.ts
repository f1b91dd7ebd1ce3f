import { drawCarrierBill } from './heldout-bills.ts';
import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import {
  cargoRows,
  drawArrivalNotice,
  drawBookingConfirmation,
  drawDeliveryOrder,
} from './heldout-notices.ts';
import { drawExporterDocument, drawVatInvoice } from './heldout-trade.ts';

/**
 * The held-out set's second batch, written after the engine's rules for the first batch were settled and
 * scored once as they stood: a check that those rules hold on documents they were not written against.
 */

const coscoCargo = cargo('CSNU', [640_112, 641_950, 642_003, 647_881], { size: '40HQ', seal: 'H' });
const anCargo = cargo('MSMU', [480_221, 481_904], { size: '40HC' });
const plCargo = cargo('TGBU', [902_334]);
const doCargo = cargo('SEGU', [550_781, 551_006], { size: '20DV' });

export const HELDOUT_LATER: readonly HeldoutDocument[] = [
  {
    name: 'bl-box-titles-with-instructions',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawCarrierBill(canvas, {
        carrier: ['COSCO SHIPPING LINES', 'COSCO SHIPPING Lines Co., Ltd., 378 Dong Da Ming Road, Shanghai'],
        title: ['BILL OF LADING', 'ORIGINAL'],
        numbered: false,
        labels: {
          shipper: 'Shipper Insert Name, Address and Phone',
          consignee: 'Consignee Insert Name, Address and Phone',
          notify: 'Notify Party Insert Name, Address and Phone',
          blNumber: 'Bill of Lading No.',
          vessel: 'Ocean Vessel Voy. No.',
          voyage: null,
          pol: 'Port of Loading',
          pod: 'Port of Discharge',
        },
        blNumber: 'COSU6341875520',
        booking: '6341875520',
        shipper: [
          'QINGDAO OCEANSTAR RUBBER PRODUCTS CO., LTD.',
          'NO. 7 HUANGHE ROAD, HUANGDAO',
          'QINGDAO, CHINA',
        ],
        consignee: [
          'AUTOPARTES DEL PACIFICO S.A. DE C.V.',
          'AV. PUERTO INTERIOR 2200',
          'SILAO, GTO., MEXICO',
        ],
        notify: ['AGENCIA ADUANAL GARCIA Y ASOCIADOS S.C.', 'MANZANILLO, COLIMA'],
        forwarder: [],
        vessel: 'COSCO SHIPPING ROSE',
        voyage: '045E',
        placeOfReceipt: 'QINGDAO',
        pol: 'QINGDAO',
        pod: 'MANZANILLO, MEXICO',
        placeOfDelivery: 'SILAO',
        cargo: coscoCargo,
        cargoStyle: 'slash',
        goods: ['RUBBER HOSES AND FITTINGS'],
        issuePlace: 'QINGDAO',
        issueDate: '2022-12-03',
        onBoard: '2022-12-03',
        freight: [['OCEAN FREIGHT', 'AS ARRANGED']],
        scacLine: null,
        termsPages: 1,
      }),
    fields: {
      bill_of_lading_number: 'COSU6341875520',
      shipper: 'QINGDAO OCEANSTAR RUBBER PRODUCTS CO., LTD.',
      consignee: 'AUTOPARTES DEL PACIFICO S.A. DE C.V.',
      notify_party: 'AGENCIA ADUANAL GARCIA Y ASOCIADOS S.C.',
      vessel_name: 'COSCO SHIPPING ROSE',
      voyage_number: '045E',
      port_of_loading: port('Qingdao', 'CNTAO'),
      port_of_discharge: port('Manzanillo', 'MXZLO'),
      container_numbers: containersOf(coscoCargo),
      seal_numbers: sealsOf(coscoCargo),
      scac: 'COSU',
    },
  },
  {
    name: 'arrival-notice-and-invoice-inline-labels',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: [
          'HARBORVIEW FREIGHT SERVICES LLC',
          '90 West St, New York, NY 10006',
          'NVOCC FMC No. 031122',
        ],
        title: 'ARRIVAL NOTICE & INVOICE',
        letter: true,
        refs: [
          ['Master BL', 'MEDUQ1293344'],
          ['Invoice #', 'HFS-AN-10442'],
          ['Invoice Date', '12/01/2022'],
        ],
        parties: [
          ['Consignee', ['EMPIRE HOME GOODS CORP.', '55 WATER ST', 'BROOKLYN NY 11201']],
          ['Notify', ['EMPIRE HOME GOODS CORP.']],
        ],
        routing: [
          ['Vessel', 'MSC ARINA'],
          ['Voyage', 'QA248W'],
          ['Port of Discharge', 'NEWARK, NJ'],
          ['Final Destination', 'BROOKLYN, NY'],
        ],
        dates: [
          ['ETA Discharge Port', '12/09/2022'],
          ['Cargo Available', '12/12/2022'],
          ['Last Free Day', '12/16/2022'],
        ],
        containers: {
          header: ['Container#', 'Type', 'Seal#', 'Pieces', 'KGS'],
          rows: cargoRows(anCargo),
          firstPageRows: 10,
        },
        charges: [
          ['Ocean Freight', '4,100.00'],
          ['Document Fee', '65.00'],
        ],
        chargesTotal: ['Amount Due USD', '4,165.00'],
        remarks: [
          'Payment must be received before release. Storage charges after the last free day are for the account of the consignee.',
        ],
        termsPages: 1,
      }),
    fields: {
      bill_of_lading_number: 'MEDUQ1293344',
      container_numbers: containersOf(anCargo),
      vessel_name: 'MSC ARINA',
      voyage_number: 'QA248W',
      eta: '2022-12-09',
      port_of_discharge: port('Newark', 'USEWR'),
      last_free_day: '2022-12-16',
    },
  },
  {
    name: 'invoice-uk-supplier-tax-point-total-gbp',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawVatInvoice(canvas, {
        letterhead: [
          'Pennine Engineering Supplies Ltd',
          'Unit 9, Calder Park',
          'Wakefield WF2 7AW',
          'VAT Reg. No. GB 274 1188 05',
        ],
        senderLine: 'Pennine Engineering Supplies Ltd, Unit 9, Calder Park, Wakefield WF2 7AW',
        recipient: ['Thistle Marine Services Limited', 'Albert Quay', 'Aberdeen AB11 5QA'],
        info: [
          ['Invoice Number', 'INV-0041877'],
          ['Tax Point', '07/11/2022'],
          ['Account', 'THI001'],
          ['Your Order', 'TMS-PO-3310'],
        ],
        title: 'TAX INVOICE',
        items: {
          header: ['Code', 'Description', 'Qty', 'Unit £', 'Net £'],
          rows: [
            ['BRG-6204', 'Deep groove ball bearing 6204-2RS', '200', '3.95', '790.00'],
            ['SEAL-40', 'Oil seal 40x62x8', '150', '2.10', '315.00'],
          ],
        },
        totals: [
          ['Goods', '1,105.00'],
          ['VAT 20%', '221.00'],
          ['Total GBP', '1,326.00'],
        ],
        vat: { header: ['VAT Code', 'Rate', 'Net', 'VAT'], rows: [['S', '20%', '1,105.00', '221.00']] },
        terms: [
          'Payment due 30 days from invoice date. Title to goods remains with Pennine Engineering Supplies Ltd until paid in full.',
        ],
        footer: [['Registered in England No. 03318842'], ['Lloyds Bank  Sort 30-94-57  Acc 11822044']],
        termsPages: 0,
      }),
    fields: {
      invoice_number: 'INV-0041877',
      invoice_date: '2022-11-07',
      supplier_name: 'Pennine Engineering Supplies Ltd',
      total_amount: '1326.00',
      currency: 'GBP',
    },
  },
  {
    name: 'packing-list-exporter-pallets-totals-line',
    type: 'packing_list',
    language: 'en',
    face: 'courier',
    draw: (canvas) =>
      drawExporterDocument(canvas, {
        letterhead: [
          'ANATOLIA TEXTILE SANAYI VE TICARET A.S.',
          'ORGANIZE SANAYI BOLGESI 4. CAD. NO 12, BURSA, TURKEY',
        ],
        title: 'PACKING LIST',
        info: [
          ['PL NO:', 'ATX-2211-087'],
          ['DATE:', '21.11.2022'],
        ],
        parties: [['CONSIGNEE:', ['HOLLAND HOME TEXTILES B.V.', 'DE RUYTERKADE 5, AMSTERDAM']]],
        route: `CONTAINER: ${plCargo[0]?.printed ?? ''} / SEAL: ${plCargo[0]?.seal ?? ''}   FROM GEMLIK TO ROTTERDAM`,
        items: {
          header: ['PALLET', 'ARTICLE', 'PCS', 'NET KG', 'GROSS KG'],
          rows: [
            ['1-24', 'BATH TOWELS 70X140', '4,800', '8,640.00', '9,120.00'],
            ['25-48', 'HAND TOWELS 50X90', '7,200', '8,280.00', '8,760.00'],
          ],
        },
        totals: [
          'TOTAL PACKAGES: 48 PALLETS',
          'TOTAL NET WEIGHT: 16,920.00 KGS',
          'TOTAL GROSS WEIGHT: 17,880.00 KGS',
        ],
        footer: ['MADE IN TURKEY'],
        firstPageRows: 20,
      }),
    fields: {
      packing_list_number: 'ATX-2211-087',
      shipper: 'ANATOLIA TEXTILE SANAYI VE TICARET A.S.',
      consignee: 'HOLLAND HOME TEXTILES B.V.',
      container_numbers: containersOf(plCargo),
      package_count: 48,
      gross_weight_kg: '17880.00',
    },
  },
  {
    name: 'delivery-order-forwarder-release-number',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawDeliveryOrder(canvas, {
        letterhead: ['FELIX LOGISTICS (UK) LTD', 'Walton Avenue, Felixstowe IP11 3HH'],
        title: 'DELIVERY ORDER',
        numberCell: ['Release No.', 'FLX-DO-88213'],
        dateCell: ['Date Issued', '14 Dec 2022'],
        to: ['Haulier', ['EAST ANGLIA HAULAGE LTD']],
        parties: [
          ['Consignee', ['BRAMLEY KITCHENS LIMITED', '14 MILL LANE', 'LEEDS LS12 6AB']],
          ['Delivery Address', ['BRAMLEY KITCHENS WAREHOUSE', 'UNIT 3, RING ROAD, LEEDS']],
        ],
        refs: [
          ['Master B/L', 'MAEU224415609'],
          ['Customs Entry', '22GB0A1B2C3D4E5F6'],
        ],
        routing: [
          ['Vessel', 'MAERSK HIDALGO'],
          ['Port of Discharge', 'FELIXSTOWE'],
        ],
        containers: {
          header: ['Container', 'Size', 'Seal', 'Pkgs', 'Weight'],
          rows: cargoRows(doCargo),
          firstPageRows: 10,
        },
        instructions: [
          'Please collect from Trinity Terminal and deliver as above. Booking reference required at gate.',
        ],
      }),
    fields: {
      delivery_order_number: 'FLX-DO-88213',
      bill_of_lading_number: 'MAEU224415609',
      consignee: 'BRAMLEY KITCHENS LIMITED',
      container_numbers: containersOf(doCargo),
      vessel_name: 'MAERSK HIDALGO',
      port_of_discharge: port('Felixstowe', 'GBFXT'),
    },
  },
  {
    name: 'booking-confirmation-nvocc-routing-cells',
    type: 'booking_confirmation',
    language: 'en',
    face: 'courier',
    draw: (canvas) =>
      drawBookingConfirmation(canvas, {
        carrier: ['PACIFIC BRIDGE LINES LTD', 'NVOCC - 1 Harbour Road, Wan Chai, Hong Kong'],
        title: 'BOOKING CONFIRMATION',
        header: [
          ['Booking Ref', 'PBL22SHA09981'],
          ['Date', '15-Nov-2022'],
        ],
        parties: [['Shipper', ['SHANGHAI LUCKY STAR GARMENTS CO., LTD.', 'SONGJIANG, SHANGHAI']]],
        plan: null,
        routing: [
          ['Vessel/Voyage', 'OOCL GERMANY / 068W'],
          ['POL', 'SHANGHAI'],
          ['POD', 'HAMBURG'],
          ['ETD', '28-Nov-2022'],
        ],
        cutoffs: [
          ['CY Closing', '25-Nov-2022'],
          ['SI Cut-off', '24-Nov-2022'],
          ['ETA', '03-Jan-2023'],
        ],
        equipment: ['1 X 40HQ', 'GARMENTS'],
        remarks: [],
        termsPages: 0,
      }),
    fields: {
      booking_number: 'PBL22SHA09981',
      shipper: 'SHANGHAI LUCKY STAR GARMENTS CO., LTD.',
      vessel_name: 'OOCL GERMANY',
      voyage_number: '068W',
      port_of_loading: port('Shanghai', 'CNSHA'),
      port_of_discharge: port('Hamburg', 'DEHAM'),
      etd: '2022-11-28',
    },
  },
];
