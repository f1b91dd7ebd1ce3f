import { cargo, containersOf, type HeldoutDocument } from './heldout-cargo.ts';
import { drawExporterDocument, drawVatInvoice, type VatInvoice } from './heldout-trade.ts';

/** Held-out invoices and packing lists: European suppliers with VAT tables, forwarders, exporters. */

const plCargo = cargo('TGHU', [804_117]);
const plCargo2 = cargo('TCLU', [330_981, 331_402], { size: '40HC' });

function vatInvoice(parts: Omit<VatInvoice, 'termsPages'> & { termsPages?: number }): VatInvoice {
  return { termsPages: 0, ...parts };
}

export const HELDOUT_TRADE: readonly HeldoutDocument[] = [
  {
    name: 'invoice-german-supplier-vat-table',
    type: 'commercial_invoice',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'Müller Antriebstechnik GmbH',
            'Gewerbepark Süd 14',
            '73430 Aalen',
            'Tel. +49 7361 55 20-0',
          ],
          senderLine: 'Müller Antriebstechnik GmbH · Gewerbepark Süd 14 · 73430 Aalen',
          recipient: [
            'Van Dijk Machinebouw B.V.',
            'Afdeling Inkoop',
            'Kanaalweg 18',
            '5928 PT Venlo',
            'Niederlande',
          ],
          info: [
            ['Rechnungsnummer', 'RE-2022-10457'],
            ['Rechnungsdatum', '28.11.2022'],
            ['Kundennummer', '10023'],
            ['Lieferdatum', '21.11.2022'],
            ['Ihre Bestellung', '4500012345 vom 02.11.2022'],
          ],
          title: 'Rechnung',
          items: {
            header: ['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamtpreis'],
            rows: [
              ['1', 'Getriebemotor GM-75, 0,75 kW', '12', '486,50', '5.838,00'],
              ['2', 'Frequenzumrichter FU-2', '12', '312,00', '3.744,00'],
              ['3', 'Verpackung und Fracht', '1', '185,00', '185,00'],
            ],
          },
          totals: [
            ['Nettobetrag', '9.767,00 EUR'],
            ['USt. 0 % (innergem. Lieferung)', '0,00 EUR'],
            ['Rechnungsbetrag', '9.767,00 EUR'],
          ],
          vat: {
            header: ['USt.-Satz', 'Netto', 'USt.', 'Brutto'],
            rows: [['0 %', '9.767,00', '0,00', '9.767,00']],
          },
          terms: [
            'Zahlbar bis 28.12.2022 ohne Abzug. Steuerfreie innergemeinschaftliche Lieferung nach § 4 Nr. 1b UStG.',
          ],
          footer: [
            ['Müller Antriebstechnik GmbH', 'Sitz: Aalen', 'Amtsgericht Ulm HRB 701234'],
            ['Geschäftsführer: Thomas Müller', 'USt-IdNr.: DE 812 345 678'],
            ['Kreissparkasse Ostalb', 'IBAN DE12 6145 0050 0110 2233 44', 'BIC OASPDE6AXXX'],
          ],
        }),
      ),
    fields: {
      invoice_number: 'RE-2022-10457',
      invoice_date: '2022-11-28',
      supplier_name: 'Müller Antriebstechnik GmbH',
      total_amount: '9767.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-french-supplier-net-a-payer',
    type: 'commercial_invoice',
    language: 'fr',
    face: 'times',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'Verrerie de la Loire SAS',
            '12 rue des Tanneurs',
            '44000 Nantes',
            'SIRET 812 345 678 00019',
          ],
          senderLine: 'Verrerie de la Loire SAS - 12 rue des Tanneurs - 44000 Nantes',
          recipient: ['Hotelbedarf Schneider KG', 'Königsallee 4', '40212 Düsseldorf', 'Allemagne'],
          info: [
            ['N° de facture', 'FA22-01187'],
            ['Date', '14/11/2022'],
            ['Échéance', '14/12/2022'],
            ['Code client', 'C0412'],
          ],
          title: 'FACTURE',
          items: {
            header: ['Réf.', 'Désignation', 'Qté', 'P.U. HT', 'Montant HT'],
            rows: [
              ['VL-220', 'Verres à vin 22 cl, carton de 24', '150', '38,40', '5 760,00'],
              ['VL-350', 'Carafes 1 L', '60', '14,90', '894,00'],
            ],
          },
          totals: [
            ['Total HT', '6 654,00 €'],
            ['TVA 20 %', '1 330,80 €'],
            ['Total TTC', '7 984,80 €'],
            ['Acompte versé', '-2 000,00 €'],
            ['Net à payer', '5 984,80 €'],
          ],
          vat: {
            header: ['Taux TVA', 'Base HT', 'Montant TVA', 'Total TTC'],
            rows: [['20,00 %', '6 654,00', '1 330,80', '7 984,80']],
          },
          terms: [
            "Règlement par virement à réception de facture. Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.",
          ],
          footer: [
            ['Verrerie de la Loire SAS au capital de 150 000 €', 'RCS Nantes 812 345 678'],
            ['TVA intracom. FR 45 812345678'],
            ['Crédit Mutuel Nantes', 'IBAN FR76 1027 8360 1000 0201 2345 678'],
          ],
        }),
      ),
    fields: {
      invoice_number: 'FA22-01187',
      invoice_date: '2022-11-14',
      supplier_name: 'Verrerie de la Loire SAS',
      total_amount: '5984.80',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-dutch-supplier-te-betalen',
    type: 'commercial_invoice',
    language: 'nl',
    face: 'helvetica',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: ['Kaasmakerij Het Groene Hart B.V.', 'Goudseweg 112', '2411 HK Bodegraven'],
          senderLine: 'Kaasmakerij Het Groene Hart B.V., Goudseweg 112, 2411 HK Bodegraven',
          recipient: ['Delikatessen Hofmann GmbH', 'Marktplatz 3', '50667 Köln', 'Duitsland'],
          info: [
            ['Factuurnummer', '2022/1093'],
            ['Factuurdatum', '21-11-2022'],
            ['Vervaldatum', '05-12-2022'],
            ['Klantnummer', 'D-0087'],
          ],
          title: 'Factuur',
          items: {
            header: ['Art.nr.', 'Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
            rows: [
              ['G48', 'Goudse kaas belegen, 12 kg', '40', '118,00', '4.720,00'],
              ['G12', 'Goudse kaas jong, 4,5 kg', '80', '41,50', '3.320,00'],
            ],
          },
          totals: [
            ['Subtotaal', '€ 8.040,00'],
            ['BTW verlegd', '€ 0,00'],
            ['Totaal te betalen', '€ 8.040,00'],
          ],
          vat: null,
          terms: [
            'Wij verzoeken u het bedrag binnen 14 dagen over te maken op IBAN NL91 ABNA 0417 1643 00 o.v.v. het factuurnummer.',
          ],
          footer: [
            ['KvK 28012345', 'BTW NL8123.45.678.B01'],
            ['ABN AMRO Bodegraven', 'IBAN NL91 ABNA 0417 1643 00'],
          ],
        }),
      ),
    fields: {
      invoice_number: '2022/1093',
      invoice_date: '2022-11-21',
      supplier_name: 'Kaasmakerij Het Groene Hart B.V.',
      total_amount: '8040.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-italian-supplier-totale-documento',
    type: 'commercial_invoice',
    language: 'it',
    face: 'helvetica',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'Ceramiche Sassuolo Nord S.r.l.',
            'Via Radici in Piano 210',
            '41049 Sassuolo (MO)',
            'P.IVA 01234560361',
          ],
          senderLine: 'Ceramiche Sassuolo Nord S.r.l. - Via Radici in Piano 210 - 41049 Sassuolo',
          recipient: ['Baustoffe Weber AG', 'Industriestrasse 40', '8305 Dietlikon', 'Svizzera'],
          info: [
            ['Fattura n.', '1187/E'],
            ['Data documento', '30/11/2022'],
            ['Cod. cliente', '00812'],
            ['Pagamento', 'Bonifico 60 gg d.f.'],
          ],
          title: 'FATTURA DI VENDITA',
          items: {
            header: ['Codice', 'Descrizione', 'Q.tà mq', 'Prezzo', 'Importo'],
            rows: [
              ['GR60', 'Gres porcellanato 60x60 grigio', '1.420', '14,80', '21.016,00'],
              ['GR30', 'Battiscopa 8x60', '310', '4,20', '1.302,00'],
            ],
          },
          totals: [
            ['Imponibile', '22.318,00'],
            ['IVA non imponibile art. 8', '0,00'],
            ['Totale documento EUR', '22.318,00'],
          ],
          vat: {
            header: ['Aliquota', 'Imponibile', 'Imposta', 'Totale'],
            rows: [['N3.1', '22.318,00', '0,00', '22.318,00']],
          },
          terms: ['Scadenza: 29/01/2023  EUR 22.318,00'],
          footer: [
            ['Ceramiche Sassuolo Nord S.r.l.', 'Capitale sociale EUR 500.000 i.v.'],
            ['Reg. Imprese Modena 01234560361', 'REA MO-254321'],
            ['BPER Banca', 'IBAN IT60 X054 2811 1010 0000 0123 456'],
          ],
        }),
      ),
    fields: {
      invoice_number: '1187/E',
      invoice_date: '2022-11-30',
      supplier_name: 'Ceramiche Sassuolo Nord S.r.l.',
      total_amount: '22318.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-spanish-supplier-total-factura',
    type: 'commercial_invoice',
    language: 'es',
    face: 'times',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'Conservas Rías Baixas S.A.',
            'Polígono Industrial A Pasaxe, nave 7',
            '36208 Vigo (Pontevedra)',
            'CIF A36123456',
          ],
          senderLine: 'Conservas Rías Baixas S.A. · Polígono A Pasaxe nave 7 · 36208 Vigo',
          recipient: ['Epicerie Fine Dupont SARL', '8 place du Marché', '69002 Lyon', 'Francia'],
          info: [
            ['Nº Factura', 'FV-22/3318'],
            ['Fecha factura', '9 de noviembre de 2022'],
            ['Nº Pedido', 'PED-7781'],
            ['Vencimiento', '9 de diciembre de 2022'],
          ],
          title: 'FACTURA',
          items: {
            header: ['Ref.', 'Descripción', 'Cajas', 'Precio', 'Importe'],
            rows: [
              ['ATN120', 'Atún claro en aceite de oliva 120 g', '300', '21,60', '6.480,00'],
              ['SAR90', 'Sardinillas picantes 90 g', '120', '18,75', '2.250,00'],
            ],
          },
          totals: [
            ['Base imponible', '8.730,00'],
            ['IVA 0% (entrega intracomunitaria)', '0,00'],
            ['TOTAL FACTURA (EUR)', '8.730,00'],
          ],
          vat: {
            header: ['Tipo IVA', 'Base', 'Cuota', 'Total'],
            rows: [['0 %', '8.730,00', '0,00', '8.730,00']],
          },
          terms: ['Forma de pago: transferencia a 30 días. Operación exenta art. 25 Ley 37/1992.'],
          footer: [
            ['Conservas Rías Baixas S.A.', 'Reg. Merc. Pontevedra T. 1234 F. 56 H. PO-7890'],
            ['Abanca', 'IBAN ES91 2080 0000 1234 5678 9012'],
          ],
        }),
      ),
    fields: {
      invoice_number: 'FV-22/3318',
      invoice_date: '2022-11-09',
      supplier_name: 'Conservas Rías Baixas S.A.',
      total_amount: '8730.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-forwarder-inv-hash-amount-due-two-currencies',
    type: 'commercial_invoice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'North Sea Forwarding Ltd',
            'Unit 4, Dock Road',
            'Felixstowe IP11 3QW',
            'VAT GB 123 4567 89',
          ],
          senderLine: 'North Sea Forwarding Ltd, Unit 4, Dock Road, Felixstowe IP11 3QW',
          recipient: ['Bramley Kitchens Limited', '14 Mill Lane', 'Leeds LS12 6AB'],
          info: [
            ['Inv #', 'NSF-58812'],
            ['Invoice Date', '02 Dec 2022'],
            ['Due Date', '01 Jan 2023'],
            ['Job Ref', 'IMP-22-1187 / MBL MAEU221905512'],
          ],
          title: 'INVOICE',
          items: {
            header: ['Code', 'Description', 'Curr', 'Amount', 'Amount GBP'],
            rows: [
              ['OFR', 'Ocean freight Ningbo - Felixstowe 1x40HC', 'USD', '2,300.00', '1,917.50'],
              ['THC', 'Terminal handling destination', 'GBP', '285.00', '285.00'],
              ['CUS', 'Customs clearance', 'GBP', '95.00', '95.00'],
              ['HAU', 'Haulage Felixstowe - Leeds', 'GBP', '640.00', '640.00'],
            ],
          },
          totals: [
            ['Net', '£2,937.50'],
            ['VAT @ 20% on £1,020.00', '£204.00'],
            ['Total', '£3,141.50'],
            ['Paid on account', '£500.00'],
            ['Amount due', '£2,641.50'],
          ],
          vat: null,
          terms: [
            'Exchange rate USD/GBP 0.8337 as at vessel arrival. All business is transacted under the current BIFA Standard Trading Conditions.',
          ],
          footer: [
            ['North Sea Forwarding Ltd', 'Registered in England No. 04412345'],
            ['Barclays Bank', 'Sort code 20-00-00  Account 41234567'],
          ],
        }),
      ),
    fields: {
      invoice_number: 'NSF-58812',
      invoice_date: '2022-12-02',
      supplier_name: 'North Sea Forwarding Ltd',
      total_amount: '2641.50',
      currency: 'GBP',
    },
  },
  {
    name: 'invoice-us-supplier-balance-due-letter',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    letter: true,
    draw: (canvas) =>
      drawVatInvoice(
        canvas,
        vatInvoice({
          letterhead: [
            'Great Plains Seed Company, Inc.',
            '1800 Harvest Road',
            'Salina, KS 67401',
            '(785) 555-0110',
          ],
          senderLine: 'Great Plains Seed Company, Inc. | 1800 Harvest Road | Salina, KS 67401',
          recipient: [
            'Agroinsumos del Bajio S.A. de C.V.',
            'Av. Industrial 455',
            'Celaya, Gto. 38010',
            'Mexico',
          ],
          info: [
            ['Invoice #', '100482'],
            ['Date', '11/18/2022'],
            ['Terms', 'Net 30'],
            ['Ship Date', '11/21/2022'],
            ['P.O. #', 'ABJ-2290'],
          ],
          title: 'COMMERCIAL INVOICE',
          items: {
            header: ['Item', 'Description', 'Qty', 'Rate', 'Amount'],
            rows: [
              ['SG-114', 'Sorghum seed, 50 lb bags', '400', '62.00', '24,800.00'],
              ['TR-02', 'Seed treatment', '400', '3.50', '1,400.00'],
              ['FRT', 'Freight to Laredo, TX', '1', '1,150.00', '1,150.00'],
            ],
          },
          totals: [
            ['Subtotal', '$27,350.00'],
            ['Sales Tax (0%)', '$0.00'],
            ['Grand Total', '$27,350.00'],
            ['Payments/Credits', '$0.00'],
            ['Balance Due', '$27,350.00'],
          ],
          vat: null,
          terms: [
            'Country of origin: USA. Incoterms FCA Laredo, TX. These commodities are licensed by the U.S. for ultimate destination Mexico.',
          ],
          footer: [['Please remit to: Great Plains Seed Company, Inc.', 'PO Box 2200, Salina KS 67402']],
        }),
      ),
    fields: {
      invoice_number: '100482',
      invoice_date: '2022-11-18',
      supplier_name: 'Great Plains Seed Company, Inc.',
      total_amount: '27350.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-chinese-exporter-say-us-dollars',
    type: 'commercial_invoice',
    language: 'en',
    face: 'times',
    draw: (canvas) =>
      drawExporterDocument(canvas, {
        letterhead: [
          'XIAMEN HONGDA STONE IMPORT & EXPORT CO., LTD.',
          'NO. 168 HUBIN NORTH ROAD, SIMING DISTRICT, XIAMEN, CHINA',
          'TEL: 86-592-5550123  FAX: 86-592-5550124',
        ],
        title: 'COMMERCIAL INVOICE',
        info: [
          ['INVOICE NO.:', 'HD22-1108'],
          ['DATE:', 'NOV. 08, 2022'],
          ['S/C NO.:', 'HD-SC-0977'],
        ],
        parties: [['MESSRS:', ['GRANITO IBERICO S.L.', 'CTRA. DE MADRID KM 12', '28300 ARANJUEZ, SPAIN']]],
        route: 'FROM XIAMEN, CHINA TO VALENCIA, SPAIN BY SEA      PAYMENT: T/T      PRICE TERM: FOB XIAMEN',
        items: {
          header: ['MARKS & NOS.', 'DESCRIPTION OF GOODS', 'QUANTITY', 'UNIT PRICE (USD)', 'AMOUNT (USD)'],
          rows: [
            ['N/M', 'G654 GRANITE TILES 60X60X2CM POLISHED', '1,200 M2', '16.50', '19,800.00'],
            ['', 'G603 GRANITE KERBSTONE 100X15X25CM', '800 PCS', '12.20', '9,760.00'],
          ],
        },
        totals: [
          'TOTAL:  2,000 UNITS                                   USD 29,560.00',
          'SAY U.S. DOLLARS TWENTY NINE THOUSAND FIVE HUNDRED AND SIXTY ONLY.',
        ],
        footer: [
          'BENEFICIARY BANK: BANK OF CHINA XIAMEN BRANCH',
          'SWIFT: BKCHCNBJ73A',
          'XIAMEN HONGDA STONE IMPORT & EXPORT CO., LTD.',
          '(AUTHORIZED SIGNATURE)',
        ],
        firstPageRows: 20,
      }),
    fields: {
      invoice_number: 'HD22-1108',
      invoice_date: '2022-11-08',
      supplier_name: 'XIAMEN HONGDA STONE IMPORT & EXPORT CO., LTD.',
      total_amount: '29560.00',
      currency: 'USD',
    },
  },
  {
    name: 'packing-list-chinese-exporter-cartons',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) =>
      drawExporterDocument(canvas, {
        letterhead: ['NINGBO BRIGHT SUN APPLIANCES CO., LTD.', 'NO. 55 XINGHAI ROAD, BEILUN, NINGBO, CHINA'],
        title: 'PACKING LIST',
        info: [
          ['P/L NO.:', 'BS-PL-22318'],
          ['INV. NO.:', 'BS-22318'],
          ['DATE:', '2022-11-03'],
        ],
        parties: [
          ['SHIPPER:', ['NINGBO BRIGHT SUN APPLIANCES CO., LTD.', 'BEILUN, NINGBO, CHINA']],
          ['CONSIGNEE:', ['ELECTRO HOGAR DISTRIBUCIONES S.A.', 'C/ ALCALA 501, 28027 MADRID, SPAIN']],
        ],
        route: `FROM NINGBO TO VALENCIA BY SEA   CONTAINER NO.: ${plCargo[0]?.container ?? ''}  SEAL NO.: ${plCargo[0]?.seal ?? ''}`,
        items: {
          header: ['CTN NO.', 'DESCRIPTION', 'QTY (PCS)', 'CTNS', 'N.W. (KGS)', 'G.W. (KGS)', 'MEAS. (CBM)'],
          rows: [
            ['1-240', 'ELECTRIC KETTLE 1.7L', '1,440', '240', '2,160.00', '2,400.00', '24.00'],
            ['241-480', 'TOASTER 2-SLICE', '1,440', '240', '2,880.00', '3,120.00', '30.50'],
            ['481-620', 'HAND BLENDER', '1,120', '140', '840.00', '980.00', '10.20'],
          ],
        },
        totals: [
          'TOTAL: 620 CARTONS',
          'TOTAL N.W.: 5,880.00 KGS    TOTAL G.W.: 6,500.00 KGS    TOTAL MEAS.: 64.70 CBM',
        ],
        footer: ['SAY TOTAL SIX HUNDRED AND TWENTY (620) CARTONS ONLY.'],
        firstPageRows: 20,
      }),
    fields: {
      packing_list_number: 'BS-PL-22318',
      shipper: 'NINGBO BRIGHT SUN APPLIANCES CO., LTD.',
      consignee: 'ELECTRO HOGAR DISTRIBUCIONES S.A.',
      container_numbers: containersOf(plCargo),
      package_count: 620,
      gross_weight_kg: '6500.00',
    },
  },
  {
    name: 'packing-list-german-packliste-two-pages',
    type: 'packing_list',
    language: 'de',
    face: 'helvetica',
    draw: (canvas) =>
      drawExporterDocument(canvas, {
        letterhead: ['Heinrich Kessler Maschinenfabrik GmbH & Co. KG', 'Am Hafen 7, 47119 Duisburg'],
        title: 'PACKLISTE',
        info: [
          ['Packliste Nr.', 'PL-44108'],
          ['Rechnung Nr.', 'R-44108'],
          ['Datum', '07.11.2022'],
        ],
        parties: [
          ['Versender', ['Heinrich Kessler Maschinenfabrik GmbH & Co. KG', 'Duisburg']],
          ['Empfänger', ['Kessler do Brasil Ltda.', 'Rua da Industria 900, Joinville SC']],
        ],
        route: `Container: ${plCargo2.map((c) => c.container).join(', ')}   Verschiffung ab Hamburg nach Santos`,
        items: {
          header: ['Kiste', 'Inhalt', 'Abmessungen (cm)', 'Netto kg', 'Brutto kg'],
          rows: Array.from({ length: 26 }, (_, i) => [
            `K${String(i + 1).padStart(2, '0')}`,
            `Ersatzteile Baugruppe ${100 + i}`,
            '120x80x95',
            '410,00',
            '455,00',
          ]),
        },
        totals: [
          'Gesamt: 26 Kisten',
          'Gesamtgewicht netto: 10.660,00 kg   Gesamtgewicht brutto: 11.830,00 kg',
        ],
        footer: ['Ursprungsland: Deutschland'],
        firstPageRows: 18,
      }),
    fields: {
      packing_list_number: 'PL-44108',
      shipper: 'Heinrich Kessler Maschinenfabrik GmbH & Co. KG',
      consignee: 'Kessler do Brasil Ltda.',
      container_numbers: containersOf(plCargo2),
      package_count: 26,
      gross_weight_kg: '11830.00',
    },
  },
];
