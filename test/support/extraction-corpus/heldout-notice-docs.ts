import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import {
  cargoRows,
  drawArrivalNotice,
  drawBookingConfirmation,
  drawDeliveryOrder,
} from './heldout-notices.ts';

/** Held-out arrival notices, delivery orders and booking confirmations. */

const CONTAINER_HEADER = ['Container No.', 'Size/Type', 'Seal No.', 'Packages', 'Weight (KG)'];

const brokerCargo = cargo('MSKU', [612_870, 613_405, 618_002]);
const carrierCargo = cargo(
  'ONEU',
  [
    100_231, 100_877, 101_442, 102_019, 102_650, 103_118, 104_004, 104_555, 105_230, 105_871, 106_002,
    106_649, 107_313, 108_090,
  ],
);
const lfdCargo = cargo('TGBU', [552_190, 552_871], { size: '40DV' });
const monthCargo = cargo('CAIU', [730_442], { size: '20GP' });
const euCargo = cargo('HLBU', [901_772, 903_004], { size: '45G1' });
const doCargo = cargo('FFAU', [221_904, 223_118]);
const doCargo2 = cargo('BEAU', [440_120]);
const doCargo3 = cargo('MRKU', [318_552, 318_904], { size: '40HC' });

const BROKER = [
  'TRANSPACIFIC CUSTOMS & LOGISTICS, INC.',
  'Licensed U.S. Customs Broker - FMC OTI No. 024471NF',
  '19401 S Main St, Suite 200, Gardena, CA 90248  Tel (310) 555-0148',
];

