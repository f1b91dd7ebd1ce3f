import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { cornerLabelBox, glyphPairs, glyphs, tableScrambled, valueOverLabelBox } from './heldout5-draw.ts';

/**
 * Bills of lading of the fifth held-out set, each with a text layer unlike its page: a COSCO bill set one
 * glyph at a time under a letter-spaced title, an OOCL bill of sixteen containers whose table goes on
 * over a continuation sheet under a repeated header, an APL waybill whose right-hand column is written
 * before its left and whose table cells are scrambled, a Hamburg Süd bill with every value written over
 * its label in the box, a Peruvian forwarder's `Conocimiento de embarque` in Spanish only, an MSC bill
 * whose box labels sit in the boxes' top-right corners.
 */

const coscoNingbo = cargo('CSNU', [618_204, 618_771], { size: '40HC', seal: 'CS' });
const ooclXiamen = cargo(
  'OOLU',
  [
    710_052, 710_389, 710_644, 711_037, 711_402, 711_868, 712_215, 712_590, 712_943, 713_306, 713_751,
    714_128, 714_480, 714_902, 715_266, 715_631,
  ],
  { size: '40HC', seal: 'OOL' },
);
const aplLaem = cargo('APZU', [455_190, 455_603, 456_018], { size: '40HC', seal: 'APL' });
const sudSantos = cargo('SUDU', [803_417, 803_952], { size: '20DV', seal: 'HS' });
const peCallao = cargo('TGBU', [512_330], { size: '40HC', seal: 'PE' });
const mscMundra = cargo('MEDU', [771_024, 771_560], { size: '20DV', seal: 'FJ' });

const CLAUSE =
  'SHIPPED on board in apparent good order and condition, weight, measure, marks, numbers, quality, contents and value unknown, for carriage to the port of discharge, subject to the terms and conditions on the reverse hereof.';

