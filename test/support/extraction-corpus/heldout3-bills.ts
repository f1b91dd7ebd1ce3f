import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { capsRow, tableByColumns, valueAbove } from './heldout3-draw.ts';

/**
 * Bills of lading, sea waybills and delivery orders of the third held-out set: a Ningbo forwarder's house
 * bill with capital labels and no colons, a waybill whose values sit above their captions, a master bill
 * whose containers continue on a rider page, Brazilian and Mexican bilingual forms, a routing row written
 * a column at a time, an Indian multimodal transport document, and releases in capitals and Portuguese.
 */

const hbNingbo = cargo('TCNU', [381_207, 381_955], { size: '40HC', seal: 'NB' });
const swAbove = cargo('CMAU', [552_018], { size: '40HC', seal: 'F' });
const blRider = cargo('MRKU', [110_402, 110_977, 111_350, 112_004, 112_561], { size: '40DV', seal: 'ML-' });
const blSantos = cargo('HLBU', [204_515, 205_119], { size: '20DV', seal: 'HL' });
const blMexico = cargo('ONEU', [660_121], { size: '40HC', seal: 'ON' });
const swRouting = cargo('EGHU', [930_644, 931_208], { size: '40HC', seal: 'EMC' });
const mtdIndia = cargo('TRHU', [733_580], { size: '20GP', seal: 'SL' });
const doCaps = cargo('BMOU', [478_033, 478_590, 479_102], { size: '40HC' });
const doSantos = cargo('MSCU', [845_260], { size: '40RF' });
const doRelease = cargo('FFAU', [127_744, 128_015], { size: '40HC' });

const CLAUSE =
  'RECEIVED by the Carrier the Goods as specified above in apparent good order and condition unless otherwise stated, to be transported to such place as agreed, authorised or permitted herein and subject to all the terms and conditions appearing on the front and reverse of this Bill of Lading.';

