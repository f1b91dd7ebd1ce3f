import { generateHeldout7, HELDOUT7_COUNT } from './heldout7.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-7.ts`: regenerates
 * test/fixtures/extraction-heldout-7/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout-7',
  about:
    "Seventh held-out extraction set written by test/support/extraction-corpus/heldout7*.ts: the first Portuguese documents (a Brazilian Conhecimento de Embarque in boxes, a Fatura Comercial in reais dated 24 de novembro de 2026, a Portuguese Fatura with IVA and space-grouped euros, an Aviso de Chegada, a Romaneio de Carga, an Ordem de Entrega to a road haulier, a Confirmação de Reserva naming Xangai, a customs import extract as other), Swiss 1'234.56 and Indian lakh amounts, a bill whose 60 containers go on two continued sheets, a packing list whose row breaks across pages, an invoice and its packing list in one PDF, an email printed over an arrival notice, spreadsheets printed with grid lines, labels in lower case, Title Case and in a row over their values, a booking told in sentences, a TO ORDER consignee, a delivery order naming only a booking, a rail notice of arrival, a credit note and an ISF confirmation (both other); four scans, three of them Portuguese. Scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document.",
  seed: 0,
  count: HELDOUT7_COUNT,
  generate: generateHeldout7,
});
