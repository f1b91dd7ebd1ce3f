import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { dashedContainer, fullWidth, unicodePairs } from './heldout6-draw.ts';

/**
 * Invoices, packing lists, bookings and other papers of the sixth held-out set: a French `Facture` with
 * VAT lines and a second currency, a German `Handelsrechnung` with `MwSt`, a Dutch `Factuur` with BTW,
 * an invoice with Chinese and English labels and its total in two currencies, an Italian `Fattura` with
 * IVA; a German `Packliste` giving weights in kg and lbs, a packing list giving lbs first, a Spanish
 * `Lista de empaque`; a French `Confirmation de réservation`, a booking whose text layer is full of
 * what OCR and typesetting leave (ligatures, soft hyphens, zero-width and no-break spaces, full-width
 * digits), a Spanish `Confirmación de reserva`; a telex release and a VGM declaration, both `other`.
 */

const packlisteBremen = cargo('HLXU', [336_207, 336_681], { size: '40HC' });
const lbsSavannah = cargo('SEGU', [518_440], { size: '40HC' });
const empaqueValencia = cargo('MSMU', [270_915, 271_388], { size: '40DV' });
const vgmBoxes = cargo('TCLU', [803_120, 803_575], { size: '40HC' });

export const HELDOUT6_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'facture-french-tva-lines-eur-and-usd-marseille',
    type: 'commercial_invoice',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('PROVENCE HUILES ET SAVONS SA', 40, 24, { size: 13, bold: true });
      canvas.text('12 boulevard des Dames, 13002 Marseille - TVA FR 41 552 118 903', 40, 41, { size: 7 });
      canvas.text('FACTURE', 555, 24, { size: 15, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 56, [
        ['Facture n°', 'PHS-F-26-00918'],
        ['Date de facture', '24 novembre 2026'],
        ['Échéance', '24 décembre 2026'],
        ['Client n°', 'C-2217'],
      ]);
      stacked(canvas, 40, 60, 'Facturé à', ['OLIVE BRANCH GOURMET LLC', '310 HARBOR BLVD, BOSTON MA']);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Réf.', x: 42 },
          { head: 'Désignation', x: 90 },
          { head: 'Qté', x: 300 },
          { head: 'P.U. HT €', x: 430, align: 'right' },
          { head: 'Montant HT €', x: 553, align: 'right' },
        ],
        [
          ['SV-01', 'Savon de Marseille 600 g', '4 800', '2,15', '10 320,00'],
          ['HO-05', "Huile d'olive vierge extra 5 L", '640', '31,40', '20 096,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [
        ['Total HT', '30 416,00 €'],
        ['TVA 0 % (exportation, art. 262 I CGI)', '0,00 €'],
        ['Frais de transport HT', '1 250,00 €'],
        ['TVA 20 % sur frais', '250,00 €'],
        ['Total TTC EUR', '31 916,00 €'],
        ['Contre-valeur indicative USD (taux 1,0842)', '34 603,33 $'],
      ]);
    },
    fields: {
      invoice_number: 'PHS-F-26-00918',
      invoice_date: '2026-11-24',
      supplier_name: 'PROVENCE HUILES ET SAVONS SA',
      total_amount: '31916.00',
      currency: 'EUR',
    },
  },
  {
    name: 'handelsrechnung-german-mwst-written-month-stuttgart',
    type: 'commercial_invoice',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.text('SCHWABEN PRÄZISIONSWERKZEUGE AG', 40, 24, { size: 13, bold: true });
      canvas.text('Neckarstraße 118, 70190 Stuttgart - USt-IdNr. DE 811 402 337', 40, 41, { size: 7 });
      canvas.text('HANDELSRECHNUNG', 555, 24, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 350, 460, 58, [
        ['Rechnungsnummer', 'SPW-RE-2026-1184'],
        ['Rechnungsdatum', '24. November 2026'],
        ['Lieferdatum', '20. November 2026'],
        ['Ihre Bestellung', 'PO-88140 vom 02.10.2026'],
      ]);
      stacked(canvas, 40, 60, 'Rechnungsempfänger', [
        'TOOLMASTER DISTRIBUTION PTY LTD',
        'PORT MELBOURNE VIC 3207',
      ]);
      const bottom = table(
        canvas,
        140,
        [
          { head: 'Pos.', x: 42 },
          { head: 'Bezeichnung', x: 80 },
          { head: 'Menge', x: 300 },
          { head: 'Einzelpreis', x: 430, align: 'right' },
          { head: 'Gesamt EUR', x: 553, align: 'right' },
        ],
        [
          ['1', 'Spiralbohrer HSS-E Satz 25-tlg.', '600', '48,90', '29.340,00'],
          ['2', 'Gewindebohrer M8 Maschine', '1.200', '7,35', '8.820,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [
        ['Nettobetrag', '38.160,00'],
        ['MwSt. 0 % (Ausfuhrlieferung)', '0,00'],
        ['Verpackung und Fracht', '1.420,00'],
        ['Rechnungsbetrag EUR', '39.580,00'],
      ]);
      canvas.text('Zahlbar innerhalb von 30 Tagen ohne Abzug.', 40, bottom + 70, { size: 7.5 });
    },
    fields: {
      invoice_number: 'SPW-RE-2026-1184',
      invoice_date: '2026-11-24',
      supplier_name: 'SCHWABEN PRÄZISIONSWERKZEUGE AG',
      total_amount: '39580.00',
      currency: 'EUR',
    },
  },
  {
    name: 'factuur-dutch-btw-te-betalen-eindhoven',
    type: 'commercial_invoice',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('BRABANT LICHTTECHNIEK B.V.', 40, 24, { size: 13, bold: true });
      canvas.text('Strijp-S 40, 5617 Eindhoven - BTW NL8521.66.034.B01 - KvK 17082233', 40, 41, { size: 7 });
      canvas.text('FACTUUR', 555, 24, { size: 15, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 58, [
        ['Factuurnummer', '2026-BL-7731'],
        ['Factuurdatum', '24-11-2026'],
        ['Vervaldatum', '08-12-2026'],
      ]);
      stacked(canvas, 40, 60, 'Aan', ['LUMEN RETAIL GROUP LTD', 'UNIT 4, TRAFFORD PARK, MANCHESTER']);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Artikel', x: 42 },
          { head: 'Omschrijving', x: 110 },
          { head: 'Aantal', x: 320 },
          { head: 'Prijs', x: 430, align: 'right' },
          { head: 'Bedrag', x: 553, align: 'right' },
        ],
        [
          ['LT-220', 'LED paneel 60x60 40W', '900', '€ 18,75', '€ 16.875,00'],
          ['LT-310', 'Armatuur IP65 1500 mm', '420', '€ 27,10', '€ 11.382,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [
        ['Subtotaal', '€ 28.257,00'],
        ['BTW 0% (intracommunautaire levering)', '€ 0,00'],
        ['Te betalen', '€ 28.257,00'],
      ]);
    },
    fields: {
      invoice_number: '2026-BL-7731',
      invoice_date: '2026-11-24',
      supplier_name: 'BRABANT LICHTTECHNIEK B.V.',
      total_amount: '28257.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-chinese-english-labels-usd-and-cny-totals-ningbo',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('NINGBO SUNRISE HOUSEWARE CO., LTD.', 40, 24, { size: 12, bold: true });
      canvas.text('NO. 1200 HUANCHENG RD, YINZHOU, NINGBO', 40, 40, { size: 7 });
      canvas.text('COMMERCIAL INVOICE', 297, 60, { size: 13, bold: true, align: 'center' });
      unicodePairs(canvas, 340, 440, 84, [
        ['发票号 Invoice No.', 'NSH２０２６１１８７'],
        ['日期 Date', '2026/11/24'],
        ['币种 Currency', 'USD'],
      ]);
      stacked(canvas, 40, 84, 'BUYER', ['CASA BELLA HOMEWARE S.L.', 'CALLE COLON 22, VALENCIA']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'No.', x: 42 },
          { head: 'Description', x: 70 },
          { head: 'Qty', x: 300 },
          { head: 'Unit Price', x: 430, align: 'right' },
          { head: 'Amount', x: 553, align: 'right' },
        ],
        [
          ['1', 'STAINLESS STEEL POT SET 5PC', '1,500 SETS', 'USD 11.20', 'USD 16,800.00'],
          ['2', 'GLASS LID 24CM', '3,000 PCS', 'USD 1.35', 'USD 4,050.00'],
        ],
        { left: 40, right: 555 },
      );
      canvas.unicodeText('总金额 TOTAL AMOUNT:', 300, bottom + 6, { size: 8.5, bold: true });
      canvas.text('USD 20,850.00', 553, bottom + 6, { size: 8.5, bold: true, align: 'right' });
      canvas.text('(CNY 148,452.00 at 7.1200 for reference only)', 553, bottom + 20, {
        size: 7,
        align: 'right',
      });
    },
    fields: {
      invoice_number: 'NSH20261187',
      invoice_date: '2026-11-24',
      supplier_name: 'NINGBO SUNRISE HOUSEWARE CO., LTD.',
      total_amount: '20850.00',
      currency: 'USD',
    },
  },
  {
    name: 'fattura-italian-iva-totale-documento-bologna',
    type: 'commercial_invoice',
    language: 'it',
    face: 'times',
    draw: (canvas) => {
      canvas.text('CERAMICHE EMILIANE S.P.A.', 40, 24, { size: 13, bold: true });
      canvas.text('Via Radici in Piano 400, Sassuolo (MO) - P.IVA IT 01834570366', 40, 41, { size: 7 });
      canvas.text('FATTURA', 555, 24, { size: 15, bold: true, align: 'right' });
      pairs(canvas, 350, 450, 58, [
        ['Fattura n.', '2026/FE/04417'],
        ['Data', '24/11/2026'],
        ['Pagamento', 'Bonifico 60 gg d.f.'],
      ]);
      stacked(canvas, 40, 60, 'Spett.le', ['TILE & STONE IMPORTS INC', 'MIAMI FL 33166']);
      const bottom = table(
        canvas,
        130,
        [
          { head: 'Codice', x: 42 },
          { head: 'Descrizione', x: 100 },
          { head: 'Q.tà mq', x: 320 },
          { head: 'Prezzo', x: 430, align: 'right' },
          { head: 'Importo', x: 553, align: 'right' },
        ],
        [
          ['GR-6060', 'Gres porcellanato 60x60 grigio', '2.880', '14,20', '40.896,00'],
          ['GR-3060', 'Rivestimento 30x60 bianco', '1.440', '11,90', '17.136,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 553, bottom + 4, [
        ['Imponibile', '58.032,00'],
        ['IVA non imponibile art. 8', '0,00'],
        ['Totale documento EUR', '58.032,00'],
      ]);
    },
    fields: {
      invoice_number: '2026/FE/04417',
      invoice_date: '2026-11-24',
      supplier_name: 'CERAMICHE EMILIANE S.P.A.',
      total_amount: '58032.00',
      currency: 'EUR',
    },
  },
  {
    name: 'packliste-german-kg-and-lbs-bremen',
    type: 'packing_list',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('PACKLISTE', 555, 24, { size: 15, bold: true, align: 'right' });
      canvas.text('BREMER KAFFEEMASCHINEN GMBH', 40, 24, { size: 12, bold: true });
      pairs(canvas, 350, 450, 52, [
        ['Packliste Nr.', 'BKM-PL-26-219'],
        ['Datum', '24.11.2026'],
        ['Rechnung Nr.', 'BKM-RE-26-219'],
      ]);
      stacked(canvas, 40, 52, 'Versender', ['BREMER KAFFEEMASCHINEN GMBH', 'ÜBERSEESTADT, 28217 BREMEN']);
      stacked(canvas, 40, 94, 'Empfänger', ['ESPRESSO WORLD TRADING LLC', 'DORAL FL 33178']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'Container', x: 42 },
          { head: 'Packstücke', x: 150 },
          { head: 'Netto kg', x: 300, align: 'right' },
          { head: 'Brutto kg', x: 400, align: 'right' },
          { head: 'Brutto lbs', x: 553, align: 'right' },
        ],
        [
          [packlisteBremen[0]?.container ?? '', '24 Paletten', '7.420,0', '8.110,0', '17.879,5'],
          [packlisteBremen[1]?.container ?? '', '22 Paletten', '6.805,0', '7.440,0', '16.402,4'],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 300, 553, bottom + 4, [
        ['Anzahl Packstücke gesamt', '46 Paletten'],
        ['Bruttogewicht gesamt', '15.550,0 kg / 34.281,8 lbs'],
      ]);
    },
    fields: {
      packing_list_number: 'BKM-PL-26-219',
      shipper: 'BREMER KAFFEEMASCHINEN GMBH',
      consignee: 'ESPRESSO WORLD TRADING LLC',
      container_numbers: containersOf(packlisteBremen),
      package_count: 46,
      gross_weight_kg: '15550.0',
    },
  },
  {
    name: 'packing-list-lbs-first-kg-in-brackets-savannah',
    type: 'packing_list',
    language: 'en',
    face: 'courier',
    letter: true,
    draw: (canvas) => {
      canvas.text('GEORGIA PINE FLOORING CO.', 40, 24, { size: 12, bold: true });
      canvas.text('PACKING LIST', 572, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 360, 470, 50, [
        ['P/L NO.', 'GPF-3391'],
        ['DATE', '11/24/2026'],
        ['CONTAINER', dashedContainer(lbsSavannah[0]?.container ?? '')],
      ]);
      stacked(canvas, 40, 50, 'SHIPPER', ['GEORGIA PINE FLOORING CO.', 'SAVANNAH GA 31401']);
      stacked(canvas, 40, 92, 'CONSIGNEE', ['NORDIC HOME MATERIALS AB', 'GOTHENBURG, SWEDEN']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'BUNDLE', x: 42 },
          { head: 'DESCRIPTION', x: 110 },
          { head: 'SQ FT', x: 380, align: 'right' },
          { head: 'GROSS LBS', x: 470, align: 'right' },
          { head: '(KG)', x: 570, align: 'right' },
        ],
        [
          ['1-18', 'HEART PINE 5IN PLANK', '9,720', '23,400', '(10,614.0)'],
          ['19-30', 'HEART PINE 3IN STRIP', '5,400', '14,300', '(6,486.4)'],
        ],
        { left: 40, right: 572 },
      );
      pairs(canvas, 300, 470, bottom + 4, [
        ['TOTAL BUNDLES', '30'],
        ['TOTAL GROSS WEIGHT', '37,700 LBS (17,100.4 KG)'],
      ]);
    },
    fields: {
      packing_list_number: 'GPF-3391',
      shipper: 'GEORGIA PINE FLOORING CO.',
      consignee: 'NORDIC HOME MATERIALS AB',
      container_numbers: containersOf(lbsSavannah),
      package_count: 30,
      gross_weight_kg: '17100.4',
    },
  },
  {
    name: 'lista-de-empaque-spanish-valencia',
    type: 'packing_list',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CÍTRICOS DEL TURIA S.L.', 40, 24, { size: 13, bold: true });
      canvas.text('LISTA DE EMPAQUE', 555, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 350, 460, 50, [
        ['Lista n.º', 'CT-LE-2611-58'],
        ['Fecha', '24 de noviembre de 2026'],
      ]);
      stacked(canvas, 40, 50, 'Exportador', ['CÍTRICOS DEL TURIA S.L.', 'CAMÍ REAL 14, ALZIRA (VALENCIA)']);
      stacked(canvas, 40, 92, 'Importador', ['MAPLE FRESH PRODUCE INC.', 'MISSISSAUGA ON L5T 2N7']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'Contenedor', x: 42 },
          { head: 'Bultos', x: 160 },
          { head: 'Peso neto kg', x: 400, align: 'right' },
          { head: 'Peso bruto kg', x: 553, align: 'right' },
        ],
        empaqueValencia.map((c, i) => [
          c.container,
          i === 0 ? '1.386 cajas' : '1.320 cajas',
          i === 0 ? '20.790' : '19.800',
          i === 0 ? '22.330' : '21.270',
        ]),
        { left: 40, right: 555 },
      );
      pairs(canvas, 300, 553, bottom + 4, [
        ['Total bultos', '2.706 cajas'],
        ['Peso bruto total', '43.600 kg'],
      ]);
    },
    fields: {
      packing_list_number: 'CT-LE-2611-58',
      shipper: 'CÍTRICOS DEL TURIA S.L.',
      consignee: 'MAPLE FRESH PRODUCE INC.',
      container_numbers: containersOf(empaqueValencia),
      package_count: 2706,
      gross_weight_kg: '43600',
    },
  },
  {
    name: 'confirmation-de-reservation-french-fos-sur-mer-singapore',
    type: 'booking_confirmation',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CMA CGM', 40, 24, { size: 18, bold: true });
      canvas.text('CONFIRMATION DE RÉSERVATION', 555, 26, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 450, 56, [
        ['N° de réservation :', 'FOS2611408'],
        ["Date d'émission :", '24/11/2026'],
        ['Navire :', 'CMA CGM JULES VERNE'],
        ['Voyage :', '0FLB1E1'],
        ['Port de chargement :', 'FOS-SUR-MER'],
        ['Port de déchargement :', 'SINGAPOUR'],
        ['Départ prévu (ETD) :', '02/12/2026'],
        ['Date limite VGM :', '30/11/2026'],
      ]);
      stacked(canvas, 40, 56, 'Chargeur', ['AROMES DE GRASSE SAS', '8 AVENUE SAINTE-LORETTE, GRASSE']);
      stacked(canvas, 40, 100, 'Transitaire', ['TRANSMED FORWARDING SARL']);
      canvas.text('Équipement : 2 x 20 DRY', 40, 200, { size: 8 });
    },
    fields: {
      booking_number: 'FOS2611408',
      shipper: 'AROMES DE GRASSE SAS',
      vessel_name: 'CMA CGM JULES VERNE',
      voyage_number: '0FLB1E1',
      port_of_loading: port('Fos-sur-Mer', 'FRFOS'),
      port_of_discharge: port('Singapour', 'SGSIN'),
      etd: '2026-12-02',
    },
  },
  {
    name: 'booking-confirmation-ocr-noise-ligatures-soft-hyphens-zero-width-spaces-busan',
    type: 'booking_confirmation',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('HMM CO., LTD.', 40, 24, { size: 14, bold: true });
      canvas.unicodeText('BOOKING CON\ufb01RMATION', 555, 26, { size: 12, bold: true, align: 'right' });
      unicodePairs(canvas, 330, 450, 56, [
        ['Booking\u00a0No.', `HMM${fullWidth('PUS')}\u200b2611\u200b0873`],
        ['Date', '24\u00a0Nov\u00a02026'],
        ['Vessel', 'HMM\u00a0ALGECIRAS'],
        ['Voy\u00adage', '0042W'],
        ['Port of Load\u00ading', 'BUSAN'],
        ['Port of Dis\u00adcharge', 'ALGECIRAS'],
        ['ETD', `${fullWidth('28')}\u00a0NOV\u00a02026`],
      ]);
      canvas.unicodeText('Ship\u00adper', 40, 56, { size: 7, bold: true });
      canvas.unicodeText('KOREA \ufb02EXIBLE PACKAGING CO., LTD.', 40, 67, { size: 8.5 });
      canvas.unicodeText('GANGSEO-GU, BUSAN', 40, 78, { size: 8.5 });
      canvas.unicodeText('Booking party: HMM Busan O\ufb03ce', 40, 100, { size: 8 });
      canvas.unicodeText(
        'Equipment: 3\u00a0x\u00a040HC - CY/CY - speci\ufb01c cut-o\ufb00 applies',
        40,
        200,
        { size: 8 },
      );
    },
    fields: {
      booking_number: 'HMMPUS26110873',
      shipper: 'KOREA FLEXIBLE PACKAGING CO., LTD.',
      vessel_name: 'HMM ALGECIRAS',
      voyage_number: '0042W',
      port_of_loading: port('Busan', 'KRPUS'),
      port_of_discharge: port('Algeciras', 'ESALG'),
      etd: '2026-11-28',
    },
  },
  {
    name: 'confirmacion-de-reserva-spanish-barcelona-veracruz',
    type: 'booking_confirmation',
    language: 'es',
    face: 'times',
    draw: (canvas) => {
      canvas.text('NAVIERA MEDITERRÁNEO ATLÁNTICO S.A.', 40, 24, { size: 12, bold: true });
      canvas.text('CONFIRMACIÓN DE RESERVA', 555, 24, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 450, 52, [
        ['Reserva n.º', 'NMA-BCN-88107'],
        ['Fecha', '24/11/2026'],
        ['Buque', 'ATLANTIC MERIDIAN'],
        ['Viaje', '612W'],
        ['Puerto de carga', 'BARCELONA'],
        ['Puerto de descarga', 'VERACRUZ'],
        ['Salida estimada', '05/12/2026'],
      ]);
      stacked(canvas, 40, 52, 'Embarcador', [
        'AZULEJOS MEDITERRÁNEOS S.A.',
        'POLÍGONO INDUSTRIAL, CASTELLÓN',
      ]);
      stacked(canvas, 40, 96, 'Consignatario', ['MATERIALES DEL GOLFO S.A. DE C.V.']);
      canvas.text('Equipo: 4 x 20 DV. Cierre documental: 02/12/2026 12:00.', 40, 190, { size: 8 });
    },
    fields: {
      booking_number: 'NMA-BCN-88107',
      shipper: 'AZULEJOS MEDITERRÁNEOS S.A.',
      vessel_name: 'ATLANTIC MERIDIAN',
      voyage_number: '612W',
      port_of_loading: port('Barcelona', 'ESBCN'),
      port_of_discharge: port('Veracruz', 'MXVER'),
      etd: '2026-12-05',
    },
  },
  {
    name: 'telex-release-note-no-original-bills-other',
    type: 'other',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('YANG MING MARINE TRANSPORT CORP.', 40, 24, { size: 11, bold: true });
      canvas.text('TELEX RELEASE', 555, 24, { size: 13, bold: true, align: 'right' });
      canvas.lines(
        [
          'TO: YANG MING (AMERICA) CORP. - LOS ANGELES OFFICE',
          'FM: YANG MING KAOHSIUNG',
          'DATE: 24NOV26',
          '',
          'RE: B/L NO. YMLUK236018842',
          '    VSL/VOY: YM UNANIMITY 062E',
          '    POL: KAOHSIUNG   POD: LOS ANGELES',
          '',
          'PLS BE ADVISED THAT THE FULL SET OF ORIGINAL BILLS OF LADING',
          'HAS BEEN SURRENDERED AT ORIGIN. PLS RELEASE THE CARGO TO THE',
          'CONSIGNEE WITHOUT PRESENTATION OF THE ORIGINAL B/L.',
          '',
          'CONSIGNEE: PACIFIC COAST BICYCLE SUPPLY INC',
          'CNTR: YMLU 830164 2',
          '',
          'BRGDS / EXPORT DOCUMENTATION',
        ],
        40,
        56,
        { size: 8.5 },
      );
    },
    fields: {},
  },
  {
    name: 'vgm-declaration-verified-gross-mass-other',
    type: 'other',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('VERIFIED GROSS MASS (VGM) DECLARATION', 297, 30, {
        size: 13,
        bold: true,
        align: 'center',
      });
      canvas.text('SOLAS Chapter VI, Regulation 2 - Method 1 (weighing of the packed container)', 297, 48, {
        size: 7.5,
        align: 'center',
      });
      pairs(canvas, 40, 170, 76, [
        ['Shipper', 'ANATOLIA TEXTILE MILLS A.S.'],
        ['Booking No.', 'TK2611904'],
        ['Vessel / Voyage', 'MAERSK ISTANBUL / 648S'],
        ['Weighing station', 'AMBARLI WEIGHBRIDGE 2'],
        ['Date of weighing', '24.11.2026'],
      ]);
      table(
        canvas,
        170,
        [
          { head: 'Container', x: 42 },
          { head: 'Tare (kg)', x: 250, align: 'right' },
          { head: 'Cargo (kg)', x: 380, align: 'right' },
          { head: 'VGM (kg)', x: 553, align: 'right' },
        ],
        vgmBoxes.map((c) => [c.container, '3,900', c.weight, '18,210.000']),
        { left: 40, right: 555 },
      );
      canvas.text('Authorized person: M. YILDIZ (signature)', 40, 240, { size: 8 });
    },
    fields: {},
  },
];