export const HELDOUT_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'arrival-notice-us-broker-letter-grid',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: BROKER,
        title: 'ARRIVAL NOTICE',
        letter: true,
        refs: [
          ['Our File No.', 'LAX-I-22-08817'],
          ['B/L No.', 'MAEU221904566'],
          ['Customer Ref.', 'PO 88120'],
          ['IT No.', 'V1234598765'],
        ],
        parties: [
          ['Shipper', ['GUANGZHOU HOMESTYLE CO., LTD.', 'PANYU DISTRICT', 'GUANGZHOU, CHINA']],
          ['Consignee', ['WESTBROOK RETAIL GROUP INC.', '1200 INDUSTRY WAY', 'ONTARIO, CA 91761']],
          ['Notify', ['SAME AS CONSIGNEE']],
        ],
        routing: [
          ['Vessel / Voyage', 'MAERSK ESSEX / 246E'],
          ['Port of Loading', 'YANTIAN, CN'],
          ['Port of Discharge', 'LOS ANGELES, CA'],
          ['Place of Delivery', 'ONTARIO, CA'],
        ],
        dates: [
          ['ETD', '11/02/2022'],
          ['ETA', '11/21/2022'],
          ['Available Date', '11/23/2022'],
          ['Last Free Day', '11/28/2022'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(brokerCargo), firstPageRows: 10 },
        charges: [
          ['Ocean Freight (Collect)', '2,850.00'],
          ['Destination Delivery Charge', '495.00'],
          ['Customs Clearance Fee', '125.00'],
          ['ISF Filing', '35.00'],
        ],
        chargesTotal: ['TOTAL DUE USD', '3,505.00'],
        remarks: [
          'Please contact us at least 48 hours prior to the Last Free Day to arrange delivery. Demurrage and per diem charges will be billed at cost. Cargo will not be released until all charges are paid and original Bills of Lading are surrendered.',
        ],
        termsPages: 1,
      }),
    fields: {
      bill_of_lading_number: 'MAEU221904566',
      container_numbers: containersOf(brokerCargo),
      vessel_name: 'MAERSK ESSEX',
      voyage_number: '246E',
      eta: '2022-11-21',
      port_of_discharge: port('Los Angeles', 'USLAX'),
      last_free_day: '2022-11-28',
    },
  },
  {
    name: 'arrival-notice-freight-invoice-containers-page-two',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: [
          'OCEAN NETWORK EXPRESS (NORTH AMERICA) INC.',
          '8730 Stony Point Pkwy, Richmond, VA 23235',
        ],
        title: 'ARRIVAL NOTICE / FREIGHT INVOICE',
        letter: true,
        refs: [
          ['Bill of Lading No.', 'ONEYSH2AB7718400'],
          ['Booking No.', 'SH2AB7718400'],
          ['Invoice No.', 'USNYC22K118734'],
          ['Invoice Date', '11/14/2022'],
        ],
        parties: [
          ['Shipper', ['QINGDAO HAIXIN TYRE CO., LTD.', 'JIAOZHOU, QINGDAO', 'SHANDONG, CHINA']],
          ['Consignee', ['ROADMASTER TIRE DISTRIBUTORS LLC', '45 PORT JERSEY BLVD', 'JERSEY CITY NJ 07305']],
        ],
        routing: [
          ['Vessel', 'ONE MINATO'],
          ['Voyage', '062E'],
          ['Port of Loading', 'QINGDAO'],
          ['Port of Discharge', 'NEW YORK, NY'],
        ],
        dates: [
          ['Estimated Arrival', '11/30/2022'],
          ['Discharge Terminal', 'APM TERMINALS ELIZABETH'],
          ['Free Time Expires', '12/06/2022'],
          ['Invoice Due', '11/30/2022'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(carrierCargo), firstPageRows: 5 },
        charges: [
          ['OCEAN FREIGHT 14 X 40HC', '30,800.00'],
          ['BUNKER SURCHARGE', '8,120.00'],
          ['DESTINATION TERMINAL HANDLING', '5,250.00'],
        ],
        chargesTotal: ['TOTAL AMOUNT DUE USD', '44,170.00'],
        remarks: [
          'This notice is sent as a courtesy. The carrier assumes no liability for failure to notify. Free time is calculated from the date of discharge; containers not picked up by the date free time expires are subject to demurrage.',
        ],
        termsPages: 1,
      }),
    fields: {
      bill_of_lading_number: 'ONEYSH2AB7718400',
      container_numbers: containersOf(carrierCargo),
      vessel_name: 'ONE MINATO',
      voyage_number: '062E',
      eta: '2022-11-30',
      port_of_discharge: port('New York', 'USNYC'),
      last_free_day: '2022-12-06',
    },
  },
  {
    name: 'arrival-notice-lfd-abbreviation-day-month-year',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: ['GULF STAR CUSTOMS BROKERAGE LLC', '16225 Park Ten Place, Houston, TX 77084'],
        title: 'NOTICE OF ARRIVAL',
        letter: true,
        refs: [
          ['Ref #', 'HOU-88213'],
          ['BL#', 'HLCUBSC221003421'],
          ['Entry #', '112-4471290-3'],
        ],
        parties: [
          ['Shipper', ['SIAM POLYMER INDUSTRY CO., LTD.', 'RAYONG 21150, THAILAND']],
          ['Consignee', ['LONE STAR PACKAGING INC.', '7700 HARRISBURG BLVD', 'HOUSTON TX 77012']],
        ],
        routing: [
          ['Vessel/Voy', 'SEASPAN BEYOND / 2247W'],
          ['POL', 'LAEM CHABANG'],
          ['POD', 'HOUSTON, TX'],
        ],
        dates: [
          ['ETA', '05-DEC-22'],
          ['Discharged', '06-DEC-22'],
          ['LFD', '12-DEC-22'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(lfdCargo), firstPageRows: 10 },
        charges: [['Brokerage', '175.00']],
        chargesTotal: ['Total', '175.00'],
        remarks: ['Terminal: Barbours Cut. Please schedule appointment before LFD.'],
        termsPages: 0,
      }),
    fields: {
      bill_of_lading_number: 'HLCUBSC221003421',
      container_numbers: containersOf(lfdCargo),
      vessel_name: 'SEASPAN BEYOND',
      voyage_number: '2247W',
      eta: '2022-12-05',
      port_of_discharge: port('Houston', 'USHOU'),
      last_free_day: '2022-12-12',
    },
  },
  {
    name: 'arrival-notice-month-names-demurrage-date',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: ['ATLANTIC GATEWAY FORWARDING CORP.', '1 Port Way, Savannah, GA 31408'],
        title: 'ARRIVAL NOTICE',
        letter: true,
        refs: [
          ['Ocean B/L', 'COSU6338120450'],
          ['House B/L', 'AGF-SAV-22-3301'],
          ['Customer Ref', 'SO-55102'],
        ],
        parties: [
          ['Shipper', ['JIANGSU GREENFIELD SOLAR CO., LTD.', 'CHANGZHOU, JIANGSU, CHINA']],
          ['Consignee', ['PEACH STATE ENERGY SUPPLY LLC', '3300 LAKESIDE PKWY', 'ATLANTA, GA 30339']],
        ],
        routing: [
          ['Vessel', 'COSCO SHIPPING GEMINI'],
          ['Voyage No.', '048E'],
          ['Port of Discharge', 'SAVANNAH, GA'],
        ],
        dates: [
          ['ETA', 'Nov 28, 2022'],
          ['Last Free Day', 'Dec 5, 2022'],
          ['Demurrage Starts', 'Dec 6, 2022'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(monthCargo), firstPageRows: 10 },
        charges: [['Handling Fee', '85.00']],
        chargesTotal: ['Balance Due', '85.00'],
        remarks: [],
        termsPages: 0,
      }),
    fields: {
      bill_of_lading_number: 'COSU6338120450',
      container_numbers: containersOf(monthCargo),
      vessel_name: 'COSCO SHIPPING GEMINI',
      voyage_number: '048E',
      eta: '2022-11-28',
      port_of_discharge: port('Savannah', 'USSAV'),
      last_free_day: '2022-12-05',
    },
  },
  {
    name: 'arrival-notice-european-agent-free-time-until',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawArrivalNotice(canvas, {
        letterhead: [
          'Rhine Delta Shipping Agencies B.V.',
          'Waalhaven O.z. 80, 3087 BM Rotterdam, The Netherlands',
        ],
        title: 'ARRIVAL NOTIFICATION',
        letter: false,
        refs: [
          ['B/L number', 'HLCUBKK2210776'],
          ['Our reference', 'RDS/IMP/4471'],
        ],
        parties: [
          ['Shipper', ['THAI UNION CANNERY CO., LTD.', 'SAMUT SAKHON, THAILAND']],
          ['Consignee', ['NOORDZEE FOODS B.V.', 'VISSERIJKADE 12', '1976 AC IJMUIDEN']],
        ],
        routing: [
          ['Vessel', 'HAMBURG EXPRESS'],
          ['Voyage', '033W22'],
          ['Port of discharge', 'ROTTERDAM'],
          ['Terminal', 'ECT DELTA'],
        ],
        dates: [
          ['Expected arrival', '29.11.2022'],
          ['Free time until', '06.12.2022'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(euCargo), firstPageRows: 10 },
        charges: [['Terminal handling charge', 'EUR 560,00']],
        chargesTotal: ['Total', 'EUR 560,00'],
        remarks: ['Release only against original B/L or after confirmation of telex release.'],
        termsPages: 0,
      }),
    fields: {
      bill_of_lading_number: 'HLCUBKK2210776',
      container_numbers: containersOf(euCargo),
      vessel_name: 'HAMBURG EXPRESS',
      voyage_number: '033W22',
      eta: '2022-11-29',
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      last_free_day: '2022-12-06',
    },
  },
  {
    name: 'delivery-order-to-trucker',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) =>
      drawDeliveryOrder(canvas, {
        letterhead: BROKER,
        title: 'DELIVERY ORDER',
        numberCell: ['D/O No.', 'DO-LAX-771204'],
        dateCell: ['Date', '11/22/2022'],
        to: ['To (Trucker)', ['SOCAL DRAYAGE EXPRESS', '2100 E PACIFIC COAST HWY', 'WILMINGTON CA 90744']],
        parties: [
          ['Consignee', ['WESTBROOK RETAIL GROUP INC.', '1200 INDUSTRY WAY', 'ONTARIO, CA 91761']],
          ['Deliver To', ['WESTBROOK DC #4', '3900 E AIRPORT DR', 'ONTARIO, CA 91761']],
        ],
        refs: [
          ['B/L No.', 'MAEU221904566'],
          ['Our File No.', 'LAX-I-22-08817'],
          ['Pickup #', '55291'],
        ],
        routing: [
          ['Vessel / Voyage', 'MAERSK ESSEX / 246E'],
          ['Port of Discharge', 'LOS ANGELES, CA'],
          ['Pick up at', 'APM TERMINALS PIER 400'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(doCargo), firstPageRows: 10 },
        instructions: [
          'Please deliver the above containers to the consignee. Call 24 hrs before delivery. Return empties to the terminal by the last free day.',
        ],
      }),
    fields: {
      delivery_order_number: 'DO-LAX-771204',
      bill_of_lading_number: 'MAEU221904566',
      consignee: 'WESTBROOK RETAIL GROUP INC.',
      container_numbers: containersOf(doCargo),
      vessel_name: 'MAERSK ESSEX',
      port_of_discharge: port('Los Angeles', 'USLAX'),
    },
  },
  {
    name: 'delivery-order-carrier-release',
    type: 'delivery_order',
    language: 'en',
    face: 'times',
    draw: (canvas) =>
      drawDeliveryOrder(canvas, {
        letterhead: ['BELGIAN LINE AGENCIES N.V.', 'Noorderlaan 147, 2030 Antwerpen, Belgium'],
        title: 'DELIVERY ORDER / RELEASE NOTE',
        numberCell: ['Delivery Order Number', '2022/ANR/009184'],
        dateCell: ['Issued', '02.12.2022'],
        to: ['To the terminal operator', ['MPET - MSC PSA EUROPEAN TERMINAL', 'DEURGANCKDOK, KAI 1742']],
        parties: [
          ['Consignee', ['BRABANT CHEMICALS N.V.', 'HAVEN 1053', '9130 KALLO']],
          ['Released to', ['TRANSPORT VAN DAELE BVBA']],
        ],
        refs: [
          ['Bill of Lading', 'MEDUAN7712045'],
          ['Customs document', '22BE000112345671'],
        ],
        routing: [
          ['Vessel', 'MSC LORETO'],
          ['Voyage', 'FL247E'],
          ['Port of discharge', 'ANTWERP'],
        ],
        containers: { header: CONTAINER_HEADER, rows: cargoRows(doCargo2), firstPageRows: 10 },
        instructions: ['Valid until 16.12.2022. Release subject to payment of all charges.'],
      }),
    fields: {
      delivery_order_number: '2022/ANR/009184',
      bill_of_lading_number: 'MEDUAN7712045',
      consignee: 'BRABANT CHEMICALS N.V.',
      container_numbers: containersOf(doCargo2),
      vessel_name: 'MSC LORETO',
      port_of_discharge: port('Antwerp', 'BEANR'),
    },
  },
  {
    name: 'delivery-order-spanish-orden-de-entrega',
    type: 'delivery_order',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) =>
      drawDeliveryOrder(canvas, {
        letterhead: [
          'CONSIGNACIONES MARITIMAS DEL SUR S.A.',
          'Muelle de Isla Verde s/n, 11207 Algeciras (Cadiz)',
        ],
        title: 'ORDEN DE ENTREGA',
        numberCell: ['Nº Orden de entrega', 'OE-22-04471'],
        dateCell: ['Fecha', '05/12/2022'],
        to: ['A la terminal', ['APM TERMINALS ALGECIRAS']],
        parties: [
          [
            'Consignatario',
            [
              'ACEITES DEL GUADALQUIVIR S.L.',
              'POL. IND. LA ISLA, C/ RIO VIEJO 8',
              '41703 DOS HERMANAS (SEVILLA)',
            ],
          ],
          ['Transportista', ['TRANSPORTES HERMANOS RUIZ S.L.']],
        ],
        refs: [
          ['Conocimiento de embarque', 'MAEU223001245'],
          ['DUA', '22ES00411200445188'],
        ],
        routing: [
          ['Buque', 'MAERSK KENTUCKY'],
          ['Viaje', '248S'],
          ['Puerto de descarga', 'ALGECIRAS'],
        ],
        containers: {
          header: ['Contenedor', 'Tipo', 'Precinto', 'Bultos', 'Peso (kg)'],
          rows: cargoRows(doCargo3),
          firstPageRows: 10,
        },
        instructions: [
          'Entregar los contenedores indicados al transportista autorizado previa presentacion de esta orden.',
        ],
      }),
    fields: {
      delivery_order_number: 'OE-22-04471',
      bill_of_lading_number: 'MAEU223001245',
      consignee: 'ACEITES DEL GUADALQUIVIR S.L.',
      container_numbers: containersOf(doCargo3),
      vessel_name: 'MAERSK KENTUCKY',
      port_of_discharge: port('Algeciras', 'ESALG'),
    },
  },
  {
    name: 'booking-confirmation-transport-plan-table',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawBookingConfirmation(canvas, {
        carrier: ['Hapag-Lloyd', 'Hapag-Lloyd AG, Ballindamm 25, 20095 Hamburg'],
        title: 'BOOKING CONFIRMATION',
        header: [
          ['Booking No.', '27194553'],
          ['Booking Date', '02-Nov-2022'],
          ['Contract No.', 'S22HAM0412'],
          ['Our Reference', 'HAM-EXP-5567'],
        ],
        parties: [
          ['Shipper', ['BAVARIA AUTOTEILE GMBH', 'INDUSTRIESTRASSE 8', '85051 INGOLSTADT']],
          ['Booking Party', ['ELBE FREIGHT SERVICES GMBH', 'HAMBURG']],
        ],
        plan: {
          header: ['Vessel', 'Voyage', 'Port of Loading', 'Port of Discharge', 'ETD', 'ETA'],
          rows: [['ESSEN EXPRESS', '051E', 'HAMBURG', 'SINGAPORE', '18-Nov-2022', '19-Dec-2022']],
        },
        routing: [],
        cutoffs: [
          ['Documentation Cut-off', '14-Nov-2022 12:00'],
          ['VGM Cut-off', '15-Nov-2022 12:00'],
          ['FCL Delivery Cut-off', '16-Nov-2022 06:00'],
        ],
        equipment: ["2 x 40' HIGH CUBE", 'Commodity: AUTOMOTIVE PARTS', 'Empty pick-up: EUROGATE HAMBURG'],
        remarks: [
          'All cargo must be delivered before the FCL delivery cut-off. VGM must be submitted electronically.',
        ],
        termsPages: 1,
      }),
    fields: {
      booking_number: '27194553',
      shipper: 'BAVARIA AUTOTEILE GMBH',
      vessel_name: 'ESSEN EXPRESS',
      voyage_number: '051E',
      port_of_loading: port('Hamburg', 'DEHAM'),
      port_of_discharge: port('Singapore', 'SGSIN'),
      etd: '2022-11-18',
    },
  },
  {
    name: 'booking-confirmation-cells-many-dates',
    type: 'booking_confirmation',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) =>
      drawBookingConfirmation(canvas, {
        carrier: ['ZIM Integrated Shipping Services Ltd.', '9 Andrei Sakharov St., Haifa, Israel'],
        title: 'BOOKING CONFIRMATION',
        header: [
          ['Booking Number', 'ZIMUSAV8123401'],
          ['Issue Date', 'November 7, 2022'],
        ],
        parties: [
          ['Shipper', ['CAROLINA COTTON EXPORTS INC.', '200 MILL ST', 'GREENVILLE SC 29601']],
          ['Forwarder', ['SOUTHERN STAR LOGISTICS']],
        ],
        plan: null,
        routing: [
          ['Vessel / Voyage', 'ZIM KINGSTON / 12E'],
          ['Port of Loading', 'CHARLESTON, SC'],
          ['Port of Discharge', 'CHENNAI, INDIA'],
          ['Estimated Departure', 'November 21, 2022'],
        ],
        cutoffs: [
          ['Doc Cut-off', 'November 16, 2022'],
          ['Port Cut-off', 'November 18, 2022'],
          ['ETA', 'December 30, 2022'],
        ],
        equipment: ["3 x 40' DRY", 'COTTON BALES'],
        remarks: [],
        termsPages: 0,
      }),
    fields: {
      booking_number: 'ZIMUSAV8123401',
      shipper: 'CAROLINA COTTON EXPORTS INC.',
      vessel_name: 'ZIM KINGSTON',
      voyage_number: '12E',
      port_of_loading: port('Charleston', 'USCHS'),
      port_of_discharge: port('Chennai', 'INMAA'),
      etd: '2022-11-21',
    },
  },
  {
    name: 'booking-confirmation-german-buchungsbestaetigung',
    type: 'booking_confirmation',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) =>
      drawBookingConfirmation(canvas, {
        carrier: ['Nordsee Container Linie GmbH', 'Am Kaiserkai 10, 20457 Hamburg'],
        title: 'Buchungsbestätigung',
        header: [
          ['Buchungsnummer', 'NCL-2211-3087'],
          ['Datum', '03.11.2022'],
        ],
        parties: [
          ['Versender', ['Schwarzwald Präzision GmbH', 'Talstraße 21', '78112 St. Georgen']],
          ['Empfänger', ['Nordic Precision A/S', 'Aarhus, Dänemark']],
        ],
        plan: null,
        routing: [
          ['Schiff', 'ELBE TRADER'],
          ['Reise', '0447N'],
          ['Ladehafen', 'Bremerhaven'],
          ['Löschhafen', 'Gdansk'],
        ],
        cutoffs: [
          ['Ladeschluss', '17.11.2022'],
          ['Abfahrt (ETD)', '19.11.2022'],
          ['Ankunft (ETA)', '22.11.2022'],
        ],
        equipment: ["1 x 20' Standard", 'Maschinenteile'],
        remarks: [],
        termsPages: 0,
      }),
    fields: {
      booking_number: 'NCL-2211-3087',
      shipper: 'Schwarzwald Präzision GmbH',
      vessel_name: 'ELBE TRADER',
      voyage_number: '0447N',
      port_of_loading: port('Bremerhaven', 'DEBRV'),
      port_of_discharge: port('Gdansk', 'PLGDN'),
      etd: '2022-11-19',
    },
  },
];
