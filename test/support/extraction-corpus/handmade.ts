import { PDFDocument } from 'pdf-lib';
import { scanWithGarbledTextLayer } from './raster.ts';
import { type Block, type Field, type RenderStyle, renderPdf } from './render-pdf.ts';
import type { CorpusDocument, InputKind, TruthValue } from './truth.ts';
import type { CorpusType, Language } from './vocabulary.ts';

/**
 * Hand-made documents, each named after the failure it pins: the shapes the issue reports the engine
 * getting wrong on documents from elsewhere, drawn once and exactly, next to the generated ones.
 */

interface Handmade {
  name: string;
  type: CorpusType;
  language: Language;
  kind: Extract<InputKind, 'text_pdf' | 'image_pdf'>;
  style?: Partial<RenderStyle>;
  blocks: Block[];
  fields: Record<string, TruthValue>;
}

const BASE_STYLE: RenderStyle = {
  font: 'helvetica',
  size: 9.5,
  colon: true,
  boldLabels: true,
  letter: false,
  margin: 48,
};

const f = (label: string, value: string): Field => ({ label, value });

const items = (count: number): string[][] =>
  Array.from({ length: count }, (_, i) => [`Spare part ${1000 + i}, steel`, '10', '12.50', '125.00']);

const HANDMADE: readonly Handmade[] = [
  {
    name: 'invoice-titled-factuur',
    type: 'commercial_invoice',
    language: 'nl',
    kind: 'text_pdf',
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Van der Berg Logistics B.V.', 'Waalhaven Z.z. 21, 3089 JH Rotterdam'],
        align: 'left',
      },
      { kind: 'title', text: 'Factuur', align: 'right', size: 16 },
      {
        kind: 'fields',
        fields: [f('Factuurnummer', '2022-0815'), f('Factuurdatum', '28-11-2022')],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'table',
        headers: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
        rows: [['Opslag pallets november', '120', '8,50', '1.020,00']],
        weights: [5, 1, 1.5, 1.5],
      },
      {
        kind: 'totals',
        rows: [f('Subtotaal', '1.020,00'), f('BTW 21%', '214,20'), f('Totaal EUR', '1.234,20')],
      },
    ],
    fields: {
      invoice_number: '2022-0815',
      invoice_date: '2022-11-28',
      supplier_name: 'Van der Berg Logistics B.V.',
      total_amount: '1234.20',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-letterhead-only-no-title',
    type: 'commercial_invoice',
    language: 'de',
    kind: 'text_pdf',
    style: { font: 'times' },
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Müller Maschinenbau GmbH', 'Industriestraße 12 · 70565 Stuttgart · USt-IdNr. DE811234567'],
        align: 'center',
      },
      {
        kind: 'parties',
        parties: [
          {
            heading: 'An',
            lines: ['Blue Ridge Outfitters Inc.', '2200 Peachtree Rd NE', 'Atlanta, GA 30309'],
          },
        ],
        boxed: false,
      },
      {
        kind: 'fields',
        fields: [f('Nr.', 'RE-22-0456'), f('Datum', '28.11.2022')],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'table',
        headers: ['Pos.', 'Bezeichnung', 'Menge', 'Betrag'],
        rows: [['1', 'Fräsmaschine FM-200', '1', '12.450,00']],
        weights: [0.7, 5, 1, 2],
      },
      { kind: 'totals', rows: [f('Summe', '12.450,00 €')] },
    ],
    fields: {
      invoice_number: 'RE-22-0456',
      invoice_date: '2022-11-28',
      supplier_name: 'Müller Maschinenbau GmbH',
      total_amount: '12450.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-labels-above-values-rechnung',
    type: 'commercial_invoice',
    language: 'de',
    kind: 'text_pdf',
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Schäfer Kunststofftechnik AG', 'Rheinallee 140, 55120 Mainz'],
        align: 'right',
      },
      { kind: 'title', text: 'Rechnung', align: 'left', size: 18 },
      {
        kind: 'fields',
        fields: [
          f('Rechnungsnummer', '4711-2022'),
          f('Rechnungsdatum', '3. März 2022'),
          f('Kundennummer', 'K-20391'),
        ],
        mode: 'above',
        columns: 3,
      },
      {
        kind: 'table',
        headers: ['Artikel', 'Menge', 'Einzelpreis', 'Gesamt'],
        rows: [['Gehäuse PA6 schwarz', '2.000', '1,95', '3.900,00']],
        weights: [5, 1, 1.5, 1.5],
      },
      {
        kind: 'totals',
        rows: [f('Nettobetrag', '3.900,00'), f('MwSt. 19%', '741,00'), f('Gesamtbetrag EUR', '4.641,00')],
      },
    ],
    fields: {
      invoice_number: '4711-2022',
      invoice_date: '2022-03-03',
      supplier_name: 'Schäfer Kunststofftechnik AG',
      total_amount: '4641.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-us-date-month-first',
    type: 'commercial_invoice',
    language: 'en',
    kind: 'text_pdf',
    style: { letter: true, font: 'courier' },
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Great Lakes Hardware Corp.', '500 W Madison St, Chicago, IL 60661'],
        align: 'left',
      },
      { kind: 'title', text: 'INVOICE', align: 'right', size: 18 },
      {
        kind: 'fields',
        fields: [f('Invoice #', '88123'), f('Date', '11/05/2022'), f('Due Date', '12/05/2022')],
        mode: 'left',
        columns: 1,
      },
      {
        kind: 'table',
        headers: ['Item', 'Qty', 'Rate', 'Amount'],
        rows: [['Hex bolts M12, box of 100', '40', '$31.25', '$1,250.00']],
        weights: [5, 1, 1.5, 1.5],
      },
      { kind: 'totals', rows: [f('Balance Due', '$1,250.00')] },
    ],
    fields: {
      invoice_number: '88123',
      invoice_date: '2022-11-05',
      supplier_name: 'Great Lakes Hardware Corp.',
      total_amount: '1250.00',
      currency: 'USD',
    },
  },
  {
    name: 'invoice-ambiguous-date-day-first-in-french',
    type: 'commercial_invoice',
    language: 'fr',
    kind: 'text_pdf',
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Vins du Val de Loire SARL', '2 quai de la Loire, 37000 Tours'],
        align: 'left',
      },
      { kind: 'title', text: 'FACTURE', align: 'center', size: 16 },
      {
        kind: 'fields',
        fields: [f('Facture n°', 'VL-2022-031'), f('Date', '03/04/2022')],
        mode: 'table',
        columns: 2,
      },
      {
        kind: 'table',
        headers: ['Désignation', 'Qté', 'P.U. HT', 'Montant HT'],
        rows: [['Vouvray AOC 2020, carton de 6', '150', '54,00', '8 100,00']],
        weights: [5, 1, 1.5, 1.5],
      },
      {
        kind: 'totals',
        rows: [f('Total HT', '8 100,00'), f('TVA 20 %', '1 620,00'), f('Net à payer', '9 720,00 €')],
      },
    ],
    fields: {
      invoice_number: 'VL-2022-031',
      invoice_date: '2022-04-03',
      supplier_name: 'Vins du Val de Loire SARL',
      total_amount: '9720.00',
      currency: 'EUR',
    },
  },
  {
    name: 'invoice-amount-with-apostrophes-chf',
    type: 'commercial_invoice',
    language: 'de',
    kind: 'text_pdf',
    blocks: [
      { kind: 'letterhead', lines: ['Alpen Präzision AG', 'Bahnhofstrasse 55, 8001 Zürich'], align: 'left' },
      { kind: 'title', text: 'Rechnung', align: 'left', size: 15 },
      {
        kind: 'fields',
        fields: [f('Rechnung Nr.', '2022/1187'), f('Datum', '28. November 2022'), f('Währung', 'CHF')],
        mode: 'left',
        columns: 1,
      },
      {
        kind: 'table',
        headers: ['Bezeichnung', 'Menge', 'Preis', 'Betrag'],
        rows: [['Präzisionslager 6204', '500', '24.90', "12'450.00"]],
        weights: [5, 1, 1.5, 1.5],
      },
      { kind: 'totals', rows: [f('Total', "CHF 12'450.00")] },
    ],
    fields: {
      invoice_number: '2022/1187',
      invoice_date: '2022-11-28',
      supplier_name: 'Alpen Präzision AG',
      total_amount: '12450.00',
      currency: 'CHF',
    },
  },
  {
    name: 'invoice-grand-total-on-second-page',
    type: 'commercial_invoice',
    language: 'en',
    kind: 'text_pdf',
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Hartley & Sons Ltd', 'Unit 4, Dock Road, Felixstowe IP11 3QW'],
        align: 'left',
      },
      { kind: 'title', text: 'COMMERCIAL INVOICE', align: 'left', size: 16 },
      {
        kind: 'fields',
        fields: [f('Invoice No.', 'HS/22/4410'), f('Invoice Date', '28 Nov 2022')],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'table',
        headers: ['Description', 'Qty', 'Unit Price', 'Amount'],
        rows: items(64),
        weights: [5, 1, 1.5, 1.5],
      },
      {
        kind: 'totals',
        rows: [f('Subtotal', '8,000.00'), f('Freight', '450.00'), f('TOTAL GBP', '8,450.00')],
      },
    ],
    fields: {
      invoice_number: 'HS/22/4410',
      invoice_date: '2022-11-28',
      supplier_name: 'Hartley & Sons Ltd',
      total_amount: '8450.00',
      currency: 'GBP',
    },
  },
  {
    name: 'bill-of-lading-values-under-header-row',
    type: 'bill_of_lading',
    language: 'es',
    kind: 'text_pdf',
    blocks: [
      { kind: 'letterhead', lines: ['HAPAG-LLOYD AG'], align: 'right' },
      { kind: 'title', text: 'CONOCIMIENTO DE EMBARQUE', align: 'left', size: 15 },
      {
        kind: 'fields',
        fields: [
          f('Nº B/L', 'HLCUBRE221104567'),
          f('Buque', 'BERLIN EXPRESS'),
          f('Viaje', '2247W'),
          f('Puerto de carga', 'Valencia'),
          f('Puerto de descarga', 'New York'),
        ],
        mode: 'table',
        columns: 5,
      },
      {
        kind: 'parties',
        parties: [
          { heading: 'Embarcador', lines: ['Aceites Andaluces S.A.', 'Sevilla'] },
          { heading: 'Consignatario', lines: ['Pacific Coast Imports LLC', 'Long Beach, CA'] },
          { heading: 'Notificar a', lines: ['Seabridge Freight Ltd', 'London'] },
        ],
        boxed: true,
      },
      {
        kind: 'table',
        headers: ['Contenedor', 'Precinto', 'Bultos', 'Peso bruto'],
        rows: [['HLXU 812345-1', 'EU22871033', '1.200 CAJAS', '18.400,000 KG']],
        weights: [2, 2, 2, 2],
      },
    ],
    fields: {
      bill_of_lading_number: 'HLCUBRE221104567',
      shipper: 'Aceites Andaluces S.A.',
      consignee: 'Pacific Coast Imports LLC',
      notify_party: 'Seabridge Freight Ltd',
      vessel_name: 'BERLIN EXPRESS',
      voyage_number: '2247W',
      port_of_loading: { name: 'Valencia', locode: 'ESVLC' },
      port_of_discharge: { name: 'New York', locode: 'USNYC' },
      container_numbers: ['HLXU8123451'],
      seal_numbers: ['EU22871033'],
      scac: 'HLCU',
    },
  },
  {
    name: 'sea-waybill-party-name-wraps',
    type: 'bill_of_lading',
    language: 'it',
    kind: 'text_pdf',
    blocks: [
      { kind: 'letterhead', lines: ['MSC MEDITERRANEAN SHIPPING COMPANY S.A.'], align: 'left' },
      { kind: 'title', text: 'Lettera di vettura marittima', align: 'left', size: 14 },
      {
        kind: 'fields',
        fields: [f('Polizza n.', 'MEDUK4419025'), f('SCAC', 'MSCU')],
        mode: 'boxed',
        columns: 2,
      },
      {
        kind: 'parties',
        parties: [
          {
            heading: 'Caricatore',
            lines: [
              'Ceramiche Fiorentine S.p.A. Stabilimento di Sesto Fiorentino',
              'Via dei Tavolini 19, Firenze',
            ],
          },
          { heading: 'Destinatario', lines: ['Great Lakes Hardware Corp.', 'Chicago, IL'] },
          { heading: 'Parte da notificare', lines: ['Seabridge Freight Ltd'] },
        ],
        boxed: true,
      },
      {
        kind: 'fields',
        fields: [
          f('Nave', 'MSC OSCAR'),
          f('Viaggio', 'FL247W'),
          f('Porto di imbarco', 'La Spezia'),
          f('Porto di sbarco', 'Savannah'),
        ],
        mode: 'boxed',
        columns: 4,
      },
      {
        kind: 'table',
        headers: ['N. container', 'Sigillo', 'Colli', 'Peso lordo'],
        rows: [['MSMU 555120-8', 'ML-2210934', '84 PALLET', '21.300,0 KG']],
        weights: [2, 2, 2, 2],
      },
    ],
    fields: {
      bill_of_lading_number: 'MEDUK4419025',
      shipper: 'Ceramiche Fiorentine S.p.A. Stabilimento di Sesto Fiorentino',
      consignee: 'Great Lakes Hardware Corp.',
      notify_party: 'Seabridge Freight Ltd',
      vessel_name: 'MSC OSCAR',
      voyage_number: 'FL247W',
      port_of_loading: { name: 'La Spezia', locode: 'ITSPE' },
      port_of_discharge: { name: 'Savannah', locode: 'USSAV' },
      container_numbers: ['MSMU5551208'],
      seal_numbers: ['ML-2210934'],
      scac: 'MSCU',
    },
  },
  {
    name: 'booking-confirmation-mentions-bill-of-lading',
    type: 'booking_confirmation',
    language: 'en',
    kind: 'text_pdf',
    blocks: [
      { kind: 'letterhead', lines: ['Maersk A/S', 'Booking Desk'], align: 'left' },
      { kind: 'title', text: 'Booking Confirmation', align: 'left', size: 15 },
      {
        kind: 'fields',
        fields: [f('Booking No.', '238114590'), f('Date', '02 Dec 2022')],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'parties',
        parties: [{ heading: 'Shipper', lines: ['Nordsee Fischwaren GmbH & Co. KG', 'Bremerhaven'] }],
        boxed: false,
      },
      {
        kind: 'fields',
        fields: [
          f('Vessel', 'MAERSK ESSEN'),
          f('Voyage', '248W'),
          f('Port of Loading', 'Bremerhaven'),
          f('Port of Discharge', 'New York'),
          f('ETD', '12 Dec 2022'),
          f('SI cut-off', '08 Dec 2022'),
        ],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'paragraph',
        lines: [
          'Please submit shipping instructions before the cut-off so that the bill of lading can be issued on time. The bill of lading will show the container and seal numbers.',
        ],
      },
    ],
    fields: {
      booking_number: '238114590',
      shipper: 'Nordsee Fischwaren GmbH & Co. KG',
      vessel_name: 'MAERSK ESSEN',
      voyage_number: '248W',
      port_of_loading: { name: 'Bremerhaven', locode: 'DEBRV' },
      port_of_discharge: { name: 'New York', locode: 'USNYC' },
      etd: '2022-12-12',
    },
  },
  {
    name: 'delivery-order-carries-a-bill-of-lading-number',
    type: 'delivery_order',
    language: 'fr',
    kind: 'text_pdf',
    style: { font: 'times' },
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Transitaires Réunis SAS', '5 quai Frissard, 76600 Le Havre'],
        align: 'left',
      },
      { kind: 'title', text: 'BON À DÉLIVRER', align: 'center', size: 16 },
      {
        kind: 'fields',
        fields: [
          f('N° BAD', 'BAD-22-3318'),
          f('Connaissement n°', 'CMDU123456789'),
          f('Navire', 'CMA CGM MARCO POLO'),
          f('Port de déchargement', 'Le Havre'),
        ],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'parties',
        parties: [
          { heading: 'Destinataire', lines: ['Société Lyonnaise de Textiles SAS', 'Lyon'] },
          { heading: 'Livrer à', lines: ['Rhenus Logistics SE'] },
        ],
        boxed: true,
      },
      {
        kind: 'table',
        headers: ['Conteneur', 'Plomb', 'Colis'],
        rows: [['CMAU 100003-6', 'FX20981234', '640 colis']],
        weights: [2, 2, 2],
      },
    ],
    fields: {
      delivery_order_number: 'BAD-22-3318',
      bill_of_lading_number: 'CMDU123456789',
      consignee: 'Société Lyonnaise de Textiles SAS',
      container_numbers: ['CMAU1000036'],
      vessel_name: 'CMA CGM MARCO POLO',
      port_of_discharge: { name: 'Le Havre', locode: 'FRLEH' },
    },
  },
  {
    name: 'arrival-notice-free-time-without-last-free-day',
    type: 'arrival_notice',
    language: 'en',
    kind: 'text_pdf',
    blocks: [
      { kind: 'letterhead', lines: ['Ocean Network Express Pte. Ltd.', 'Import Department'], align: 'left' },
      { kind: 'title', text: 'ARRIVAL NOTICE', align: 'right', size: 16 },
      {
        kind: 'fields',
        fields: [
          f('B/L No.', 'ONEYRTMC12345600'),
          f('Vessel', 'ONE APUS'),
          f('Voyage', '051W'),
          f('Port of Discharge', 'Los Angeles, US'),
          f('ETA', '2022-11-28'),
        ],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'table',
        headers: ['Container', 'Type', 'Seal'],
        rows: [['ONEU 100234-4', "40' HC", 'SL882104']],
        weights: [2, 2, 2],
      },
      {
        kind: 'paragraph',
        lines: ['Free time: 4 days from discharge. Demurrage is charged from the fifth day.'],
      },
    ],
    fields: {
      bill_of_lading_number: 'ONEYRTMC12345600',
      container_numbers: ['ONEU1002344'],
      vessel_name: 'ONE APUS',
      voyage_number: '051W',
      eta: '2022-11-28',
      port_of_discharge: { name: 'Los Angeles', locode: 'USLAX' },
    },
  },
  {
    name: 'scan-with-garbled-text-layer',
    type: 'packing_list',
    language: 'nl',
    kind: 'image_pdf',
    blocks: [
      {
        kind: 'letterhead',
        lines: ['Hollandia Bloembollen B.V.', 'Stationsweg 4, 2161 AM Lisse'],
        align: 'left',
      },
      { kind: 'title', text: 'PAKLIJST', align: 'left', size: 16 },
      {
        kind: 'fields',
        fields: [f('Paklijstnummer', 'PL-22-0931'), f('Datum', '28-11-2022')],
        mode: 'left',
        columns: 2,
      },
      {
        kind: 'parties',
        parties: [{ heading: 'Ontvanger', lines: ['Pennine Woollen Mills Limited', 'Halifax HX1 2AB'] }],
        boxed: false,
      },
      {
        kind: 'table',
        headers: ['Omschrijving', 'Colli', 'Brutogewicht'],
        rows: [['Tulpenbollen', '320 dozen', '6.400,0 kg']],
        weights: [4, 2, 2],
      },
      { kind: 'totals', rows: [f('Totaal colli', '320'), f('Totaal brutogewicht', '6.400,0 kg')] },
      { kind: 'fields', fields: [f('Container', 'TGHU 100001-8')], mode: 'left', columns: 1 },
    ],
    fields: {
      packing_list_number: 'PL-22-0931',
      shipper: 'Hollandia Bloembollen B.V.',
      consignee: 'Pennine Woollen Mills Limited',
      container_numbers: ['TGHU1000018'],
      package_count: 320,
      gross_weight_kg: '6400',
    },
  },
];

