import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { detectLanguage } from '../../../src/extraction/parse/language.ts';
import { makeTextPdf } from '../../support/samples/special-pdfs.ts';

/** Documents as Brazilian and Portuguese lines, agents and exporters print them (Santos, Leixões). */
const pair = (label: string, value: string) => [
  { text: label, x: 50 },
  { text: value, x: 230 },
];

describe('documents in Portuguese', () => {
  it('a bill of lading: "Conhecimento de Embarque", its ports, vessel, voyage and parties', async () => {
    const bytes = await makeTextPdf([
      { text: 'CONHECIMENTO DE EMBARQUE MARÍTIMO', x: 50, size: 16 },
      pair('Nº do Conhecimento:', 'MAEU245871963'),
      pair('Embarcador:', 'Cafés Finos do Cerrado Ltda.'),
      pair('Consignatário:', 'Koffiehuis Import B.V.'),
      pair('Navio:', 'MAERSK SANTOS'),
      pair('Viagem:', '246N'),
      pair('Porto de Carregamento:', 'Santos, Brasil'),
      pair('Porto de Descarga:', 'Rotterdam, Holanda'),
      pair('Contêiner:', 'TGHU8765436'),
      pair('Lacre:', 'ML-4481902'),
      pair('Peso Bruto Total:', '19.870,500 kg'),
      pair('Data de Emissão:', '24 de novembro de 2026'),
    ]);
    const result = await extractDocument(bytes, { filename: 'conhecimento.pdf', contentType: null });
    expect(result).toMatchObject({
      ok: true,
      documentType: 'bill_of_lading',
      payload: {
        bill_of_lading_number: 'MAEU245871963',
        container_numbers: ['TGHU8765436'],
        seal_numbers: ['ML-4481902'],
        vessel_name: 'MAERSK SANTOS',
        voyage_number: '246N',
        port_of_loading: expect.stringMatching(/santos/i),
        port_of_discharge: expect.stringMatching(/rotterdam/i),
        shipper: expect.stringMatching(/Cerrado/),
        consignee: expect.stringMatching(/Koffiehuis/),
      },
    });
  });

  it('a commercial invoice: "Fatura Comercial", its number, date and total', async () => {
    const bytes = await makeTextPdf([
      { text: 'FATURA COMERCIAL', x: 50, size: 16 },
      pair('Nº da Fatura:', 'FC-2026/0412'),
      pair('Data da Fatura:', '03 de outubro de 2026'),
      pair('Exportador:', 'Cafés Finos do Cerrado Ltda.'),
      pair('Importador:', 'Koffiehuis Import B.V.'),
      pair('Descrição:', 'Café verde em grão, 320 sacas de 60 kg'),
      pair('Valor Total:', 'USD 96.480,00'),
    ]);
    const result = await extractDocument(bytes, { filename: 'fatura.pdf', contentType: null });
    expect(result).toMatchObject({
      ok: true,
      documentType: 'commercial_invoice',
      payload: {
        invoice_number: 'FC-2026/0412',
        invoice_date: '2026-10-03',
        total_amount: '96480.00',
        currency: 'USD',
      },
    });
  });

  it('an arrival notice: "Aviso de Chegada" with its expected arrival and last free day, day first', async () => {
    const bytes = await makeTextPdf([
      { text: 'AVISO DE CHEGADA', x: 50, size: 16 },
      pair('Nº do Conhecimento:', 'MAEU245871963'),
      pair('Navio / Viagem:', 'MAERSK SANTOS / 246N'),
      pair('Porto de Descarga:', 'Santos, Brasil'),
      pair('Data Prevista de Chegada:', '04/12/2026'),
      pair('Último Dia Livre:', '09/12/2026'),
      pair('Contêiner:', 'TGHU8765436'),
    ]);
    const result = await extractDocument(bytes, { filename: 'aviso.pdf', contentType: null });
    expect(result).toMatchObject({
      ok: true,
      documentType: 'arrival_notice',
      payload: {
        bill_of_lading_number: 'MAEU245871963',
        // Both dates could be read either way: the language (Portuguese) says day first.
        eta: '2026-12-04',
        last_free_day: '2026-12-09',
        container_numbers: ['TGHU8765436'],
      },
    });
  });

  it('is told from Spanish and Italian by its own words', () => {
    expect(
      detectLanguage('Aviso de chegada dos contêineres. Navio / Viagem: MSC ANNA / 612S. Remetente: Ltda.'),
    ).toBe('pt');
    expect(detectLanguage('Factura del buque: el importe y la fecha de pago')).toBe('es');
    expect(detectLanguage('Fattura della nave: il porto e la data di pagamento')).toBe('it');
  });
});