export const HELDOUT3_BILLS: readonly HeldoutDocument[] = [
  {
    name: 'house-bill-ningbo-forwarder-capital-labels-no-colons',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('NINGBO OCEANLINK INTERNATIONAL LOGISTICS CO., LTD', 297, 28, {
        size: 11,
        bold: true,
        align: 'center',
      });
      canvas.text('Room 1806, Tower B, 555 Jiangdong North Road, Ningbo, Zhejiang, China', 297, 42, {
        size: 6.5,
        align: 'center',
      });
      canvas.text('BILL OF LADING', 297, 58, { size: 13, bold: true, align: 'center' });
      canvas.text('B/L NO', 420, 80, { size: 7, bold: true });
      canvas.text('NBOL26110874', 420, 91, { size: 10, bold: true });
      stacked(canvas, 40, 80, 'SHIPPER', [
        'ZHEJIANG HUAMEI HOUSEWARES CO LTD',
        'NO 88 XINGNING ROAD YINZHOU DISTRICT',
        'NINGBO CHINA',
      ]);
      stacked(canvas, 40, 135, 'CONSIGNEE', ['TO THE ORDER OF', 'BANCO SABADELL SA']);
      stacked(canvas, 40, 180, 'NOTIFY PARTY', [
        'CASA NOVA HOGAR SL',
        'POLIGONO INDUSTRIAL EL OLIVERAL C/ U 12',
        '46394 RIBARROJA DEL TURIA VALENCIA SPAIN',
      ]);
      stacked(canvas, 330, 135, 'DELIVERY AGENT', ['OCEANLINK IBERIA SL', 'AV. DEL PUERTO 332 VALENCIA']);
      capsRow(canvas, 240, [
        ['PLACE OF RECEIPT', 'NINGBO CFS', 40],
        ['PORT OF LOADING', 'NINGBO', 170],
        ['OCEAN VESSEL VOY NO', 'CMA CGM TROCADERO 0FLDEW1MA', 300],
      ]);
      capsRow(canvas, 275, [
        ['PORT OF DISCHARGE', 'VALENCIA', 40],
        ['PLACE OF DELIVERY', 'VALENCIA', 170],
        ['NO OF ORIGINAL B/L', 'THREE (3)', 300],
      ]);
      table(
        canvas,
        320,
        [
          { head: 'CONTAINER NO / SEAL NO', x: 42 },
          { head: 'NO OF PKGS', x: 200 },
          { head: 'DESCRIPTION OF GOODS', x: 280 },
          { head: 'G.W. KGS', x: 500, align: 'right' },
          { head: 'MEAS CBM', x: 553, align: 'right' },
        ],
        hbNingbo.map((c) => [
          `${c.container}/${c.seal}`,
          '1,120 CTNS',
          'KITCHEN STORAGE SETS',
          '9,860.00',
          '67.500',
        ]),
        { left: 40, right: 555 },
      );
      canvas.text('SAY TOTAL: TWO THOUSAND TWO HUNDRED FORTY (2,240) CARTONS ONLY', 40, 390, { size: 8 });
      canvas.text('FREIGHT COLLECT', 40, 404, { size: 8, bold: true });
      canvas.paragraph(CLAUSE, 40, 440, 515, 6);
      canvas.text('PLACE AND DATE OF ISSUE', 40, 500, { size: 7, bold: true });
      canvas.text('NINGBO 2026-11-06', 40, 511, { size: 8.5 });
      canvas.text('AS AGENT FOR THE CARRIER OCEANLINK', 330, 511, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'NBOL26110874',
      shipper: 'ZHEJIANG HUAMEI HOUSEWARES CO LTD',
      consignee: 'TO THE ORDER OF BANCO SABADELL SA',
      notify_party: 'CASA NOVA HOGAR SL',
      vessel_name: 'CMA CGM TROCADERO',
      voyage_number: '0FLDEW1MA',
      port_of_loading: port('Ningbo', 'CNNGB'),
      port_of_discharge: port('Valencia', 'ESVLC'),
      container_numbers: containersOf(hbNingbo),
      seal_numbers: sealsOf(hbNingbo),
    },
  },
  {
    name: 'sea-waybill-values-above-captions-le-havre',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CMA CGM', 40, 30, { size: 16, bold: true });
      canvas.text('NON-NEGOTIABLE SEA WAYBILL', 555, 32, { size: 11, bold: true, align: 'right' });
      valueAbove(canvas, 360, 60, 195, ['CHBE1188027'], 'Waybill number');
      valueAbove(canvas, 360, 90, 195, ['AAFX1188027'], 'Export references');
      let y = valueAbove(
        canvas,
        40,
        60,
        280,
        ['DELACROIX CERAMIQUES SAS', '12 RUE DES POTIERS', '76600 LE HAVRE FRANCE'],
        'Shipper',
      );
      y = valueAbove(
        canvas,
        40,
        y + 6,
        280,
        ['MAPLE LEAF TILE DISTRIBUTORS INC', '4500 RUE NOTRE-DAME EST', 'MONTREAL QC H1W 2B8'],
        'Consignee',
      );
      y = valueAbove(canvas, 40, y + 6, 280, ['SAME AS CONSIGNEE'], 'Notify address');
      const row = y + 10;
      valueAbove(canvas, 40, row, 150, ['CMA CGM LAMARTINE'], 'Vessel');
      valueAbove(canvas, 200, row, 80, ['0MC3RW1MA'], 'Voyage');
      valueAbove(canvas, 290, row, 120, ['LE HAVRE'], 'Port of loading');
      valueAbove(canvas, 420, row, 135, ['MONTREAL, QC'], 'Port of discharge');
      const goods = row + 40;
      canvas.text('CONTAINER / SEAL / PACKAGES / DESCRIPTION / WEIGHT', 40, goods, { size: 7, bold: true });
      canvas.lines(
        swAbove.map(
          (c) => `${c.container}  SEAL ${c.seal}  22 PALLETS  GLAZED PORCELAIN TILES  19,840.000 KG`,
        ),
        40,
        goods + 12,
        { size: 8.5 },
      );
      canvas.paragraph(CLAUSE, 40, goods + 50, 515, 6);
      valueAbove(canvas, 40, goods + 90, 200, ['LE HAVRE, 02 NOV 2026'], 'Place and date of issue');
      valueAbove(canvas, 330, goods + 90, 225, ['FOR THE CARRIER'], 'Signature');
    },
    fields: {
      bill_of_lading_number: 'CHBE1188027',
      shipper: 'DELACROIX CERAMIQUES SAS',
      consignee: 'MAPLE LEAF TILE DISTRIBUTORS INC',
      vessel_name: 'CMA CGM LAMARTINE',
      voyage_number: '0MC3RW1MA',
      port_of_loading: port('Le Havre', 'FRLEH'),
      port_of_discharge: port('Montreal', 'CAMTR'),
      container_numbers: containersOf(swAbove),
      seal_numbers: sealsOf(swAbove),
    },
  },
  {
    name: 'bl-master-rider-page-containers-seals',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('MAERSK', 40, 28, { size: 16, bold: true });
      canvas.text('BILL OF LADING FOR OCEAN TRANSPORT OR MULTIMODAL TRANSPORT', 555, 30, {
        size: 8,
        bold: true,
        align: 'right',
      });
      canvas.text('SCAC MAEU', 555, 42, { size: 8, align: 'right' });
      canvas.field(40, 56, 260, 64, 'Shipper', [
        'SIAM RUBBER PRODUCTS CO., LTD.',
        '99 MOO 4 BANGPOO',
        'SAMUTPRAKAN 10280 THAILAND',
      ]);
      canvas.field(300, 56, 255, 32, 'B/L No.', ['262991047']);
      canvas.field(300, 88, 255, 32, 'Booking No.', ['262991047']);
      canvas.field(40, 120, 260, 64, 'Consignee (negotiable only if consigned "to order")', [
        'GREAT LAKES TIRE SUPPLY LLC',
        '7100 W 65TH ST',
        'CHICAGO IL 60638 USA',
      ]);
      canvas.field(40, 184, 260, 64, 'Notify Party (see clause 22)', [
        'MIDWEST CUSTOMS BROKERAGE INC',
        '1020 ELK GROVE BLVD',
        'ELK GROVE VILLAGE IL 60007',
      ]);
      canvas.field(300, 120, 255, 128, 'Onward inland routing', ['RAIL TO CHICAGO IL (CPRS)']);
      canvas.field(40, 248, 130, 30, 'Vessel (see clause 1 + 19)', ['MAERSK KENSINGTON']);
      canvas.field(170, 248, 130, 30, 'Voyage No.', ['247N']);
      canvas.field(300, 248, 130, 30, 'Port of Loading', ['LAEM CHABANG']);
      canvas.field(430, 248, 125, 30, 'Port of Discharge', ['VANCOUVER, BC']);
      canvas.box(40, 290, 515, 200);
      canvas.text(
        'Kind of Packages; Description of goods; Marks and Numbers; Container No./Seal No.',
        44,
        294,
        {
          size: 5.5,
          grey: true,
        },
      );
      canvas.lines(
        [
          '5 CONTAINERS SAID TO CONTAIN 3,940 TYRES',
          'PNEUMATIC RUBBER TYRES FOR PASSENGER CARS',
          'HS CODE 4011.10',
          `${blRider[0]?.container ?? ''} ML SEAL ${blRider[0]?.seal ?? ''} 40 DRY 788 TYRES 10,120 KGS`,
          'SEE ATTACHED RIDER FOR FURTHER CONTAINERS',
        ],
        46,
        306,
        { size: 8 },
      );
      canvas.text('Shipped on board 28 OCT 2026', 46, 470, { size: 8 });
      canvas.text('FREIGHT PREPAID', 400, 470, { size: 8, bold: true });
      canvas.paragraph(CLAUSE, 40, 500, 515, 6);
      canvas.newPage();
      canvas.text('RIDER PAGE', 297, 30, { size: 12, bold: true, align: 'center' });
      canvas.text('Attached to and forming part of B/L No. 262991047', 297, 46, { size: 8, align: 'center' });
      table(
        canvas,
        70,
        [
          { head: 'Container No.', x: 42 },
          { head: 'Seal No.', x: 150 },
          { head: 'Type', x: 250 },
          { head: 'Packages', x: 330 },
          { head: 'Gross Weight', x: 553, align: 'right' },
        ],
        blRider.slice(1).map((c) => [c.container, c.seal, '40 DRY', '788 TYRES', '10,120.000 KGS']),
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL: 5 CONTAINERS  3,940 TYRES  50,600.000 KGS', 40, 170, { size: 8.5, bold: true });
    },
    fields: {
      bill_of_lading_number: '262991047',
      shipper: 'SIAM RUBBER PRODUCTS CO., LTD.',
      consignee: 'GREAT LAKES TIRE SUPPLY LLC',
      notify_party: 'MIDWEST CUSTOMS BROKERAGE INC',
      vessel_name: 'MAERSK KENSINGTON',
      voyage_number: '247N',
      port_of_loading: port('Laem Chabang', 'THLCH'),
      port_of_discharge: port('Vancouver', 'CAVAN'),
      container_numbers: containersOf(blRider),
      seal_numbers: sealsOf(blRider),
      scac: 'MAEU',
    },
  },
  {
    name: 'bl-brazilian-bilingual-portuguese-santos',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HAMBURG SÜD / HAPAG-LLOYD', 40, 28, { size: 12, bold: true });
      canvas.text('CONHECIMENTO DE EMBARQUE / BILL OF LADING', 555, 30, {
        size: 9,
        bold: true,
        align: 'right',
      });
      canvas.field(40, 50, 300, 62, 'Embarcador / Shipper', [
        'COOPERATIVA CAFEEIRA DO SUL DE MINAS LTDA',
        'RUA DR. JOSE MARIANO 45, VARGINHA - MG',
        'CNPJ 21.336.044/0001-90',
      ]);
      canvas.field(340, 50, 215, 30, 'Nº do Conhecimento / B/L No.', ['HLCUSSZ2611045']);
      canvas.field(340, 80, 215, 32, 'Reserva / Booking', ['62118840']);
      canvas.field(40, 112, 300, 62, 'Consignatário / Consignee', [
        'NORDIC ROASTERS AB',
        'HAMNGATAN 12',
        '41104 GOTEBORG SWEDEN',
      ]);
      canvas.field(40, 174, 300, 52, 'Notificar / Notify Party', ['NORDIC ROASTERS AB', 'ATTN. IMPORT DEPT']);
      canvas.field(340, 112, 215, 114, 'Agente de carga / Forwarding Agent', [
        'SAO PAULO CARGO AGENCIAMENTO',
      ]);
      canvas.field(40, 226, 140, 30, 'Navio / Vessel', ['CAP SAN LORENZO']);
      canvas.field(180, 226, 80, 30, 'Viagem / Voyage', ['645N']);
      canvas.field(260, 226, 145, 30, 'Porto de Embarque / Port of Loading', ['SANTOS, SP']);
      canvas.field(405, 226, 150, 30, 'Porto de Descarga / Port of Discharge', ['GOTEBORG']);
      canvas.box(40, 266, 515, 160);
      canvas.text('Marcas e Números / Contêiner / Lacre — Marks / Container / Seal', 44, 270, {
        size: 5.5,
        grey: true,
      });
      canvas.lines(
        blSantos.flatMap((c) => [
          `CNTR ${c.container}  LACRE/SEAL ${c.seal}  20DV`,
          '320 SACAS / BAGS  19.200,000 KG',
        ]),
        46,
        284,
        { size: 8.5 },
      );
      canvas.text('CAFÉ VERDE EM GRÃOS / GREEN COFFEE BEANS  NCM 0901.11.10', 46, 350, { size: 8 });
      canvas.text('Frete pago / Freight prepaid', 46, 364, { size: 8 });
      canvas.text('Local e data de emissão / Place and date of issue: SANTOS, 03/11/2026', 40, 440, {
        size: 8,
      });
    },
    fields: {
      bill_of_lading_number: 'HLCUSSZ2611045',
      shipper: 'COOPERATIVA CAFEEIRA DO SUL DE MINAS LTDA',
      consignee: 'NORDIC ROASTERS AB',
      notify_party: 'NORDIC ROASTERS AB',
      vessel_name: 'CAP SAN LORENZO',
      voyage_number: '645N',
      port_of_loading: port('Santos', 'BRSSZ'),
      port_of_discharge: port('Goteborg', 'SEGOT'),
      container_numbers: containersOf(blSantos),
      seal_numbers: sealsOf(blSantos),
      scac: 'HLCU',
    },
  },
  {
    name: 'bl-mexican-conocimiento-lazaro-cardenas',
    type: 'bill_of_lading',
    language: 'es',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('OCEAN NETWORK EXPRESS', 40, 28, { size: 12, bold: true });
      canvas.text('CONOCIMIENTO DE EMBARQUE', 572, 28, { size: 11, bold: true, align: 'right' });
      canvas.text('No. B/L', 400, 48, { size: 7 });
      canvas.text('ONEYLZC26118830', 400, 58, { size: 10, bold: true });
      stacked(canvas, 40, 50, 'EMBARCADOR', [
        'AGRICOLA DEL PACIFICO SA DE CV',
        'CARRETERA INTERNACIONAL KM 12',
        'CULIACAN SINALOA MEXICO',
      ]);
      stacked(canvas, 40, 108, 'CONSIGNATARIO', ['A LA ORDEN']);
      stacked(canvas, 40, 140, 'NOTIFICAR A', [
        'HANIL FRESH FOODS CO LTD',
        '55 CHUNGJANG-DAERO',
        'BUSAN KOREA',
      ]);
      pairs(
        canvas,
        40,
        170,
        200,
        [
          ['BUQUE', 'ONE HAMBURG'],
          ['VIAJE', '072W'],
          ['PUERTO DE CARGA', 'LÁZARO CÁRDENAS, MICH.'],
          ['PUERTO DE DESCARGA', 'BUSAN'],
          ['LUGAR DE ENTREGA', 'BUSAN CY'],
        ],
        { size: 8.5 },
      );
      table(
        canvas,
        290,
        [
          { head: 'CONTENEDOR', x: 42 },
          { head: 'SELLO', x: 160 },
          { head: 'BULTOS', x: 250 },
          { head: 'DESCRIPCION', x: 330 },
          { head: 'PESO BRUTO', x: 570, align: 'right' },
        ],
        blMexico.map((c) => [c.container, c.seal, '1.650 CAJAS', 'AGUACATE HASS FRESCO', '21.450,00 KG']),
        { left: 40, right: 572 },
      );
      canvas.text('FLETE POR COBRAR', 40, 340, { size: 8, bold: true });
      canvas.text('LUGAR Y FECHA DE EMISION  LAZARO CARDENAS 30 OCT 2026', 40, 360, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'ONEYLZC26118830',
      shipper: 'AGRICOLA DEL PACIFICO SA DE CV',
      notify_party: 'HANIL FRESH FOODS CO LTD',
      vessel_name: 'ONE HAMBURG',
      voyage_number: '072W',
      port_of_loading: port('Lázaro Cárdenas', 'MXLZC'),
      port_of_discharge: port('Busan', 'KRPUS'),
      container_numbers: containersOf(blMexico),
      seal_numbers: sealsOf(blMexico),
      scac: 'ONEY',
    },
  },
  {
    name: 'sea-waybill-routing-row-written-by-columns',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('EVERGREEN LINE', 40, 28, { size: 14, bold: true });
      canvas.text('SEA WAYBILL', 555, 30, { size: 12, bold: true, align: 'right' });
      canvas.text('NON NEGOTIABLE', 555, 46, { size: 7, align: 'right' });
      pairs(
        canvas,
        40,
        130,
        70,
        [
          ['Waybill No.', 'EGLV142600918377'],
          ['Shipper', ['TAIWAN PRECISION FASTENERS CORP.', 'NO. 21 GONGYE 2ND RD', 'KAOHSIUNG TAIWAN']],
          ['Consignee', ['BOLT & NUT WHOLESALE GMBH', 'INDUSTRIESTR. 14', '28197 BREMEN']],
          ['Notify', ['BOLT & NUT WHOLESALE GMBH']],
        ],
        { size: 8.5, labelBold: true },
      );
      tableByColumns(
        canvas,
        200,
        [
          { head: 'Ocean Vessel', x: 42 },
          { head: 'Voy. No.', x: 170 },
          { head: 'Port of Loading', x: 250 },
          { head: 'Port of Discharge', x: 380 },
          { head: 'Final Destination', x: 480 },
        ],
        [['EVER ACE', '1127-045W', 'KAOHSIUNG', 'BREMERHAVEN', 'BREMEN']],
        { left: 40, right: 555 },
      );
      tableByColumns(
        canvas,
        250,
        [
          { head: 'Container No.', x: 42 },
          { head: 'Seal No.', x: 150 },
          { head: 'Size', x: 250 },
          { head: 'Packages', x: 300 },
          { head: 'Gross Wt (KGS)', x: 553, align: 'right' },
        ],
        swRouting.map((c) => [c.container, c.seal, '40HC', '24 PALLETS', '17,880.50']),
        { left: 40, right: 555 },
      );
      canvas.text('STEEL HEXAGON BOLTS AND NUTS  HS 7318.15', 40, 320, { size: 8 });
      canvas.paragraph(CLAUSE, 40, 350, 515, 6);
    },
    fields: {
      bill_of_lading_number: 'EGLV142600918377',
      shipper: 'TAIWAN PRECISION FASTENERS CORP.',
      consignee: 'BOLT & NUT WHOLESALE GMBH',
      notify_party: 'BOLT & NUT WHOLESALE GMBH',
      vessel_name: 'EVER ACE',
      voyage_number: '1127-045W',
      port_of_loading: port('Kaohsiung', 'TWKHH'),
      port_of_discharge: port('Bremerhaven', 'DEBRV'),
      container_numbers: containersOf(swRouting),
      seal_numbers: sealsOf(swRouting),
      scac: 'EGLV',
    },
  },
  {
    name: 'multimodal-transport-document-indian-nvocc-nhava-sheva',
    type: 'bill_of_lading',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('SEAHAWK SHIPPING & LOGISTICS PVT. LTD.', 297, 26, {
        size: 12,
        bold: true,
        align: 'center',
      });
      canvas.text('MTO Regn. No. MTO/DGS/2231/NOV/2024', 297, 40, { size: 7, align: 'center' });
      canvas.text('MULTIMODAL TRANSPORT DOCUMENT', 297, 54, { size: 12, bold: true, align: 'center' });
      canvas.field(40, 70, 280, 60, 'Consignor', [
        'KAVERI SPICES EXPORTS PVT LTD',
        'PLOT 14 MIDC TALOJA',
        'NAVI MUMBAI 410208 INDIA',
      ]);
      canvas.field(320, 70, 235, 30, 'MTD Number', ['SHSL/NSA/GOA/26/0417']);
      canvas.field(320, 100, 235, 30, 'Shipment Reference No.', ['KSE-1128']);
      canvas.field(40, 130, 280, 60, 'Consignee (or order)', ['TO ORDER OF', 'BANCA INTESA SANPAOLO S.P.A.']);
      canvas.field(40, 190, 280, 60, 'Notify Party', [
        'SAPORI D ORIENTE SRL',
        'VIA CORNIGLIANO 6',
        '16152 GENOVA ITALY',
      ]);
      canvas.field(320, 130, 235, 120, 'Place of Acceptance', ['ICD TUGHLAKABAD']);
      canvas.field(40, 250, 140, 30, 'Vessel and Voyage No.', ['MSC ROMA V. IS647A']);
      canvas.field(180, 250, 140, 30, 'Port of Loading', ['NHAVA SHEVA (JNPT)']);
      canvas.field(320, 250, 120, 30, 'Port of Discharge', ['GENOA']);
      canvas.field(440, 250, 115, 30, 'Place of Delivery', ['GENOA CY']);
      canvas.box(40, 290, 515, 150);
      canvas.lines(
        [
          `CONTAINER NO. ${mtdIndia[0]?.container ?? ''}  1X20'GP  S.B. NO. 4471203 DT. 24.10.2026`,
          `LINE SEAL: ${mtdIndia[0]?.seal ?? ''}   CUSTOM SEAL: 0091152`,
          '860 BAGS DRIED RED CHILLIES  NET WT 17,200.000 KGS  GR WT 17,630.000 KGS',
        ],
        46,
        300,
        { size: 8 },
      );
      canvas.text('Place and date of issue: MUMBAI 26/10/2026', 40, 456, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'SHSL/NSA/GOA/26/0417',
      shipper: 'KAVERI SPICES EXPORTS PVT LTD',
      consignee: 'TO ORDER OF BANCA INTESA SANPAOLO S.P.A.',
      notify_party: 'SAPORI D ORIENTE SRL',
      vessel_name: 'MSC ROMA',
      voyage_number: 'IS647A',
      port_of_loading: port('Nhava Sheva', 'INNSA'),
      port_of_discharge: port('Genoa', 'ITGOA'),
      container_numbers: containersOf(mtdIndia),
      // The line's seal and the customs seal: both are on the container.
      seal_numbers: [...sealsOf(mtdIndia), '0091152'],
    },
  },
  {
    name: 'delivery-order-capital-labels-long-beach-containers-by-column',
    type: 'delivery_order',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('PACIFIC GATEWAY CUSTOMS BROKERS INC', 40, 28, { size: 11, bold: true });
      canvas.text('DELIVERY ORDER', 572, 28, { size: 13, bold: true, align: 'right' });
      capsRow(canvas, 60, [
        ['D/O NUMBER', 'PGC-DO-558102', 40],
        ['DATE', '11/24/2026', 220],
        ['OUR REF', 'LB26-11-3390', 380],
      ]);
      capsRow(canvas, 95, [
        ['OCEAN B/L', 'COSU6418820030', 40],
        ['VESSEL', 'COSCO SHIPPING ARIES', 220],
        ['VOY', '071E', 450],
      ]);
      capsRow(canvas, 130, [
        ['PORT OF DISCHARGE', 'LONG BEACH CA', 40],
        ['PIER', 'PIER J - SSA TERMINAL', 220],
      ]);
      stacked(canvas, 40, 170, 'DELIVERING CARRIER', ['SOCAL DRAYAGE EXPRESS', 'SCAC SDXP']);
      stacked(canvas, 300, 170, 'DELIVER TO', [
        'INLAND EMPIRE HOME GOODS LLC',
        '14250 SLOVER AVE',
        'FONTANA CA 92337',
      ]);
      tableByColumns(
        canvas,
        240,
        [
          { head: 'CONTAINER', x: 42 },
          { head: 'SIZE', x: 170 },
          { head: 'PKGS', x: 240 },
          { head: 'WEIGHT LBS', x: 400, align: 'right' },
          { head: 'LFD', x: 460 },
        ],
        doCaps.map((c) => [c.container, '40HC', '980 CTNS', '31,420', '11/28/2026']),
        { left: 40, right: 572 },
      );
      canvas.text('FOR ACCOUNT OF (CONSIGNEE)', 40, 320, { size: 7, bold: true });
      canvas.text('INLAND EMPIRE HOME GOODS LLC', 40, 331, { size: 8.5 });
      canvas.paragraph(
        'PLEASE DELIVER THE ABOVE CONTAINERS TO THE DELIVERING CARRIER NAMED. ALL STORAGE AND DEMURRAGE AFTER THE LAST FREE DAY FOR ACCOUNT OF CONSIGNEE.',
        40,
        360,
        530,
        6.5,
      );
    },
    fields: {
      delivery_order_number: 'PGC-DO-558102',
      bill_of_lading_number: 'COSU6418820030',
      consignee: 'INLAND EMPIRE HOME GOODS LLC',
      container_numbers: containersOf(doCaps),
      vessel_name: 'COSCO SHIPPING ARIES',
      port_of_discharge: port('Long Beach', 'USLGB'),
    },
  },
  {
    name: 'delivery-order-brazilian-ordem-de-entrega-santos',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('MSC MEDITERRANEAN SHIPPING DO BRASIL LTDA', 40, 28, { size: 10, bold: true });
      canvas.text('ORDEM DE ENTREGA / DELIVERY ORDER', 555, 28, { size: 11, bold: true, align: 'right' });
      pairs(
        canvas,
        40,
        210,
        60,
        [
          ['Nº da Ordem / Order No.', 'OE-SSZ-2611-00712'],
          ['Conhecimento / B/L', 'MEDUQ8820153'],
          ['Navio / Vessel', 'MSC LETIZIA'],
          ['Viagem / Voyage', 'QW645R'],
          ['Porto de Descarga / Port of Discharge', 'SANTOS (BTP)'],
          ['Data de Atracação / Berthing', '22/11/2026'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 40, 160, 'Consignatário / Consignee', [
        'FRIGORIFICO ATLANTICO IMPORTADORA LTDA',
        'AV. PORTUARIA 1200, SANTOS - SP',
      ]);
      stacked(canvas, 330, 160, 'Entregar a / Deliver to', ['TERMINAL BTP - BRASIL TERMINAL PORTUARIO']);
      table(
        canvas,
        220,
        [
          { head: 'Contêiner / Container', x: 42 },
          { head: 'Tipo / Type', x: 190 },
          { head: 'Volumes / Packages', x: 280 },
          { head: 'Peso Bruto / Gross (kg)', x: 553, align: 'right' },
        ],
        doSantos.map((c) => [c.container, "40' REEFER", '2.100 CX', '24.310,500']),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'A presente ordem de entrega só é válida mediante a apresentação do conhecimento original e a quitação de todas as despesas. This delivery order is valid only against the original bill of lading and payment of all charges.',
        40,
        290,
        515,
        6.5,
      );
    },
    fields: {
      delivery_order_number: 'OE-SSZ-2611-00712',
      bill_of_lading_number: 'MEDUQ8820153',
      consignee: 'FRIGORIFICO ATLANTICO IMPORTADORA LTDA',
      container_numbers: containersOf(doSantos),
      vessel_name: 'MSC LETIZIA',
      port_of_discharge: port('Santos', 'BRSSZ'),
    },
  },
  {
    name: 'container-release-order-values-above-captions-jacksonville',
    type: 'delivery_order',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('CROWLEY LINER SERVICES', 40, 28, { size: 13, bold: true });
      canvas.text('CONTAINER RELEASE ORDER', 572, 30, { size: 12, bold: true, align: 'right' });
      valueAbove(canvas, 40, 60, 160, ['RO-JAX-26-40918'], 'Release order no.');
      valueAbove(canvas, 220, 60, 160, ['CMLU28810043'], 'Master bill of lading');
      valueAbove(canvas, 400, 60, 172, ['24 November 2026'], 'Date issued');
      valueAbove(canvas, 40, 100, 160, ['SEABOARD PRIDE'], 'Vessel');
      valueAbove(canvas, 220, 100, 160, ['JACKSONVILLE, FL (TALLEYRAND)'], 'Port of discharge');
      valueAbove(canvas, 400, 100, 172, ['JAX DRAY LLC'], 'Release to (motor carrier)');
      valueAbove(
        canvas,
        40,
        140,
        340,
        ['SUNSHINE STATE PRODUCE DISTRIBUTORS INC', '1800 TALLEYRAND AVE', 'JACKSONVILLE FL 32206'],
        'Consignee',
      );
      canvas.text('Equipment released', 40, 210, { size: 9, bold: true });
      canvas.lines(
        doRelease.map((c) => `${c.container}   40' HIGH CUBE   EMPTY RETURN TO BLOUNT ISLAND`),
        40,
        224,
        { size: 8.5 },
      );
      canvas.paragraph(
        'Equipment must be returned within 5 days of release. Per diem charges apply thereafter. This release is void if charges are unpaid.',
        40,
        270,
        530,
        6.5,
      );
    },
    fields: {
      delivery_order_number: 'RO-JAX-26-40918',
      bill_of_lading_number: 'CMLU28810043',
      consignee: 'SUNSHINE STATE PRODUCE DISTRIBUTORS INC',
      container_numbers: containersOf(doRelease),
      vessel_name: 'SEABOARD PRIDE',
      port_of_discharge: port('Jacksonville', 'USJAX'),
    },
  },
];
