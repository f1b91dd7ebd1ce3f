import { cargo, containersOf, type HeldoutDocument } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { capsRow, tableByColumns, valueAbove } from './heldout3-draw.ts';

/**
 * Commercial invoices and packing lists of the third held-out set: exporters' invoices with Incoterms and
 * HS codes (Vietnam, India, Korea with numbered boxes, Brazil bilingual with `87.450,00`, Mexico in
 * Spanish), a German forwarder's freight invoice written by columns; packing lists with net and gross
 * weights and CBM, a `SAY TOTAL` line, a Brazilian `Romaneio de carga` and a Chilean `Lista de empaque`.
 */

const plVietnam = cargo('OOCU', [812_330], { size: '40HC' });
const plQingdao = cargo('TGBU', [502_117, 502_840], { size: '40HC' });
const plBrazil = cargo('SUDU', [770_091], { size: '20DV' });
const plChile = cargo('HLXU', [880_233], { size: '40RH' });

export const HELDOUT3_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'invoice-vietnam-fob-hs-codes-invoice-no-and-date-one-value',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('SAIGON TIMBERCRAFT JOINT STOCK COMPANY', 297, 26, {
        size: 12,
        bold: true,
        align: 'center',
      });
      canvas.text(
        'Lot C4, Song Than 2 Industrial Zone, Di An, Binh Duong, Vietnam - Tax code 3701223456',
        297,
        40,
        {
          size: 6.5,
          align: 'center',
        },
      );
      canvas.text('COMMERCIAL INVOICE', 297, 58, { size: 13, bold: true, align: 'center' });
      canvas.field(40, 76, 260, 58, 'Seller', [
        'SAIGON TIMBERCRAFT JOINT STOCK COMPANY',
        'BINH DUONG, VIETNAM',
      ]);
      canvas.field(300, 76, 255, 29, 'Invoice No. and date', ['STC/EX/2611-087 DATED 24/11/2026']);
      canvas.field(300, 105, 255, 29, 'L/C No.', ['T/T 30 DAYS']);
      canvas.field(40, 134, 260, 58, 'Buyer', [
        'WOODLAND LIVING PTY LTD',
        '18 FREIGHT RD, TULLAMARINE VIC 3043',
        'AUSTRALIA',
      ]);
      canvas.field(300, 134, 255, 58, 'Terms of delivery', ['FOB HO CHI MINH CITY (INCOTERMS 2020)']);
      canvas.field(40, 192, 130, 29, 'Port of loading', ['CAT LAI, HCMC']);
      canvas.field(170, 192, 130, 29, 'Destination', ['MELBOURNE']);
      canvas.field(300, 192, 255, 29, 'Vessel', ['WAN HAI 355 V.N118']);
      table(
        canvas,
        232,
        [
          { head: 'Item', x: 42 },
          { head: 'HS Code', x: 100 },
          { head: 'Description', x: 160 },
          { head: 'Qty (pcs)', x: 380, align: 'right' },
          { head: 'Unit price USD', x: 460, align: 'right' },
          { head: 'Amount USD', x: 553, align: 'right' },
        ],
        [
          ['DT-120', '9403.60', 'Acacia dining table 180cm', '240', '96.50', '23,160.00'],
          ['CH-044', '9401.61', 'Upholstered dining chair', '960', '21.75', '20,880.00'],
          ['BN-020', '9403.60', 'Acacia bench 140cm', '120', '34.92', '4,190.40'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL FOB VALUE: US$ 48,230.40', 553, 316, { size: 9, bold: true, align: 'right' });
      canvas.text('Say: US Dollars forty eight thousand two hundred thirty and cents forty only', 40, 332, {
        size: 7.5,
      });
      valueAbove(canvas, 360, 380, 195, ['NGUYEN VAN HUNG'], 'Authorised signature');
    },
    fields: {
      invoice_number: 'STC/EX/2611-087',
      invoice_date: '2026-11-24',
      supplier_name: 'SAIGON TIMBERCRAFT JOINT STOCK COMPANY',
      total_amount: '48230.40',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-indian-exporter-dt-date-amount-in-words-cif',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('EXPORT INVOICE', 297, 26, { size: 12, bold: true, align: 'center' });
      canvas.text('(Supply meant for export under LUT without payment of IGST)', 297, 40, {
        size: 7,
        align: 'center',
      });
      canvas.field(40, 56, 260, 70, 'Exporter', [
        'RAJASTHAN HANDLOOM HOUSE',
        'E-41 SITAPURA INDUSTRIAL AREA',
        'JAIPUR 302022 INDIA',
        'GSTIN 08AABFR1234K1Z5  IEC 1304004412',
      ]);
      canvas.field(300, 56, 255, 35, 'Invoice No. & Date', ['RHH/EXP/0412/26-27 dt. 18.11.2026']);
      canvas.field(300, 91, 255, 35, "Buyer's Order No. & Date", ['PO-77120 dt. 02.10.2026']);
      canvas.field(40, 126, 260, 60, 'Consignee', [
        'MAISON ET TISSUS SARL',
        '14 RUE DU COMMERCE',
        '69002 LYON FRANCE',
      ]);
      canvas.field(300, 126, 255, 60, 'Terms of Delivery and Payment', [
        'CIF MARSEILLE',
        '30% ADVANCE, BALANCE CAD',
      ]);
      table(
        canvas,
        198,
        [
          { head: 'Marks & Nos.', x: 42 },
          { head: 'Description of Goods', x: 120 },
          { head: 'HSN', x: 320 },
          { head: 'Quantity', x: 420, align: 'right' },
          { head: 'Amount (EUR)', x: 553, align: 'right' },
        ],
        [
          ['MTL/1-60', 'Cotton hand block printed bedspreads', '6304.19', '1,200 PCS', '14,400.00'],
          ['MTL/61-90', 'Cotton cushion covers 45x45', '6304.92', '3,000 PCS', '7,950.00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(
        canvas,
        320,
        440,
        260,
        [
          ['FOB Value', '21,390.00'],
          ['Freight', '820.00'],
          ['Insurance', '140.00'],
          ['CIF Value EUR', '22,350.00'],
        ],
        { size: 8.5 },
      );
      canvas.text(
        'Amount Chargeable (in words): EURO TWENTY TWO THOUSAND THREE HUNDRED FIFTY ONLY',
        40,
        320,
        {
          size: 7.5,
        },
      );
      canvas.text(
        'Declaration: We declare that this invoice shows the actual price of the goods described.',
        40,
        340,
        {
          size: 7,
        },
      );
      canvas.text('for RAJASTHAN HANDLOOM HOUSE', 553, 380, { size: 8, align: 'right' });
    },
    fields: {
      invoice_number: 'RHH/EXP/0412/26-27',
      invoice_date: '2026-11-18',
      supplier_name: 'RAJASTHAN HANDLOOM HOUSE',
      total_amount: '22350.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-korean-numbered-boxes-busan-cfr',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('COMMERCIAL INVOICE', 297, 26, { size: 14, bold: true, align: 'center' });
      canvas.field(40, 46, 260, 64, '(1) Shipper/Seller', [
        'HANSOL AUTO PARTS CO., LTD.',
        '77, NAMDONG-DAERO 215BEON-GIL',
        'NAMDONG-GU, INCHEON, KOREA',
      ]);
      canvas.field(300, 46, 255, 32, '(8) No. & date of invoice', ['HAP-2611-0455  NOV. 16, 2026']);
      canvas.field(300, 78, 255, 32, '(9) No. & date of L/C', ['M0412611NU00318  OCT. 30, 2026']);
      canvas.field(40, 110, 260, 64, '(2) For account & risk of Messers.', [
        'AUTOPARTES DEL NORTE SA DE CV',
        'AV. INDUSTRIAL 900, MONTERREY NL',
        'MEXICO',
      ]);
      canvas.field(300, 110, 255, 64, '(10) L/C issuing bank', ['BBVA MEXICO SA']);
      canvas.field(40, 174, 130, 30, '(4) Port of loading', ['BUSAN, KOREA']);
      canvas.field(170, 174, 130, 30, '(5) Final destination', ['MANZANILLO, MEXICO']);
      canvas.field(40, 204, 130, 30, '(6) Carrier', ['HMM BLESSING']);
      canvas.field(170, 204, 130, 30, '(7) Sailing on or about', ['NOV. 20, 2026']);
      canvas.field(300, 174, 255, 60, '(11) Remarks', ['CFR MANZANILLO INCOTERMS 2020']);
      tableByColumns(
        canvas,
        246,
        [
          { head: '(12) Marks and numbers of PKGS', x: 42 },
          { head: '(13) Description of goods', x: 170 },
          { head: '(14) Quantity', x: 380, align: 'right' },
          { head: '(15) Unit price', x: 460, align: 'right' },
          { head: '(16) Amount', x: 553, align: 'right' },
        ],
        [
          ['ADN MONTERREY', 'BRAKE PADS HS 8708.30', '12,000 SETS', 'US$ 3.80', 'US$ 45,600.00'],
          ['C/NO. 1-400', 'OIL FILTERS HS 8421.23', '8,000 PCS', 'US$ 2.45', 'US$ 19,600.00'],
          ['', 'TOTAL', '', '', 'US$ 65,200.00'],
        ],
        { left: 40, right: 555 },
      );
      valueAbove(canvas, 360, 340, 195, ['HANSOL AUTO PARTS CO., LTD.'], 'Signed by');
    },
    fields: {
      invoice_number: 'HAP-2611-0455',
      invoice_date: '2026-11-16',
      supplier_name: 'HANSOL AUTO PARTS CO., LTD.',
      total_amount: '65200.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-brazilian-fatura-comercial-bilingual-comma-decimals',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('FATURA COMERCIAL / COMMERCIAL INVOICE', 297, 26, {
        size: 13,
        bold: true,
        align: 'center',
      });
      stacked(canvas, 40, 50, 'Exportador / Exporter', [
        'CERAMICA PORTOBELLO DO SUL S.A.',
        'RODOVIA BR 101 KM 163, TIJUCAS - SC',
        'CNPJ 83.475.913/0001-91',
      ]);
      pairs(
        canvas,
        330,
        430,
        50,
        [
          ['Fatura Nº / Invoice No.', 'EXP-0938/26'],
          ['Data / Date', '19/11/2026'],
          ['Incoterm', 'FOB ITAJAÍ'],
          ['Pagamento / Payment', '60 dias / 60 days'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 40, 110, 'Importador / Importer', [
        'TILE AND STONE DEPOT LLC',
        '500 NW 72ND AVE',
        'MIAMI FL 33126 USA',
      ]);
      table(
        canvas,
        170,
        [
          { head: 'Código', x: 42 },
          { head: 'Descrição / Description', x: 100 },
          { head: 'NCM', x: 300 },
          { head: 'Qtde m²', x: 390, align: 'right' },
          { head: 'Preço USD', x: 460, align: 'right' },
          { head: 'Total USD', x: 553, align: 'right' },
        ],
        [
          [
            'PB-6060',
            'Porcelanato polido 60x60 / polished porcelain tile',
            '6907.21',
            '8.400,00',
            '6,25',
            '52.500,00',
          ],
          ['PB-3090', 'Revestimento 30x90 / wall tile', '6907.22', '6.990,00', '5,00', '34.950,00'],
        ],
        { left: 40, right: 555, size: 7.5 },
      );
      pairs(
        canvas,
        330,
        460,
        230,
        [
          ['Valor FOB / FOB value', 'USD 87.450,00'],
          ['Valor Total / Total Value', 'USD 87.450,00'],
        ],
        { size: 8.5, bold: true },
      );
      canvas.text('Porto de embarque / Port of loading: ITAJAÍ     Destino / Destination: MIAMI', 40, 275, {
        size: 8,
      });
      valueAbove(canvas, 40, 320, 200, ['TIJUCAS, 19 de novembro de 2026'], 'Local e data / Place and date');
    },
    fields: {
      invoice_number: 'EXP-0938/26',
      invoice_date: '2026-11-19',
      supplier_name: 'CERAMICA PORTOBELLO DO SUL S.A.',
      total_amount: '87450.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-mexican-factura-comercial-long-spanish-date',
    type: 'commercial_invoice',
    language: 'es',
    face: 'times',
    letter: true,
    draw: (canvas) => {
      canvas.text('TEXTILES FINOS DE PUEBLA S.A. DE C.V.', 40, 26, { size: 12, bold: true });
      canvas.text('RFC TFP980312AB4 - Blvd. Hermanos Serdán 1200, Puebla, Pue. México', 40, 40, { size: 7 });
      canvas.text('FACTURA COMERCIAL', 572, 26, { size: 12, bold: true, align: 'right' });
      capsRow(canvas, 60, [
        ['FOLIO', 'EXP-A 4471', 40],
        ['FECHA DE EMISIÓN', '17 de noviembre de 2026', 200],
        ['MONEDA', 'USD', 420],
      ]);
      stacked(canvas, 40, 100, 'CLIENTE / SOLD TO', [
        'ANDEAN RETAIL GROUP SAC',
        'AV. JAVIER PRADO ESTE 4200',
        'LIMA - PERU',
      ]);
      canvas.text('INCOTERM: CIF CALLAO', 330, 100, { size: 8.5 });
      canvas.text('FORMA DE PAGO: TRANSFERENCIA 45 DIAS', 330, 112, { size: 8.5 });
      table(
        canvas,
        160,
        [
          { head: 'CANT.', x: 60, align: 'right' },
          { head: 'DESCRIPCIÓN', x: 80 },
          { head: 'FRACC. ARANC.', x: 330 },
          { head: 'P. UNIT.', x: 460, align: 'right' },
          { head: 'IMPORTE', x: 570, align: 'right' },
        ],
        [
          ['2,400', 'Camisa de algodón para caballero', '6205.20.01', '6.85', '16,440.00'],
          ['1,100', 'Blusa de viscosa para dama', '6206.40.01', '6.07', '6,677.00'],
        ],
        { left: 40, right: 572 },
      );
      pairs(
        canvas,
        400,
        500,
        220,
        [
          ['SUBTOTAL', '23,117.00'],
          ['FLETE Y SEGURO', '1,480.00'],
          ['TOTAL USD', '24,597.00'],
        ],
        { size: 8.5, labelBold: true },
      );
      canvas.text('(VEINTICUATRO MIL QUINIENTOS NOVENTA Y SIETE DÓLARES 00/100 USD)', 40, 280, { size: 7.5 });
    },
    fields: {
      invoice_number: 'EXP-A 4471',
      invoice_date: '2026-11-17',
      supplier_name: 'TEXTILES FINOS DE PUEBLA S.A. DE C.V.',
      total_amount: '24597.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-german-forwarder-rechnung-by-columns',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('NORDSEE CARGO SPEDITION GMBH', 40, 26, { size: 12, bold: true });
      canvas.text('Am Sandtorkai 41 · 20457 Hamburg · USt-IdNr. DE 118 402 733', 40, 40, { size: 7 });
      canvas.text('RECHNUNG / INVOICE', 555, 26, { size: 12, bold: true, align: 'right' });
      stacked(canvas, 40, 66, 'Rechnungsempfänger', [
        'Alpenblick Möbel AG',
        'Industriestrasse 8',
        '6300 Zug, Schweiz',
      ]);
      capsRow(canvas, 66, [
        ['RECHNUNGSNR', 'NCS-R-2026-11873', 330],
        ['DATUM', '23.11.2026', 460],
      ]);
      canvas.text('Sendung: HH-IMP-55021  Container TGHU 501882-0  ex Shanghai', 40, 128, { size: 8 });
      tableByColumns(
        canvas,
        150,
        [
          { head: 'Pos', x: 42 },
          { head: 'Leistung', x: 70 },
          { head: 'MwSt', x: 380 },
          { head: 'Betrag EUR', x: 553, align: 'right' },
        ],
        [
          ['1', 'Seefracht Shanghai - Hamburg', '0%', '2.140,00'],
          ['2', 'THC Hamburg', '0%', '295,00'],
          ['3', 'Zollabfertigung Import', '19%', '85,00'],
          ['4', 'Nachlauf LKW Hamburg - Zug', '0%', '1.180,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(
        canvas,
        360,
        470,
        240,
        [
          ['Nettobetrag', '3.700,00'],
          ['MwSt 19% auf 85,00', '16,15'],
          ['Gesamtbetrag EUR', '3.716,15'],
        ],
        { size: 8.5 },
      );
      canvas.text('Zahlbar innerhalb 14 Tagen ohne Abzug. IBAN DE44 2005 0550 1234 5678 90', 40, 300, {
        size: 7.5,
      });
    },
    fields: {
      invoice_number: 'NCS-R-2026-11873',
      invoice_date: '2026-11-23',
      supplier_name: 'NORDSEE CARGO SPEDITION GMBH',
      total_amount: '3716.15',
      currency: 'EUR',
    },
  },
  {
    name: 'packing-list-vietnam-net-gross-cbm-by-columns',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('SAIGON TIMBERCRAFT JOINT STOCK COMPANY', 297, 26, {
        size: 12,
        bold: true,
        align: 'center',
      });
      canvas.text('PACKING LIST', 297, 44, { size: 13, bold: true, align: 'center' });
      capsRow(canvas, 66, [
        ['PACKING LIST NO', 'STC/PL/2611-087', 40],
        ['DATE', '24/11/2026', 220],
        ['CONTAINER NO', `${plVietnam[0]?.container ?? ''} 40HC`, 360],
      ]);
      stacked(canvas, 40, 104, 'SHIPPER', ['SAIGON TIMBERCRAFT JOINT STOCK COMPANY', 'BINH DUONG, VIETNAM']);
      stacked(canvas, 320, 104, 'CONSIGNEE', ['WOODLAND LIVING PTY LTD', 'TULLAMARINE VIC 3043 AUSTRALIA']);
      tableByColumns(
        canvas,
        150,
        [
          { head: 'ITEM', x: 42 },
          { head: 'DESCRIPTION', x: 100 },
          { head: 'CTNS', x: 320, align: 'right' },
          { head: 'N.W. (KGS)', x: 390, align: 'right' },
          { head: 'G.W. (KGS)', x: 460, align: 'right' },
          { head: 'CBM', x: 553, align: 'right' },
        ],
        [
          ['DT-120', 'Acacia dining table', '240', '6,240.00', '6,960.00', '38.400'],
          ['CH-044', 'Upholstered dining chair', '480', '3,840.00', '4,320.00', '24.960'],
          ['BN-020', 'Acacia bench', '60', '1,020.00', '1,140.00', '4.320'],
          ['TOTAL', '', '780', '11,100.00', '12,420.00', '67.680'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL: SEVEN HUNDRED EIGHTY (780) CARTONS ONLY', 40, 250, { size: 8 });
    },
    fields: {
      packing_list_number: 'STC/PL/2611-087',
      shipper: 'SAIGON TIMBERCRAFT JOINT STOCK COMPANY',
      consignee: 'WOODLAND LIVING PTY LTD',
      container_numbers: containersOf(plVietnam),
      package_count: 780,
      gross_weight_kg: '12420.00',
    },
  },
  {
    name: 'packing-list-qingdao-values-above-say-total',
    type: 'packing_list',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      canvas.text('QINGDAO EVERBRIGHT TIRE CO., LTD.', 297, 26, { size: 12, bold: true, align: 'center' });
      canvas.text('No. 9 Huangpu Road, Huangdao District, Qingdao, China', 297, 40, {
        size: 7,
        align: 'center',
      });
      canvas.text('PACKING LIST', 297, 58, { size: 13, bold: true, align: 'center' });
      valueAbove(canvas, 40, 80, 240, ['QET-PL-20261115'], 'P/L No.');
      valueAbove(canvas, 320, 80, 235, ['NOV.15,2026'], 'Date');
      valueAbove(
        canvas,
        40,
        110,
        240,
        ['AFRICAN WHEELS TRADING LTD', 'PLOT 4 APAPA WHARF ROAD, LAGOS'],
        'To',
      );
      valueAbove(canvas, 320, 110, 235, ['QINGDAO TO LAGOS (APAPA)'], 'Shipment');
      table(
        canvas,
        170,
        [
          { head: 'Container No.', x: 42 },
          { head: 'Size', x: 150 },
          { head: 'Qty (PCS)', x: 260, align: 'right' },
          { head: 'N.W.(KGS)', x: 360, align: 'right' },
          { head: 'G.W.(KGS)', x: 450, align: 'right' },
          { head: 'Meas.(CBM)', x: 553, align: 'right' },
        ],
        plQingdao.map((c) => [c.container, '205/55R16', '1,050', '9,030', '9,240', '68.00']),
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL: 2,100 PCS  N.W. 18,060 KGS  G.W. 18,480 KGS  136.00 CBM', 40, 225, {
        size: 8.5,
        bold: true,
      });
      canvas.text('SAY TOTAL TWO THOUSAND ONE HUNDRED PIECES ONLY', 40, 240, { size: 8 });
      canvas.text('SHIPPED PER VESSEL: COSCO PRIDE V.031S', 40, 260, { size: 8 });
    },
    fields: {
      packing_list_number: 'QET-PL-20261115',
      shipper: 'QINGDAO EVERBRIGHT TIRE CO., LTD.',
      consignee: 'AFRICAN WHEELS TRADING LTD',
      container_numbers: containersOf(plQingdao),
      package_count: 2100,
      gross_weight_kg: '18480',
    },
  },
  {
    name: 'packing-list-brazilian-romaneio-de-carga-bilingual',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('ROMANEIO DE CARGA / PACKING LIST', 297, 26, { size: 13, bold: true, align: 'center' });
      pairs(
        canvas,
        40,
        180,
        50,
        [
          ['Romaneio Nº / Packing List No.', 'RC-2026-0611'],
          ['Fatura / Invoice', 'EXP-0611/26'],
          ['Contêiner / Container', plBrazil[0]?.container ?? ''],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 40, 100, 'Exportador / Exporter', [
        'METALURGICA VALE DO ITAJAI LTDA',
        'BLUMENAU - SC - BRASIL',
      ]);
      stacked(canvas, 320, 100, 'Importador / Importer', [
        'IBERIAN TOOLS DISTRIBUCION SL',
        'ZARAGOZA - ESPAÑA',
      ]);
      table(
        canvas,
        150,
        [
          { head: 'Volumes / Packages', x: 42 },
          { head: 'Descrição / Description', x: 140 },
          { head: 'Peso Líq. / Net kg', x: 420, align: 'right' },
          { head: 'Peso Bruto / Gross kg', x: 553, align: 'right' },
        ],
        [
          ['18 PALLETS', 'Ferramentas manuais / hand tools', '9.870,500', '10.420,500'],
          ['6 CAIXAS', 'Peças de reposição / spare parts', '1.210,000', '1.305,000'],
        ],
        { left: 40, right: 555 },
      );
      pairs(
        canvas,
        300,
        460,
        210,
        [
          ['Total de volumes / Total packages', '24'],
          ['Peso bruto total / Total gross weight', '11.725,500 kg'],
          ['Cubagem / Measurement', '32,40 m³'],
        ],
        { size: 8.5, bold: true },
      );
    },
    fields: {
      packing_list_number: 'RC-2026-0611',
      shipper: 'METALURGICA VALE DO ITAJAI LTDA',
      consignee: 'IBERIAN TOOLS DISTRIBUCION SL',
      container_numbers: containersOf(plBrazil),
      package_count: 24,
      gross_weight_kg: '11725.5',
    },
  },
  {
    name: 'packing-list-chilean-lista-de-empaque-reefer',
    type: 'packing_list',
    language: 'es',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('EXPORTADORA FRUTICOLA LOS ANDES SPA', 40, 26, { size: 11, bold: true });
      canvas.text('LISTA DE EMPAQUE', 555, 26, { size: 12, bold: true, align: 'right' });
      capsRow(canvas, 52, [
        ['N° LISTA', 'LE-88412', 40],
        ['FECHA', '21-11-2026', 200],
        ['CONTENEDOR', plChile[0]?.container ?? '', 360],
      ]);
      stacked(canvas, 40, 92, 'EXPORTADOR', [
        'EXPORTADORA FRUTICOLA LOS ANDES SPA',
        'RUTA 5 SUR KM 180, CURICO, CHILE',
      ]);
      stacked(canvas, 320, 92, 'CONSIGNATARIO', ['FRESH HARBOUR IMPORTS LTD', 'SOUTHAMPTON, UNITED KINGDOM']);
      table(
        canvas,
        150,
        [
          { head: 'PALLET', x: 42 },
          { head: 'VARIEDAD', x: 110 },
          { head: 'CAJAS', x: 290, align: 'right' },
          { head: 'PESO NETO', x: 400, align: 'right' },
          { head: 'PESO BRUTO', x: 553, align: 'right' },
        ],
        Array.from({ length: 10 }, (_, i) => [
          `P${String(i + 1).padStart(3, '0')}`,
          i % 2 === 0 ? 'CEREZA LAPINS' : 'CEREZA SANTINA',
          '112',
          '560,0',
          '652,4',
        ]),
        { left: 40, right: 555 },
      );
      canvas.text('TOTAL BULTOS: 1.120 CAJAS  PESO NETO: 5.600,0 KG  PESO BRUTO: 6.524,0 KG', 40, 330, {
        size: 8.5,
        bold: true,
      });
    },
    fields: {
      packing_list_number: 'LE-88412',
      shipper: 'EXPORTADORA FRUTICOLA LOS ANDES SPA',
      consignee: 'FRESH HARBOUR IMPORTS LTD',
      container_numbers: containersOf(plChile),
      package_count: 1120,
      gross_weight_kg: '6524.0',
    },
  },
];
