import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { stacked, table } from './heldout2-draw.ts';
import { keyValueGrid, splitLabelPairs } from './heldout4-draw.ts';

/**
 * Bills of lading and delivery orders of the fourth held-out set: carriers' bills from lines the earlier
 * sets did not draw (ONE, HMM, ZIM, Yang Ming, PIL, Evergreen, Hapag-Lloyd), a bill of twelve containers
 * with seals and tare weights in a table, headers in a two-column key/value grid, labels broken over two
 * lines, French, Italian, Dutch and German box titles beside the English ones; delivery orders from
 * Wan Hai, a French `Bon à enlever`, an Italian `Ordine di consegna` and a US broker's order of eleven
 * containers.
 */

const oneTokyo = cargo(
  'ONEU',
  [
    204_118, 204_376, 205_002, 205_419, 206_033, 206_587, 207_120, 207_664, 208_091, 208_455, 209_310,
    209_802,
  ],
  { size: '40HC', seal: 'ONE' },
);
const hmmBusan = cargo('HMMU', [611_208, 611_945], { size: '40HC', seal: 'HMM' });
const zimHaifa = cargo('ZIMU', [133_870, 134_402, 134_991], { size: '20DV', seal: 'ZS' });
const ymKaohsiung = cargo('YMLU', [880_412], { size: '40HC', seal: 'YM' });
const pilSingapore = cargo('PCIU', [902_115, 902_660], { size: '40HC', seal: 'PIL' });
const eglvTaipei = cargo('EGHU', [912_004, 912_377, 913_058], { size: '40HC', seal: 'EMC' });
const nlHouse = cargo('TCNU', [455_871, 456_204], { size: '40HC', seal: 'NL' });
const hlHamburg = cargo('HLBU', [230_119, 230_870, 231_443, 232_017], { size: '40HC', seal: 'HLB' });
const whKlang = cargo('WHSU', [520_338, 520_791], { size: '40HC', seal: 'WH' });
const frHavre = cargo('CMAU', [717_602], { size: '40HC', seal: 'FR' });
const itSpezia = cargo('MSKU', [640_215, 640_733], { size: '20DV', seal: 'IT' });
const usSavannah = cargo(
  'TGHU',
  [331_020, 331_466, 331_907, 332_381, 332_845, 333_102, 333_690, 334_018, 334_577, 335_046, 335_513],
  { size: '40HC', seal: 'US' },
);

const CLAUSE =
  'RECEIVED by the Carrier from the Shipper in apparent good order and condition unless otherwise noted herein, the total number of containers or other packages or units indicated for carriage from the Port of Loading to the Port of Discharge, subject to the terms and conditions on the reverse.';

const tare = (i: number): string => `${(3_750 + (i % 3) * 40).toLocaleString('en-US')}`;