export const HELDOUT5_BILLS: readonly HeldoutDocument[] = [
  {
    name: 'bl-cosco-single-glyph-text-letter-spaced-title-ningbo-tacoma',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      glyphs(canvas, 'COSCO SHIPPING LINES CO., LTD.', 40, 24, { size: 13, bold: true });
      glyphs(canvas, 'BILL OF LADING', 555, 28, { size: 12, bold: true, align: 'right' }, 3.5);
      glyphPairs(canvas, 330, 430, 60, [
        ['B/L No.', 'COSU6411872950'],
        ['Booking No.', '6411872950'],
        ['Export Ref.', 'NB-26-11-0448'],
      ]);
      glyphs(canvas, 'Shipper', 40, 60, { size: 7, bold: true });
      glyphs(canvas, 'ZHEJIANG EVERBRIGHT LIGHTING CO., LTD.', 40, 71, { size: 8.5 });
      glyphs(canvas, 'NO. 88 JIANGNAN ROAD, NINGBO, CHINA', 40, 82, { size: 8.5 });
      glyphs(canvas, 'Consignee', 40, 104, { size: 7, bold: true });
      glyphs(canvas, 'CASCADE HOME LIGHTING INC', 40, 115, { size: 8.5 });
      glyphs(canvas, '2202 PORT OF TACOMA RD, TACOMA WA 98421', 40, 126, { size: 8.5 });
      glyphs(canvas, 'Notify Party', 40, 148, { size: 7, bold: true });
      glyphs(canvas, 'PUGET SOUND CUSTOMS SERVICES LLC', 40, 159, { size: 8.5 });
      glyphPairs(canvas, 40, 140, 190, [
        ['Vessel', 'COSCO SHIPPING GEMINI'],
        ['Voyage No.', '047E'],
        ['Port of Loading', 'NINGBO'],
        ['Port of Discharge', 'TACOMA, WA'],
      ]);
      let y = 260;
      glyphs(canvas, 'Container No.      Seal No.      Type      Packages      Gross Weight', 40, y, {
        size: 7.5,
        bold: true,
      });
      for (const c of coscoNingbo) {
        y += 13;
        glyphs(canvas, c.container, 40, y, { size: 8 });
        glyphs(canvas, c.seal, 140, y, { size: 8 });
        glyphs(canvas, c.size, 215, y, { size: 8 });
        glyphs(canvas, '1,140 CTNS', 262, y, { size: 8 });
        glyphs(canvas, `${c.weight} KGS`, 345, y, { size: 8 });
      }
      canvas.paragraph(CLAUSE, 40, y + 30, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'COSU6411872950',
      shipper: 'ZHEJIANG EVERBRIGHT LIGHTING CO., LTD.',
      consignee: 'CASCADE HOME LIGHTING INC',
      notify_party: 'PUGET SOUND CUSTOMS SERVICES LLC',
      vessel_name: 'COSCO SHIPPING GEMINI',
      voyage_number: '047E',
      port_of_loading: port('Ningbo', 'CNNGB'),
      port_of_discharge: port('Tacoma', 'USTIW'),
      container_numbers: containersOf(coscoNingbo),
      seal_numbers: sealsOf(coscoNingbo),
      scac: 'COSU',
    },
  },
  {
    name: 'bl-oocl-sixteen-containers-continued-on-page-2-repeated-header-xiamen',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      const header = (page: number): void => {
        canvas.text('OOCL', 40, 24, { size: 18, bold: true });
        canvas.text('Orient Overseas Container Line Limited', 40, 44, { size: 7 });
        canvas.text(page === 1 ? 'BILL OF LADING' : 'BILL OF LADING - CONTINUATION SHEET', 555, 28, {
          size: 11,
          bold: true,
          align: 'right',
        });
        canvas.text(`B/L No.: OOLU2742260310    Page ${page} of 2`, 555, 44, { size: 8, align: 'right' });
      };
      const columns = [
        { head: 'Container No.', x: 42 },
        { head: 'Seal No.', x: 150 },
        { head: 'Type', x: 240 },
        { head: 'Packages', x: 300 },
        { head: 'Gross Weight (KGS)', x: 553, align: 'right' as const },
      ];
      const rows = ooclXiamen.map((c) => [c.container, c.seal, c.size, c.packages, c.weight]);
      header(1);
      stacked(canvas, 40, 66, 'SHIPPER', [
        'XIAMEN HARBOUR STONE INDUSTRY CO., LTD.',
        'HAICANG DISTRICT, XIAMEN',
      ]);
      stacked(canvas, 40, 108, 'CONSIGNEE', ['NORTHERN GRANITE SUPPLY LTD', '1200 BAY ST, TORONTO ON']);
      stacked(canvas, 40, 150, 'NOTIFY PARTY', ['SAME AS CONSIGNEE']);
      pairs(canvas, 320, 420, 66, [
        ['Vessel:', 'OOCL BRISBANE'],
        ['Voyage:', '083N'],
        ['Port of Loading:', 'XIAMEN'],
        ['Port of Discharge:', 'PRINCE RUPERT, BC'],
        ['Place of Delivery:', 'TORONTO RAIL RAMP'],
      ]);
      table(canvas, 196, columns, rows.slice(0, 10), { left: 40, right: 555 });
      canvas.text('CONTINUED ON PAGE 2', 300, 380, { size: 8, bold: true, align: 'center' });
      canvas.paragraph(CLAUSE, 40, 400, 515, 6);
      canvas.newPage();
      header(2);
      const bottom = table(canvas, 70, columns, rows.slice(10), { left: 40, right: 555 });
      canvas.text('TOTAL: 16 CONTAINERS', 42, bottom + 4, { size: 8, bold: true });
    },
    fields: {
      bill_of_lading_number: 'OOLU2742260310',
      shipper: 'XIAMEN HARBOUR STONE INDUSTRY CO., LTD.',
      consignee: 'NORTHERN GRANITE SUPPLY LTD',
      vessel_name: 'OOCL BRISBANE',
      voyage_number: '083N',
      port_of_loading: port('Xiamen', 'CNXMN'),
      port_of_discharge: port('Prince Rupert', 'CAPRR'),
      container_numbers: containersOf(ooclXiamen),
      seal_numbers: sealsOf(ooclXiamen),
      scac: 'OOLU',
    },
  },
  {
    name: 'sea-waybill-apl-right-column-first-scrambled-table-laem-chabang',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      // The right-hand column is written to the page first, then the left: content order is not reading order.
      pairs(canvas, 330, 440, 64, [
        ['Waybill No.', 'APLU774102836'],
        ['Vessel', 'APL SENTOSA'],
        ['Voyage', '0TN4KE1MA'],
        ['Port of Loading', 'LAEM CHABANG'],
        ['Port of Discharge', 'LOS ANGELES, CA'],
      ]);
      canvas.text('NON-NEGOTIABLE SEA WAYBILL', 572, 28, { size: 12, bold: true, align: 'right' });
      stacked(canvas, 40, 150, 'NOTIFY PARTY', ['SOCAL TRADE COMPLIANCE INC', 'LONG BEACH CA 90802']);
      stacked(canvas, 40, 108, 'CONSIGNEE', [
        'PACIFIC RIM RUBBER GOODS LLC',
        '1900 E DEL AMO BLVD, CARSON CA',
      ]);
      stacked(canvas, 40, 64, 'SHIPPER', ['SIAM LATEX GLOVE PUBLIC CO LTD', 'CHONBURI 20230 THAILAND']);
      canvas.text('APL', 40, 22, { size: 20, bold: true });
      tableScrambled(
        canvas,
        200,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'Size', x: 240 },
          { head: 'Pkgs', x: 300 },
          { head: 'Weight KG', x: 570, align: 'right' },
        ],
        aplLaem.map((c) => [c.container, c.seal, c.size, '1,800 CTNS', c.weight]),
        17,
        { left: 40, right: 572 },
      );
      canvas.paragraph(CLAUSE, 40, 280, 530, 6);
    },
    fields: {
      bill_of_lading_number: 'APLU774102836',
      shipper: 'SIAM LATEX GLOVE PUBLIC CO LTD',
      consignee: 'PACIFIC RIM RUBBER GOODS LLC',
      notify_party: 'SOCAL TRADE COMPLIANCE INC',
      vessel_name: 'APL SENTOSA',
      voyage_number: '0TN4KE1MA',
      port_of_loading: port('Laem Chabang', 'THLCH'),
      port_of_discharge: port('Los Angeles', 'USLAX'),
      container_numbers: containersOf(aplLaem),
      seal_numbers: sealsOf(aplLaem),
      scac: 'APLU',
    },
  },
  {
    name: 'bl-hamburg-sud-values-over-labels-in-boxes-santos-piraeus',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HAMBURG SÜD', 40, 22, { size: 15, bold: true });
      canvas.text('BILL OF LADING', 555, 26, { size: 12, bold: true, align: 'right' });
      valueOverLabelBox(canvas, 300, 50, 255, 30, 'B/L Number', ['SUDU26SSZ017743A']);
      valueOverLabelBox(canvas, 40, 50, 255, 52, 'Shipper', [
        'CAFE SERRA DO MAR EXPORTADORA LTDA',
        'SANTOS SP BRAZIL',
      ]);
      valueOverLabelBox(canvas, 40, 104, 255, 52, 'Consignee', [
        'HELLENIC COFFEE ROASTERS S.A.',
        'PIRAEUS 185 45 GREECE',
      ]);
      valueOverLabelBox(canvas, 40, 158, 255, 42, 'Notify Party', ['AEGEAN CUSTOMS AGENCY']);
      valueOverLabelBox(canvas, 300, 82, 170, 30, 'Vessel', ['CAP SAN LORENZO']);
      valueOverLabelBox(canvas, 472, 82, 83, 30, 'Voyage', ['649N']);
      valueOverLabelBox(canvas, 300, 114, 127, 30, 'Port of Loading', ['SANTOS']);
      valueOverLabelBox(canvas, 428, 114, 127, 30, 'Port of Discharge', ['PIRAEUS']);
      table(
        canvas,
        214,
        [
          { head: 'Container / Seal', x: 42 },
          { head: 'Packages', x: 250 },
          { head: 'Description', x: 330 },
          { head: 'Gross kg', x: 553, align: 'right' },
        ],
        sudSantos.map((c) => [`${c.container} / ${c.seal}`, '320 BAGS', 'GREEN COFFEE BEANS', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 280, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'SUDU26SSZ017743A',
      shipper: 'CAFE SERRA DO MAR EXPORTADORA LTDA',
      consignee: 'HELLENIC COFFEE ROASTERS S.A.',
      notify_party: 'AEGEAN CUSTOMS AGENCY',
      vessel_name: 'CAP SAN LORENZO',
      voyage_number: '649N',
      port_of_loading: port('Santos', 'BRSSZ'),
      port_of_discharge: port('Piraeus', 'GRPIR'),
      container_numbers: containersOf(sudSantos),
      seal_numbers: sealsOf(sudSantos),
      scac: 'SUDU',
    },
  },
  {
    name: 'conocimiento-de-embarque-spanish-only-forwarder-callao-valencia',
    type: 'bill_of_lading',
    language: 'es',
    face: 'times',
    draw: (canvas) => {
      canvas.text('ANDES CARGO LOGISTICS S.A.C.', 40, 24, { size: 13, bold: true });
      canvas.text('Agente de carga internacional - Lima, Perú', 40, 40, { size: 7.5 });
      canvas.text('CONOCIMIENTO DE EMBARQUE', 555, 28, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 56, [
        ['Conocimiento N°:', 'ACL-LIM-2611874'],
        ['Fecha de emisión:', '02/11/2026'],
      ]);
      stacked(canvas, 40, 70, 'EMBARCADOR', ['AGROEXPORTADORA DEL SUR S.A.C.', 'AV. ARGENTINA 2450, CALLAO']);
      stacked(canvas, 40, 112, 'CONSIGNATARIO', [
        'FRUTAS MEDITERRANEO S.L.',
        'CALLE DEL PUERTO 14, VALENCIA',
      ]);
      stacked(canvas, 40, 154, 'NOTIFICAR A', ['ADUANAS LEVANTE S.L.']);
      pairs(canvas, 330, 440, 100, [
        ['Buque:', 'MAERSK LABERINTO'],
        ['Viaje:', '645S'],
        ['Puerto de carga:', 'CALLAO'],
        ['Puerto de descarga:', 'VALENCIA'],
      ]);
      table(
        canvas,
        196,
        [
          { head: 'Contenedor', x: 42 },
          { head: 'Precinto', x: 150 },
          { head: 'Tipo', x: 240 },
          { head: 'Bultos', x: 290 },
          { head: 'Peso bruto (kg)', x: 553, align: 'right' },
        ],
        peCallao.map((c) => [
          c.container,
          c.seal,
          c.size,
          '1.920 CAJAS',
          c.weight.replace(',', '.').replace(/\.000$/, ',000'),
        ]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'Recibido a bordo en aparente buen estado y condición, salvo indicación en contrario, para su transporte al puerto de descarga, sujeto a las condiciones al dorso.',
        40,
        250,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'ACL-LIM-2611874',
      shipper: 'AGROEXPORTADORA DEL SUR S.A.C.',
      consignee: 'FRUTAS MEDITERRANEO S.L.',
      notify_party: 'ADUANAS LEVANTE S.L.',
      vessel_name: 'MAERSK LABERINTO',
      voyage_number: '645S',
      port_of_loading: port('Callao', 'PECLL'),
      port_of_discharge: port('Valencia', 'ESVLC'),
      container_numbers: containersOf(peCallao),
      seal_numbers: sealsOf(peCallao),
    },
  },
  {
    name: 'bl-msc-labels-in-box-top-right-corner-mundra-felixstowe',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('MSC Mediterranean Shipping Company S.A.', 40, 24, { size: 12, bold: true });
      canvas.text('BILL OF LADING No. MEDUMU812447', 555, 28, { size: 10, bold: true, align: 'right' });
      cornerLabelBox(canvas, 40, 50, 255, 46, 'SHIPPER', [
        'GUJARAT TEXTILE MILLS PVT LTD',
        'AHMEDABAD 380015 INDIA',
      ]);
      cornerLabelBox(canvas, 40, 98, 255, 46, 'CONSIGNEE', [
        'PENNINE HOME FURNISHINGS LTD',
        'BRADFORD BD1 1HY UK',
      ]);
      cornerLabelBox(canvas, 40, 146, 255, 40, 'NOTIFY PARTY', ['FELIX FREIGHT CLEARANCE LTD']);
      cornerLabelBox(canvas, 300, 50, 128, 30, 'VESSEL', ['MSC TINA']);
      cornerLabelBox(canvas, 430, 50, 125, 30, 'VOYAGE NO.', ['IS644W']);
      cornerLabelBox(canvas, 300, 82, 128, 30, 'PORT OF LOADING', ['MUNDRA']);
      cornerLabelBox(canvas, 430, 82, 125, 30, 'PORT OF DISCHARGE', ['FELIXSTOWE']);
      cornerLabelBox(canvas, 300, 114, 255, 30, 'PLACE OF DELIVERY', ['LEEDS INLAND PORT']);
      table(
        canvas,
        204,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 150 },
          { head: 'Packages', x: 250 },
          { head: 'Gross KGS', x: 553, align: 'right' },
        ],
        mscMundra.map((c) => [c.container, c.seal, '410 BALES', c.weight]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE, 40, 270, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'MEDUMU812447',
      shipper: 'GUJARAT TEXTILE MILLS PVT LTD',
      consignee: 'PENNINE HOME FURNISHINGS LTD',
      notify_party: 'FELIX FREIGHT CLEARANCE LTD',
      vessel_name: 'MSC TINA',
      voyage_number: 'IS644W',
      port_of_loading: port('Mundra', 'INMUN'),
      port_of_discharge: port('Felixstowe', 'GBFXT'),
      container_numbers: containersOf(mscMundra),
      seal_numbers: sealsOf(mscMundra),
      scac: 'MEDU',
    },
  },
];