function strings(block: Block): string[] {
  if (block.kind === 'letterhead' || block.kind === 'paragraph') return [...block.lines];
  if (block.kind === 'title') return [block.text];
  if (block.kind === 'fields') return block.fields.map((field) => `${field.label} ${field.value}`);
  if (block.kind === 'totals') return block.rows.map((row) => `${row.label} ${row.value}`);
  if (block.kind === 'parties') return block.parties.flatMap((party) => [party.heading, ...party.lines]);
  if (block.kind === 'table') return [block.headers.join(' '), ...block.rows.map((row) => row.join(' '))];
  return [];
}

/** Every string the blocks print, in drawing order: the garbled text layer is made from these. */
function blockStrings(blocks: readonly Block[]): string[] {
  return blocks.flatMap(strings);
}

export const HANDMADE_COUNT = HANDMADE.length;

/** With `scan: false` a scanned document's bytes are its source PDF: its truth without `pdftoppm`. */
export async function generateHandmade(
  position: number,
  { scan = true }: { scan?: boolean } = {},
): Promise<{ truth: CorpusDocument; bytes: Uint8Array }> {
  const spec = HANDMADE[position];
  if (spec === undefined) throw new RangeError(`no hand-made document ${position}`);
  const id = `h${String(position + 1).padStart(2, '0')}-${spec.name}`;
  const pdf = await renderPdf(spec.blocks, { ...BASE_STYLE, ...spec.style }, spec.name);
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const bytes =
    spec.kind === 'text_pdf' || !scan ? pdf : await scanWithGarbledTextLayer(pdf, blockStrings(spec.blocks));
  return {
    bytes,
    truth: {
      id,
      file: `${id}.pdf`,
      type: spec.type,
      language: spec.language,
      input_kind: spec.kind,
      variant: `handmade: ${spec.name.replace(/-/g, ' ')}`,
      pages,
      fields: spec.fields,
    },
  };
}