export const HELDOUT4_BILLS: readonly HeldoutDocument[] = [
  {
    name: 'bl-one-twelve-containers-seals-tare-grid-header',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('OCEAN NETWORK EXPRESS', 40, 26, { size: 14, bold: true });
      canvas.text('BILL OF LADING FOR OCEAN TRANSPORT OR MULTIMODAL TRANSPORT', 555, 30, {
        size: 8,
        bold: true,
        align: 'right',
      });
      keyValueGrid(
        canvas,
        40,
        50,
        [90, 170, 90, 165],
        [
          ['B/L No.', 'ONEYTYOG51738200', 'Booking No.', 'TYOG51738200'],
          ['Vessel', 'ONE HUMBER', 'Voyage No.', '072W'],
          ['Port of Loading', 'TOKYO, JAPAN', 'Port of Discharge', 'FELIXSTOWE, UK'],
          ['Place of Receipt', 'TOKYO CY', 'Place of Delivery', 'FELIXSTOWE CY'],
        ],
      );
      stacked(canvas, 40, 130, 'Shipper', [
        'NIHON PRECISION BEARINGS K.K.',
        '2-14-3 SHIBA, MINATO-KU',
        'TOKYO 105-0014 JAPAN',
      ]);
      stacked(canvas, 300, 130, 'Consignee', [
        'BRITANNIA MOTION PARTS LTD',
        'UNIT 7 ORWELL PARK',
        'IPSWICH IP3 9BF UK',
      ]);
      stacked(canvas, 40, 180, 'Notify Party', ['SAME AS CONSIGNEE']);
      table(
        canvas,
        212,
        [
          { head: 'Container No.', x: 42 },
          { head: 'Seal No.', x: 130 },
          { head: 'Type', x: 210 },
          { head: 'Pkgs', x: 280, align: 'right' },
          { head: 'Tare (kg)', x: 360, align: 'right' },
          { head: 'Gross (kg)', x: 450, align: 'right' },
          { head: 'CBM', x: 550, align: 'right' },
        ],
        oneTokyo.map((c, i) => [c.container, c.seal, '40HC', '22 PLT', tare(i), c.weight, '58.200']),
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL: 12 CONTAINERS / 264 PALLETS - BALL BEARINGS AND HOUSINGS HS 8482.10', 40, 430, {
        size: 8,
      });
      canvas.paragraph(CLAUSE, 40, 450, 515, 6);
      canvas.text('FREIGHT PREPAID', 40, 490, { size: 8, bold: true });
      canvas.text('Place and date of issue: TOKYO 24-NOV-26', 300, 490, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'ONEYTYOG51738200',
      shipper: 'NIHON PRECISION BEARINGS K.K.',
      consignee: 'BRITANNIA MOTION PARTS LTD',
      vessel_name: 'ONE HUMBER',
      voyage_number: '072W',
      port_of_loading: port('Tokyo', 'JPTYO'),
      port_of_discharge: port('Felixstowe', 'GBFXT'),
      container_numbers: containersOf(oneTokyo),
      seal_numbers: sealsOf(oneTokyo),
      scac: 'ONEY',
    },
  },
  {
    name: 'sea-waybill-hmm-labels-split-over-two-lines-busan',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('HMM', 40, 24, { size: 20, bold: true });
      canvas.text('HMM Co., Ltd. - 108 Yeoui-daero, Seoul, Korea', 40, 48, { size: 7 });
      canvas.text('SEA WAYBILL', 572, 28, { size: 13, bold: true, align: 'right' });
      canvas.text('(NON-NEGOTIABLE)', 572, 44, { size: 7, align: 'right' });
      splitLabelPairs(canvas, 40, 130, 72, [
        ['Waybill|Number', 'HDMUPUSA26904417'],
        ['Shipper /|Exporter', 'DAEWON AUTO COMPONENTS CO., LTD.'],
        ['Consignee', 'PEACHTREE AUTOMOTIVE SUPPLY LLC'],
        ['Notify|Party', 'SAVANNAH CUSTOMS BROKERAGE INC'],
      ]);
      splitLabelPairs(canvas, 340, 430, 72, [
        ['Ocean|Vessel', 'HMM GARNET'],
        ['Voyage|Number', '0047E'],
        ['Port of|Loading', 'BUSAN, KOREA'],
        ['Port of|Discharge', 'SAVANNAH, GA'],
      ]);
      table(
        canvas,
        200,
        [
          { head: 'Marks & Nos / Container / Seal', x: 42 },
          { head: 'Packages', x: 300 },
          { head: 'Description of goods', x: 370 },
          { head: 'Weight', x: 570, align: 'right' },
        ],
        hmmBusan.map((c) => [
          `${c.container} / ${c.seal}`,
          '18 PALLETS',
          'BRAKE CALIPERS',
          `${c.weight} KGS`,
        ]),
        { left: 40, right: 572 },
      );
      canvas.paragraph(CLAUSE, 40, 270, 530, 6.5);
      canvas.text('Shipped on board: 2026/11/06   Freight: PREPAID', 40, 310, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'HDMUPUSA26904417',
      shipper: 'DAEWON AUTO COMPONENTS CO., LTD.',
      consignee: 'PEACHTREE AUTOMOTIVE SUPPLY LLC',
      notify_party: 'SAVANNAH CUSTOMS BROKERAGE INC',
      vessel_name: 'HMM GARNET',
      voyage_number: '0047E',
      port_of_loading: port('Busan', 'KRPUS'),
      port_of_discharge: port('Savannah', 'USSAV'),
      container_numbers: containersOf(hmmBusan),
      seal_numbers: sealsOf(hmmBusan),
      scac: 'HDMU',
    },
  },
  {
    name: 'bl-zim-haifa-new-york-dates-dd-mon-yy',
    type: 'bill_of_lading',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('ZIM INTEGRATED SHIPPING SERVICES LTD.', 40, 26, { size: 11, bold: true });
      canvas.text('B/L NO. ZIMUHFA80412235', 555, 26, { size: 10, bold: true, align: 'right' });
      canvas.text('BILL OF LADING - ORIGINAL', 555, 40, { size: 9, align: 'right' });
      canvas.field(40, 60, 260, 52, 'SHIPPER', ['GALILEE OLIVE PRESS LTD', 'KIRYAT ATA 2803000 ISRAEL']);
      canvas.field(40, 112, 260, 52, 'CONSIGNEE', [
        'HUDSON MEDITERRANEAN FOODS CORP',
        'ELIZABETH NJ 07201 USA',
      ]);
      canvas.field(40, 164, 260, 52, 'NOTIFY PARTY', ['SAME AS CONSIGNEE']);
      canvas.field(300, 60, 255, 26, 'BOOKING NO.', ['HFA0412235']);
      canvas.field(300, 86, 255, 26, 'EXPORT REFERENCES', ['GOP-EXP-26-0311']);
      canvas.field(300, 112, 127, 26, 'OCEAN VESSEL', ['ZIM SAMMY OFER']);
      canvas.field(427, 112, 128, 26, 'VOY.', ['12/W']);
      canvas.field(300, 138, 127, 26, 'PORT OF LOADING', ['HAIFA']);
      canvas.field(427, 138, 128, 26, 'PORT OF DISCHARGE', ['NEW YORK, NY']);
      canvas.field(300, 164, 255, 26, 'ON BOARD DATE', ['08-NOV-26']);
      table(
        canvas,
        230,
        [
          { head: 'CNTR / SEAL', x: 42 },
          { head: 'QTY', x: 230 },
          { head: 'DESCRIPTION', x: 300 },
          { head: 'GROSS KG', x: 553, align: 'right' },
        ],
        zimHaifa.map((c) => [
          `${c.container} SEAL ${c.seal}`,
          '1,100 CTNS',
          'EXTRA VIRGIN OLIVE OIL',
          c.weight,
        ]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 300, 515, 6);
      canvas.text('FREIGHT COLLECT   ISSUED AT HAIFA 09-NOV-26', 40, 340, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'ZIMUHFA80412235',
      shipper: 'GALILEE OLIVE PRESS LTD',
      consignee: 'HUDSON MEDITERRANEAN FOODS CORP',
      vessel_name: 'ZIM SAMMY OFER',
      voyage_number: '12/W',
      port_of_loading: port('Haifa', 'ILHFA'),
      port_of_discharge: port('New York', 'USNYC'),
      container_numbers: containersOf(zimHaifa),
      seal_numbers: sealsOf(zimHaifa),
      scac: 'ZIMU',
    },
  },
  {
    name: 'bl-yang-ming-french-english-box-titles-le-havre',
    type: 'bill_of_lading',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('YANG MING MARINE TRANSPORT CORP.', 40, 26, { size: 12, bold: true });
      canvas.text('CONNAISSEMENT / BILL OF LADING', 555, 28, { size: 10, bold: true, align: 'right' });
      canvas.text('N° / No. YMLUE226041187', 555, 42, { size: 9, align: 'right' });
      canvas.field(40, 60, 260, 50, 'Chargeur / Shipper', [
        'FORMOSA BICYCLE WORKS CO., LTD.',
        'TAICHUNG, TAIWAN',
      ]);
      canvas.field(40, 110, 260, 50, 'Destinataire / Consignee', [
        'VELOS DE NORMANDIE SARL',
        '14 QUAI DE SAONE, 76600 LE HAVRE',
      ]);
      canvas.field(40, 160, 260, 50, 'Adresse de notification / Notify address', [
        'TRANSITAIRE OCEANE SAS',
        'LE HAVRE',
      ]);
      canvas.field(300, 60, 255, 25, 'Navire / Vessel', ['YM WELLNESS']);
      canvas.field(300, 85, 255, 25, 'Voyage', ['091W']);
      canvas.field(300, 110, 255, 25, 'Port de chargement / Port of loading', ['KAOHSIUNG']);
      canvas.field(300, 135, 255, 25, 'Port de déchargement / Port of discharge', ['LE HAVRE']);
      canvas.field(300, 160, 255, 50, 'Lieu de livraison / Place of delivery', ['PARIS (RAIL)']);
      table(
        canvas,
        222,
        [
          { head: 'Conteneur / Container', x: 42 },
          { head: 'Plomb / Seal', x: 170 },
          { head: 'Colis / Packages', x: 260 },
          { head: 'Poids brut / Gross weight', x: 553, align: 'right' },
        ],
        ymKaohsiung.map((c) => [c.container, c.seal, '210 CARTONS', `${c.weight} KG`]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 270, 515, 6);
      canvas.text('Fait à / Issued at KAOHSIUNG, le 24.11.2026', 40, 310, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'YMLUE226041187',
      shipper: 'FORMOSA BICYCLE WORKS CO., LTD.',
      consignee: 'VELOS DE NORMANDIE SARL',
      notify_party: 'TRANSITAIRE OCEANE SAS',
      vessel_name: 'YM WELLNESS',
      voyage_number: '091W',
      port_of_loading: port('Kaohsiung', 'TWKHH'),
      port_of_discharge: port('Le Havre', 'FRLEH'),
      container_numbers: containersOf(ymKaohsiung),
      seal_numbers: sealsOf(ymKaohsiung),
      scac: 'YMLU',
    },
  },
  {
    name: 'bl-pil-singapore-durban-grid-header',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('PACIFIC INTERNATIONAL LINES (PTE) LTD', 297, 24, {
        size: 12,
        bold: true,
        align: 'center',
      });
      canvas.text('BILL OF LADING', 297, 40, { size: 11, bold: true, align: 'center' });
      keyValueGrid(
        canvas,
        40,
        60,
        [95, 165, 95, 160],
        [
          ['Shipper', 'LION CITY PAPER MILLS PTE LTD', 'B/L Number', 'PCIUSIN260087731'],
          ['Consignee', 'ZULU PACKAGING (PTY) LTD', 'Vessel / Voyage', 'KOTA PUSAKA / 0126W'],
          ['Notify', 'DURBAN CLEARING AGENTS CC', 'Port of Loading', 'SINGAPORE'],
          ['Place of Receipt', 'JURONG', 'Port of Discharge', 'DURBAN'],
        ],
      );
      table(
        canvas,
        150,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'No. of pkgs', x: 240 },
          { head: 'Description', x: 320 },
          { head: 'Gross Wt', x: 553, align: 'right' },
        ],
        pilSingapore.map((c) => [c.container, c.seal, '36 REELS', 'KRAFT LINER BOARD', `${c.weight} KGS`]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 200, 515, 6);
      canvas.text(
        'Laden on board 2026/11/10 - Freight prepaid - Number of original B/Ls: THREE (3)',
        40,
        240,
        { size: 8 },
      );
    },
    fields: {
      bill_of_lading_number: 'PCIUSIN260087731',
      shipper: 'LION CITY PAPER MILLS PTE LTD',
      consignee: 'ZULU PACKAGING (PTY) LTD',
      notify_party: 'DURBAN CLEARING AGENTS CC',
      vessel_name: 'KOTA PUSAKA',
      voyage_number: '0126W',
      port_of_loading: port('Singapore', 'SGSIN'),
      port_of_discharge: port('Durban', 'ZADUR'),
      container_numbers: containersOf(pilSingapore),
      seal_numbers: sealsOf(pilSingapore),
      scac: 'PCIU',
    },
  },
  {
    name: 'bl-evergreen-italian-english-box-titles-genoa',
    type: 'bill_of_lading',
    language: 'it',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('EVERGREEN LINE', 40, 26, { size: 15, bold: true });
      canvas.text('POLIZZA DI CARICO / BILL OF LADING', 555, 28, { size: 10, bold: true, align: 'right' });
      canvas.field(300, 50, 255, 26, 'Numero polizza / B/L No.', ['EGLV142600418822']);
      canvas.field(40, 50, 260, 52, 'Caricatore / Shipper', [
        'TAIPEI SMART LIGHTING CORP',
        'NEW TAIPEI CITY, TAIWAN',
      ]);
      canvas.field(40, 102, 260, 52, 'Destinatario / Consignee', [
        'LUCE E DESIGN S.R.L.',
        'VIA POLCEVERA 21, 16161 GENOVA',
      ]);
      canvas.field(40, 154, 260, 40, 'Notificare a / Notify party', ['SPEDIZIONI LIGURI S.P.A.']);
      canvas.field(300, 76, 255, 26, 'Nave / Vessel', ['EVER GIFTED']);
      canvas.field(300, 102, 255, 26, 'Viaggio / Voyage', ['1184-052W']);
      canvas.field(300, 128, 255, 26, "Porto d'imbarco / Port of loading", ['TAIPEI']);
      canvas.field(300, 154, 255, 40, 'Porto di sbarco / Port of discharge', ['GENOVA']);
      table(
        canvas,
        206,
        [
          { head: 'Contenitore / Container', x: 42 },
          { head: 'Sigillo / Seal', x: 170 },
          { head: 'Colli / Pkgs', x: 270 },
          { head: 'Peso lordo / Gross kg', x: 553, align: 'right' },
        ],
        eglvTaipei.map((c) => [c.container, c.seal, '540 CTNS', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 280, 515, 6);
      canvas.text('Data di imbarco / Shipped on board: 24 novembre 2026', 40, 318, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'EGLV142600418822',
      shipper: 'TAIPEI SMART LIGHTING CORP',
      consignee: 'LUCE E DESIGN S.R.L.',
      notify_party: 'SPEDIZIONI LIGURI S.P.A.',
      vessel_name: 'EVER GIFTED',
      voyage_number: '1184-052W',
      port_of_loading: port('Taipei', 'TWTPE'),
      port_of_discharge: port('Genova', 'ITGOA'),
      container_numbers: containersOf(eglvTaipei),
      seal_numbers: sealsOf(eglvTaipei),
      scac: 'EGLV',
    },
  },
  {
    name: 'house-bill-dutch-forwarder-dutch-english-labels-rotterdam',
    type: 'bill_of_lading',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('VAN DER LINDEN FORWARDING B.V.', 40, 26, { size: 12, bold: true });
      canvas.text('Waalhaven Z.z. 19, 3089 JH Rotterdam', 40, 40, { size: 7 });
      canvas.text('CONNOSSEMENT / HOUSE BILL OF LADING', 555, 28, { size: 10, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        56,
        [110, 150, 110, 145],
        [
          ['Connossementnr. / HBL No.', 'VDL-RTM-2611-0392', 'Datum / Date', '24-11-2026'],
          ['Schip / Vessel', 'MAERSK EDMONTON', 'Reis / Voyage', '247W'],
          ['Laadhaven / Port of loading', 'ROTTERDAM', 'Loshaven / Port of discharge', 'MONTREAL'],
        ],
        7.5,
      );
      stacked(canvas, 40, 124, 'Afzender / Shipper', ['DELFT BLUE CERAMICS B.V.', 'DELFT, NEDERLAND']);
      stacked(canvas, 300, 124, 'Geadresseerde / Consignee', [
        'LAURENTIAN HOME DECOR INC',
        'LAVAL QC CANADA',
      ]);
      stacked(canvas, 40, 168, 'Kennisgeving aan / Notify', ['ST. LAWRENCE CUSTOMS BROKERS LTD']);
      table(
        canvas,
        204,
        [
          { head: 'Container / Zegel', x: 42 },
          { head: 'Colli', x: 250 },
          { head: 'Omschrijving / Description', x: 320 },
          { head: 'Bruto kg', x: 553, align: 'right' },
        ],
        nlHouse.map((c) => [`${c.container} / ${c.seal}`, '42 PALLETS', 'STONEWARE TABLEWARE', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 260, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'VDL-RTM-2611-0392',
      shipper: 'DELFT BLUE CERAMICS B.V.',
      consignee: 'LAURENTIAN HOME DECOR INC',
      notify_party: 'ST. LAWRENCE CUSTOMS BROKERS LTD',
      vessel_name: 'MAERSK EDMONTON',
      voyage_number: '247W',
      port_of_loading: port('Rotterdam', 'NLRTM'),
      port_of_discharge: port('Montreal', 'CAMTR'),
      container_numbers: containersOf(nlHouse),
      seal_numbers: sealsOf(nlHouse),
    },
  },
  {
    name: 'bl-hapag-german-english-box-titles-hamburg-houston',
    type: 'bill_of_lading',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.text('Hapag-Lloyd', 40, 24, { size: 18, bold: true });
      canvas.text('Konnossement / Bill of Lading', 555, 28, { size: 11, bold: true, align: 'right' });
      canvas.field(300, 50, 255, 26, 'Konnossement-Nr. / B/L No.', ['HLCUHAM2611077314']);
      canvas.field(40, 50, 260, 50, 'Ablader / Shipper', [
        'SCHWARZWALD MASCHINENBAU GMBH',
        'D-78050 VILLINGEN',
      ]);
      canvas.field(40, 100, 260, 50, 'Empfänger / Consignee', [
        'LONE STAR INDUSTRIAL EQUIPMENT LLC',
        'HOUSTON TX 77029',
      ]);
      canvas.field(40, 150, 260, 40, 'Meldeadresse / Notify address', ['GULF COAST CUSTOMS BROKERAGE']);
      canvas.field(300, 76, 127, 26, 'Schiff / Vessel', ['BERLIN EXPRESS']);
      canvas.field(427, 76, 128, 26, 'Reise / Voyage', ['2647W']);
      canvas.field(300, 102, 255, 26, 'Verladehafen / Port of loading', ['HAMBURG']);
      canvas.field(300, 128, 255, 26, 'Löschhafen / Port of discharge', ['HOUSTON, TX']);
      canvas.field(300, 154, 255, 36, 'An Bord / Shipped on board', ['12.11.2026']);
      table(
        canvas,
        200,
        [
          { head: 'Container-Nr.', x: 42 },
          { head: 'Plombe / Seal', x: 140 },
          { head: 'Tara', x: 250, align: 'right' },
          { head: 'Packstücke', x: 270 },
          { head: 'Bruttogewicht kg', x: 553, align: 'right' },
        ],
        hlHamburg.map((c, i) => [c.container, c.seal, tare(i), '6 KISTEN / CASES', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 290, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'HLCUHAM2611077314',
      shipper: 'SCHWARZWALD MASCHINENBAU GMBH',
      consignee: 'LONE STAR INDUSTRIAL EQUIPMENT LLC',
      notify_party: 'GULF COAST CUSTOMS BROKERAGE',
      vessel_name: 'BERLIN EXPRESS',
      voyage_number: '2647W',
      port_of_loading: port('Hamburg', 'DEHAM'),
      port_of_discharge: port('Houston', 'USHOU'),
      container_numbers: containersOf(hlHamburg),
      seal_numbers: sealsOf(hlHamburg),
      scac: 'HLCU',
    },
  },
  {
    name: 'delivery-order-wan-hai-port-klang-grid',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('WAN HAI LINES (M) SDN BHD', 40, 26, { size: 12, bold: true });
      canvas.text('DELIVERY ORDER', 555, 28, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        52,
        [95, 165, 95, 160],
        [
          ['D/O No.', 'WHLPKG-DO-2611-5530', 'Date', '24/11/2026'],
          ['B/L No.', 'WHLC026B554109', 'Vessel', 'WAN HAI 317'],
          ['Voyage', 'S192', 'Port of Discharge', 'PORT KLANG (WESTPORTS)'],
        ],
      );
      stacked(canvas, 40, 118, 'To: Westports Malaysia Sdn Bhd - please deliver to', [
        'SELANGOR FURNISHING TRADERS SDN BHD',
        'KLANG, SELANGOR',
      ]);
      table(
        canvas,
        160,
        [
          { head: 'Container', x: 42 },
          { head: 'Size', x: 160 },
          { head: 'Seal', x: 220 },
          { head: 'Free until', x: 400 },
        ],
        whKlang.map((c) => [c.container, '40HC', c.seal, '01/12/2026']),
        { left: 40, right: 555 },
      );
      canvas.text('Consignee: SELANGOR FURNISHING TRADERS SDN BHD', 40, 210, { size: 8 });
      canvas.text('Released against original B/L and payment of local charges.', 40, 224, { size: 7 });
    },
    fields: {
      delivery_order_number: 'WHLPKG-DO-2611-5530',
      bill_of_lading_number: 'WHLC026B554109',
      consignee: 'SELANGOR FURNISHING TRADERS SDN BHD',
      container_numbers: containersOf(whKlang),
      vessel_name: 'WAN HAI 317',
      port_of_discharge: port('Port Klang', 'MYPKG'),
    },
  },
  {
    name: 'bon-a-enlever-french-delivery-order-le-havre',
    type: 'delivery_order',
    language: 'fr',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CMA CGM AGENCES FRANCE', 40, 26, { size: 12, bold: true });
      canvas.text('BON A ENLEVER', 555, 28, { size: 14, bold: true, align: 'right' });
      canvas.text('N° BAE 76-2611-004418', 555, 46, { size: 9, align: 'right' });
      pairsFr(canvas);
      table(
        canvas,
        190,
        [
          { head: 'Conteneur', x: 42 },
          { head: 'Type', x: 160 },
          { head: 'Plomb', x: 220 },
          { head: 'Poids brut', x: 553, align: 'right' },
        ],
        frHavre.map((c) => [c.container, '40HC', c.seal, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
      canvas.text('Validité du bon: 03.12.2026. Enlèvement au terminal de France, Le Havre.', 40, 230, {
        size: 8,
      });
    },
    fields: {
      delivery_order_number: '76-2611-004418',
      bill_of_lading_number: 'CMDUSHZ2611803',
      consignee: 'ATELIERS DU MEUBLE NORMAND SA',
      container_numbers: containersOf(frHavre),
      vessel_name: 'CMA CGM TENERE',
      port_of_discharge: port('Le Havre', 'FRLEH'),
    },
  },
  {
    name: 'ordine-di-consegna-italian-delivery-order-la-spezia',
    type: 'delivery_order',
    language: 'it',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('AGENZIA MARITTIMA TIRRENO S.R.L.', 40, 26, { size: 11, bold: true });
      canvas.text('per conto di MSC Mediterranean Shipping Company', 40, 40, { size: 7 });
      canvas.text('ORDINE DI CONSEGNA', 555, 28, { size: 13, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        56,
        [100, 160, 100, 155],
        [
          ['Numero ordine', 'OC/SP/26/11/0921', 'Data', '24.11.2026'],
          ['Polizza di carico', 'MEDUIT418220', 'Nave', 'MSC ALINA'],
          ['Viaggio', 'IT546A', 'Porto di sbarco', 'LA SPEZIA'],
          ['Destinatario', 'CERAMICHE APUANE S.P.A.', 'Terminal', 'LSCT'],
        ],
        7.5,
      );
      table(
        canvas,
        140,
        [
          { head: 'Contenitore', x: 42 },
          { head: 'Tipo', x: 160 },
          { head: 'Sigillo', x: 220 },
          { head: 'Colli', x: 330 },
        ],
        itSpezia.map((c) => [c.container, '20DV', c.seal, '20 PALLET']),
        { left: 40, right: 555 },
      );
      canvas.text(
        'Si autorizza la consegna delle merci sopra indicate al portatore del presente ordine.',
        40,
        190,
        { size: 7.5 },
      );
    },
    fields: {
      delivery_order_number: 'OC/SP/26/11/0921',
      bill_of_lading_number: 'MEDUIT418220',
      consignee: 'CERAMICHE APUANE S.P.A.',
      container_numbers: containersOf(itSpezia),
      vessel_name: 'MSC ALINA',
      port_of_discharge: port('La Spezia', 'ITSPE'),
    },
  },
  {
    name: 'delivery-order-us-broker-eleven-containers-many-dates-savannah',
    type: 'delivery_order',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('PALMETTO CUSTOMS BROKERAGE, INC.', 40, 26, { size: 11, bold: true });
      canvas.text('Licensed U.S. Customs Broker - 22 West Bay St, Savannah GA 31401', 40, 40, { size: 7 });
      canvas.text('DELIVERY ORDER', 572, 26, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        40,
        56,
        [100, 170, 100, 162],
        [
          ['Delivery Order #', 'PCB-DO-118274', 'Date', 'Nov 24th, 2026'],
          ['Ocean B/L', 'COSU6420118833', 'Entry No.', '112-4471902-3'],
          ['Vessel', 'COSCO PRIDE', 'Voyage', '061E'],
          ['Port of Discharge', 'SAVANNAH, GA (GCT)', 'ETA', 'Nov 22nd, 2026'],
          ['Available', 'Nov 24th, 2026', 'Last Free Day', 'Nov 28th, 2026'],
        ],
        7.5,
      );
      stacked(canvas, 40, 150, 'DELIVER TO / CONSIGNEE', [
        'COASTAL HOME FURNISHINGS LLC',
        '1400 JIMMY DELOACH PKWY',
        'SAVANNAH GA 31407',
      ]);
      stacked(canvas, 330, 150, 'TRUCKER', ['LOWCOUNTRY DRAYAGE CO']);
      table(
        canvas,
        210,
        [
          { head: 'CONTAINER', x: 42 },
          { head: 'SIZE', x: 150 },
          { head: 'SEAL', x: 210 },
          { head: 'PCS', x: 330, align: 'right' },
          { head: 'WEIGHT LBS', x: 440, align: 'right' },
        ],
        usSavannah.map((c) => [c.container, '40HC', c.seal, '412', '31,420']),
        { left: 40, right: 572 },
      );
    },
    fields: {
      delivery_order_number: 'PCB-DO-118274',
      bill_of_lading_number: 'COSU6420118833',
      consignee: 'COASTAL HOME FURNISHINGS LLC',
      container_numbers: containersOf(usSavannah),
      vessel_name: 'COSCO PRIDE',
      port_of_discharge: port('Savannah', 'USSAV'),
    },
  },
];

/** The French order's header: French labels only, with a colon, down two columns. */
function pairsFr(canvas: Parameters<HeldoutDocument['draw']>[0]): void {
  const left: ReadonlyArray<readonly [string, string]> = [
    ['Connaissement :', 'CMDUSHZ2611803'],
    ['Navire :', 'CMA CGM TENERE'],
    ['Voyage :', '0FMA3W1MA'],
    ['Port de débarquement :', 'LE HAVRE'],
  ];
  const right: ReadonlyArray<readonly [string, string]> = [
    ['Destinataire :', 'ATELIERS DU MEUBLE NORMAND SA'],
    ["Date d'arrivée :", '22.11.2026'],
    ['Transitaire :', 'SEINE TRANSIT SARL'],
  ];
  left.forEach(([label, value], i) => {
    canvas.text(label, 40, 70 + i * 16, { size: 8.5, bold: true });
    canvas.text(value, 150, 70 + i * 16, { size: 8.5 });
  });
  right.forEach(([label, value], i) => {
    canvas.text(label, 300, 70 + i * 16, { size: 8.5, bold: true });
    canvas.text(value, 380, 70 + i * 16, { size: 8.5 });
  });
}
