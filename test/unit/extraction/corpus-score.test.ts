import { describe, expect, it } from 'vitest';
import { scoreDocument, scoreField, summarize } from '../../support/extraction-corpus/score.ts';
import type { CorpusDocument } from '../../support/extraction-corpus/truth.ts';

const billOfLading: CorpusDocument = {
  id: 'x',
  file: 'x.pdf',
  type: 'bill_of_lading',
  language: 'de',
  input_kind: 'text_pdf',
  variant: '',
  pages: 1,
  fields: {
    bill_of_lading_number: 'MAEU123456789',
    vessel_name: 'MAERSK ESSEN',
    port_of_discharge: { name: 'Antwerpen', locode: 'BEANR' },
    container_numbers: ['MSKU1000016', 'MSCU1234565'],
  },
};

describe('the extraction corpus scorer', () => {
  it('reads the payload under the issue names or the older ones (vessel for vessel_name)', () => {
    const score = scoreDocument(billOfLading, {
      ok: true,
      documentType: 'bill_of_lading',
      payload: { bill_of_lading_number: 'MAEU 123456789', vessel: 'Maersk Essen', container_numbers: [] },
    });
    const byField = Object.fromEntries(score.fields.map((f) => [f.field, f]));
    expect(byField.bill_of_lading_number?.exact).toBe(true);
    expect(byField.vessel_name?.exact).toBe(true);
    expect(byField.container_numbers).toMatchObject({ tp: 0, fp: 0, fn: 2 });
    expect(score.typeCorrect).toBe(true);
  });

  it('scores a port by the UN/LOCODE the payload resolved beside it, whatever OCR made of the name', () => {
    const scored = (payload: Record<string, unknown>) =>
      scoreDocument(billOfLading, { ok: true, documentType: 'bill_of_lading', payload }).fields.find(
        (f) => f.field === 'port_of_discharge',
      );
    expect(scored({ port_of_discharge: 'BEANR-Antwerpn', port_of_discharge_locode: 'BEANR' })?.exact).toBe(
      true,
    );
    expect(scored({ port_of_discharge: 'Antwerpen', port_of_discharge_locode: 'NLRTM' })?.exact).toBe(false);
    expect(scored({ port_of_discharge: 'Antwerpen', port_of_discharge_locode: null })?.exact).toBe(true);
  });

  it('accepts a port by its UN/LOCODE or by its printed name, with or without country or code', () => {
    const port = billOfLading.fields.port_of_discharge;
    for (const value of [
      'BEANR',
      'Antwerpen',
      'ANTWERPEN, BE',
      'Antwerpen (BEANR)',
      { name: 'x', locode: 'BEANR' },
    ]) {
      expect(scoreField('port_of_discharge', port, value).exact, JSON.stringify(value)).toBe(true);
    }
    expect(scoreField('port_of_discharge', port, 'Rotterdam').exact).toBe(false);
    expect(scoreField('port_of_discharge', port, { name: 'Antwerpen', locode: 'NLRTM' }).exact).toBe(false);
  });

  it('counts a wrong value as a false positive and a false negative, an invented one as a false positive', () => {
    expect(scoreField('total_amount', '12450.00', '12450.0')).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(scoreField('total_amount', '12450.00', '1245.00')).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(scoreField('last_free_day', undefined, '2022-11-28')).toMatchObject({ tp: 0, fp: 1, fn: 0 });
    expect(scoreField('last_free_day', undefined, null)).toMatchObject({ tp: 0, fp: 0, fn: 0 });
  });

  it("takes a carrier's alternative SCAC for its SCAC (MEDU for MSC)", () => {
    expect(scoreField('scac', 'MSCU', 'MEDU').exact).toBe(true);
    expect(scoreField('scac', 'MSCU', 'MAEU').exact).toBe(false);
  });

  it('scores container lists per element, after ISO 6346 normalization', () => {
    expect(
      scoreField('container_numbers', ['MSKU1000016', 'MSCU1234565'], ['MSKU 100001-6', 'TGHU0000000']),
    ).toMatchObject({
      tp: 1,
      fp: 1,
      fn: 1,
      exact: false,
    });
  });

  it('fails every field of a document the extractor could not read, and its type', () => {
    const score = scoreDocument(billOfLading, {
      ok: false,
      documentType: null,
      payload: null,
      reason: 'unsupported_file_type',
    });
    const summary = summarize([score]);
    expect(summary).toMatchObject({ classificationAccuracy: 0, tp: 0, fp: 0, fn: 5, failures: 1 });
  });
});
