import { cargo, containersOf, type HeldoutDocument } from './heldout-cargo.ts';
import { pairs, stacked, table } from './heldout2-draw.ts';
import { keyValueGrid } from './heldout4-draw.ts';

/**
 * Invoices and packing lists of the fourth held-out set: amounts in Swiss (`1'234.56`), French
 * (`1 234,56`) and German (`1.234,56`) conventions, an invoice with amounts in two currencies, an Italian
 * `Fattura` with a long date; packing lists in Dutch and French beside English and one of ten containers.
 */

const plDutch = cargo('NYKU', [560_118], { size: '40HC' });
const plTen = cargo(
  'FCIU',
  [120_441, 120_907, 121_336, 121_802, 122_270, 122_719, 123_145, 123_608, 124_033, 124_590],
  { size: '40HC' },
);
const plFrench = cargo('CMAU', [884_102, 884_655], { size: '20DV' });

export const HELDOUT4_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'invoice-swiss-apostrophe-thousands-chf-basel',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('RHEINTAL PRÄZISIONSTECHNIK AG', 40, 26, { size: 12, bold: true });
      canvas.text('Hafenstrasse 12, CH-4057 Basel - MWST CHE-112.447.902', 40, 40, { size: 7 });
      canvas.text('HANDELSRECHNUNG / COMMERCIAL INVOICE', 555, 60, { size: 11, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        300,
        76,
        [90, 165, 0, 0],
        [
          ['Rechnung Nr.', 'RPT-2026-11-0488'],
          ['Datum', '24.11.2026'],
          ['Incoterms', 'FCA BASEL'],
        ],
      );
      stacked(canvas, 40, 76, 'Käufer / Buyer', ['NORTHLAKE INSTRUMENTS INC', 'MILWAUKEE WI 53204 USA']);
      table(
        canvas,
        150,
        [
          { head: 'Pos.', x: 42 },
          { head: 'Artikel / Description', x: 80 },
          { head: 'Menge', x: 330, align: 'right' },
          { head: 'Preis CHF', x: 430, align: 'right' },
          { head: 'Betrag CHF', x: 553, align: 'right' },
        ],
        [
          ['10', 'Linear guide rail 1200mm', '320', '84.50', "27'040.00"],
          ['20', 'Ball screw assembly', '150', '145.82', "21'873.00"],
          ['30', 'Packing', '1', '2.30', '2.30'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text("Total CHF 48'915.30", 553, 214, { size: 10, bold: true, align: 'right' });
      canvas.text('Zahlbar innert 30 Tagen netto. Ursprung: Schweiz.', 40, 240, { size: 7.5 });
    },
    fields: {
      invoice_number: 'RPT-2026-11-0488',
      invoice_date: '2026-11-24',
      supplier_name: 'RHEINTAL PRÄZISIONSTECHNIK AG',
      total_amount: '48915.30',
      currency: 'CHF',
    },
  },
  {
    name: 'facture-commerciale-french-space-thousands-eur',
    type: 'commercial_invoice',
    language: 'fr',
    face: 'times',
    draw: (canvas) => {
      canvas.text('DISTILLERIE DU VAL DE LOIRE SAS', 40, 26, { size: 12, bold: true });
      canvas.text('Route de Chinon, 37500 Saumur - SIREN 812 447 902', 40, 40, { size: 7 });
      canvas.text('FACTURE COMMERCIALE', 555, 60, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 430, 80, [
        ['Facture n°', 'DVL-F-26-1187'],
        ['Date', '24/11/2026'],
        ['Devise', 'EUR'],
      ]);
      stacked(canvas, 40, 80, 'Client', ['MAPLE SPIRITS IMPORTERS LTD', 'TORONTO ON CANADA']);
      table(
        canvas,
        140,
        [
          { head: 'Désignation', x: 42 },
          { head: 'Quantité', x: 300, align: 'right' },
          { head: 'Prix unitaire', x: 420, align: 'right' },
          { head: 'Montant', x: 553, align: 'right' },
        ],
        [
          ['Liqueur de poire 70cl', '1 200', '14,75', '17 700,00'],
          ['Eau-de-vie de prune 50cl', '960', '18,20', '17 472,00'],
        ],
        { left: 40, right: 555 },
      );
      pairs(
        canvas,
        380,
        470,
        196,
        [
          ['Total HT', '35 172,00'],
          ['Transport', '1 234,56'],
          ['Total à payer', '36 406,56 EUR'],
        ],
        { labelBold: true },
      );
      canvas.text('Exonération de TVA, article 262 ter I du CGI (exportation).', 40, 260, { size: 7 });
    },
    fields: {
      invoice_number: 'DVL-F-26-1187',
      invoice_date: '2026-11-24',
      supplier_name: 'DISTILLERIE DU VAL DE LOIRE SAS',
      total_amount: '36406.56',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-german-two-currencies-eur-total-usd-equivalent',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('BAYERWALD GLASHÜTTE GMBH & CO. KG', 40, 26, { size: 12, bold: true });
      canvas.text('Glashüttenweg 4, 94258 Frauenau', 40, 40, { size: 7 });
      canvas.text('RECHNUNG', 555, 58, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 78, [
        ['Rechnungsnummer:', '2026-RE-004871'],
        ['Rechnungsdatum:', '24. November 2026'],
        ['Kundennummer:', '10442'],
      ]);
      stacked(canvas, 40, 78, 'Rechnungsempfänger', ['CRYSTAL COAST HOME LLC', 'WILMINGTON NC 28401 USA']);
      table(
        canvas,
        140,
        [
          { head: 'Artikel', x: 42 },
          { head: 'Menge', x: 300, align: 'right' },
          { head: 'Einzelpreis EUR', x: 420, align: 'right' },
          { head: 'Gesamt EUR', x: 553, align: 'right' },
        ],
        [
          ['Weinglas Kristall 6er Set', '800', '9,85', '7.880,00'],
          ['Karaffe mundgeblasen', '450', '10,19', '4.585,50'],
        ],
        { left: 40, right: 555 },
      );
      pairs(
        canvas,
        360,
        470,
        196,
        [
          ['Nettobetrag EUR', '12.465,50'],
          ['Fracht EUR', '380,17'],
          ['Gesamtbetrag EUR', '12.845,67'],
          ['Gegenwert USD (Kurs 1,0842)', '13,927.28'],
        ],
        { labelBold: true },
      );
      canvas.text('Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a UStG.', 40, 262, { size: 7 });
    },
    fields: {
      invoice_number: '2026-RE-004871',
      invoice_date: '2026-11-24',
      supplier_name: 'BAYERWALD GLASHÜTTE GMBH & CO. KG',
      total_amount: '12845.67',
      currency: 'EUR',
    },
  },
  {
    name: 'fattura-commerciale-italian-long-date',
    type: 'commercial_invoice',
    language: 'it',
    face: 'times',
    draw: (canvas) => {
      canvas.text('OLEIFICIO COLLI FIORENTINI S.R.L.', 40, 26, { size: 12, bold: true });
      canvas.text('Via Chiantigiana 88, 50012 Bagno a Ripoli (FI) - P.IVA 04471902481', 40, 40, { size: 7 });
      canvas.text('FATTURA COMMERCIALE / COMMERCIAL INVOICE', 555, 60, {
        size: 10,
        bold: true,
        align: 'right',
      });
      keyValueGrid(
        canvas,
        300,
        76,
        [110, 145, 0, 0],
        [
          ['Fattura n. / Invoice No.', '1187/E'],
          ['Data / Date', '24 novembre 2026'],
          ['Valuta / Currency', 'EUR'],
        ],
        7.5,
      );
      stacked(canvas, 40, 76, 'Cliente / Buyer', ['GOURMET PANTRY PTE LTD', 'SINGAPORE 609431']);
      table(
        canvas,
        150,
        [
          { head: 'Descrizione', x: 42 },
          { head: 'Quantità', x: 300, align: 'right' },
          { head: 'Prezzo', x: 420, align: 'right' },
          { head: 'Importo', x: 553, align: 'right' },
        ],
        [
          ['Olio extravergine 1L', '2.400', '7,90', '18.960,00'],
          ['Olio extravergine 5L', '300', '34,50', '10.350,00'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('Totale fattura / Invoice total: EUR 29.310,00', 553, 200, {
        size: 9.5,
        bold: true,
        align: 'right',
      });
    },
    fields: {
      invoice_number: '1187/E',
      invoice_date: '2026-11-24',
      supplier_name: 'OLEIFICIO COLLI FIORENTINI S.R.L.',
      total_amount: '29310.00',
      currency: 'EUR',
    },
  },
  {
    name: 'paklijst-dutch-english-comma-decimal-weights',
    type: 'packing_list',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('WESTLAND TUINBOUW EXPORT B.V.', 40, 26, { size: 12, bold: true });
      canvas.text('PAKLIJST / PACKING LIST', 555, 44, { size: 12, bold: true, align: 'right' });
      keyValueGrid(
        canvas,
        300,
        62,
        [110, 145, 0, 0],
        [
          ['Paklijst nr. / No.', 'WTE-PL-26-3318'],
          ['Datum / Date', '24-11-2026'],
          ['Container', plDutch[0]?.container ?? ''],
        ],
        7.5,
      );
      stacked(canvas, 40, 62, 'Afzender / Shipper', ['WESTLAND TUINBOUW EXPORT B.V.', 'NAALDWIJK']);
      stacked(canvas, 40, 100, 'Ontvanger / Consignee', ['AL NOOR GREENHOUSE SUPPLIES LLC', 'DUBAI UAE']);
      table(
        canvas,
        150,
        [
          { head: 'Omschrijving', x: 42 },
          { head: 'Colli', x: 300, align: 'right' },
          { head: 'Netto kg', x: 420, align: 'right' },
          { head: 'Bruto kg', x: 553, align: 'right' },
        ],
        [
          ['Kweekpotten 12cm', '640', '5.120,0', '5.504,5'],
          ['Substraatmatten', '380', '8.436,0', '8.930,0'],
          ['Totaal / Total', '1.020', '13.556,0', '14.434,5'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'WTE-PL-26-3318',
      shipper: 'WESTLAND TUINBOUW EXPORT B.V.',
      consignee: 'AL NOOR GREENHOUSE SUPPLIES LLC',
      container_numbers: containersOf(plDutch),
      package_count: 1020,
      gross_weight_kg: '14434.5',
    },
  },
  {
    name: 'packing-list-ten-containers-table-totals',
    type: 'packing_list',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('SIAM RUBBER PRODUCTS CO., LTD.', 40, 26, { size: 11, bold: true });
      canvas.text('PACKING LIST', 555, 26, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 50, [
        ['P/L No.', 'SRP-2611-077'],
        ['Date', '2026/11/20'],
        ['Invoice No.', 'SRP-INV-2611-077'],
      ]);
      stacked(canvas, 40, 50, 'SHIPPER', ['SIAM RUBBER PRODUCTS CO., LTD.', 'LAEM CHABANG, THAILAND']);
      stacked(canvas, 40, 92, 'CONSIGNEE', ['IBERIA TYRE DISTRIBUTION S.L.', 'VALENCIA, SPAIN']);
      const rows = plTen.map((c) => [c.container, c.seal, '120 BALES', '19,800.000', '20,160.000']);
      rows.push(['TOTAL', '', '1,200 BALES', '198,000.000', '201,600.000']);
      table(
        canvas,
        140,
        [
          { head: 'CONTAINER', x: 42 },
          { head: 'SEAL', x: 150 },
          { head: 'PACKAGES', x: 240 },
          { head: 'NET KG', x: 420, align: 'right' },
          { head: 'GROSS KG', x: 553, align: 'right' },
        ],
        rows,
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'SRP-2611-077',
      shipper: 'SIAM RUBBER PRODUCTS CO., LTD.',
      consignee: 'IBERIA TYRE DISTRIBUTION S.L.',
      container_numbers: containersOf(plTen),
      package_count: 1200,
      gross_weight_kg: '201600',
    },
  },
  {
    name: 'liste-de-colisage-french-space-thousands',
    type: 'packing_list',
    language: 'fr',
    face: 'times',
    draw: (canvas) => {
      canvas.text('SAVONNERIE DE MARSEILLE PROVENCE SA', 40, 26, { size: 12, bold: true });
      canvas.text('LISTE DE COLISAGE', 555, 44, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 62, [
        ['N° de liste :', 'SMP-LC-2611-45'],
        ['Date :', '24.11.2026'],
        ['Conteneurs :', plFrench.map((c) => c.container).join(', ')],
      ]);
      stacked(canvas, 40, 62, 'Expéditeur', ['SAVONNERIE DE MARSEILLE PROVENCE SA', 'MARSEILLE']);
      stacked(canvas, 40, 104, 'Destinataire', ['NATURAL BATH TRADING CO', 'YOKOHAMA JAPAN']);
      table(
        canvas,
        150,
        [
          { head: 'Désignation', x: 42 },
          { head: 'Cartons', x: 300, align: 'right' },
          { head: 'Poids net kg', x: 420, align: 'right' },
          { head: 'Poids brut kg', x: 553, align: 'right' },
        ],
        [
          ['Savon de Marseille 300 g', '1 100', '9 900,0', '10 450,0'],
          ['Savon liquide 1 L', '540', '6 480,0', '6 912,0'],
        ],
        { left: 40, right: 555 },
      );
      canvas.text('Total : 1 640 cartons - poids brut total 17 362,0 kg', 40, 200, { size: 9, bold: true });
    },
    fields: {
      packing_list_number: 'SMP-LC-2611-45',
      shipper: 'SAVONNERIE DE MARSEILLE PROVENCE SA',
      consignee: 'NATURAL BATH TRADING CO',
      container_numbers: containersOf(plFrench),
      package_count: 1640,
      gross_weight_kg: '17362',
    },
  },
];
