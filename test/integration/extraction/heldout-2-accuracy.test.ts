import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContainerNumber } from '../../../src/domain/iso6346.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { generateHeldout2, HELDOUT2_COUNT } from '../../support/extraction-corpus/heldout2.ts';
import { HELDOUT2_DIR, loadCorpus, runCorpus } from '../../support/extraction-corpus/run-corpus.ts';
import {
  formatFieldTable,
  formatSummaryTable,
  groupBy,
  summarize,
} from '../../support/extraction-corpus/score.ts';
import { HELDOUT2_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { type PortTruth, TYPE_FIELDS } from '../../support/extraction-corpus/truth.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

const heldout = loadCorpus(HELDOUT2_DIR);
const documents = heldout.documents;

describe('the committed second held-out extraction set', () => {
  it('has 30 documents or more, of every type but other, five languages, scans of five kinds or more', () => {
    expect(documents.length).toBeGreaterThanOrEqual(30);
    for (const type of CORPUS_TYPES.filter((t) => t !== 'other'))
      expect(
        documents.some((d) => d.type === type),
        type,
      ).toBe(true);
    expect(new Set(documents.map((d) => d.language)).size).toBeGreaterThanOrEqual(5);
    for (const language of new Set(documents.map((d) => d.language))) expect(LANGUAGES).toContain(language);
    expect(
      new Set(documents.filter((d) => d.input_kind !== 'text_pdf').map((d) => d.input_kind)).size,
    ).toBeGreaterThanOrEqual(5);
    expect(documents.some((d) => d.pages >= 3)).toBe(true);
  });

  it('holds normalized truth: fields of its type, ISO dates, decimals, UN/LOCODEs, valid containers', () => {
    for (const document of documents) {
      const allowed = new Set(TYPE_FIELDS[document.type]);
      for (const [field, value] of Object.entries(document.fields)) {
        expect(allowed.has(field), `${document.id} ${field}`).toBe(true);
        if (['invoice_date', 'eta', 'etd', 'last_free_day'].includes(field))
          expect(value, document.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (['total_amount', 'gross_weight_kg'].includes(field))
          expect(value, document.id).toMatch(/^\d+(\.\d+)?$/);
        if (field.startsWith('port_of_'))
          expect((value as PortTruth).locode, document.id).toMatch(/^[A-Z]{5}$/);
        if (field === 'container_numbers') {
          for (const number of value as string[])
            expect(validateContainerNumber(number).valid, number).toBe(true);
        }
      }
    }
  });

  it('is what the generator makes: text PDFs byte for byte, every truth entry', async () => {
    expect(HELDOUT2_COUNT).toBe(documents.length);
    for (let position = 0; position < HELDOUT2_COUNT; position += 1) {
      const generated = await generateHeldout2(position, { scan: false });
      const committed = documents[position];
      expect(generated.truth.id).toBe(committed?.id);
      expect(generated.truth.fields).toEqual(committed?.fields);
      if (committed?.input_kind !== 'text_pdf') continue;
      expect(generated.truth).toEqual(committed);
      const bytes = readFileSync(join(HELDOUT2_DIR, committed.file));
      expect(Buffer.compare(Buffer.from(generated.bytes), bytes), committed.file).toBe(0);
    }
  });
});

describe('extraction accuracy on the second held-out set', () => {
  it('classifies and extracts at least as well as the committed floor', { timeout: 300_000 }, async () => {
    const { scores } = await runCorpus(documents, extractDocument, HELDOUT2_DIR);
    const overall = summarize(scores);
    process.stdout.write(
      [
        formatSummaryTable('held-out 2', new Map([['all', scores]])),
        formatSummaryTable(
          'type',
          groupBy(scores, (s) => s.document.type),
        ),
        formatSummaryTable(
          'input',
          groupBy(scores, (s) => s.document.input_kind),
        ),
        formatFieldTable(scores),
        '',
      ].join('\n\n'),
    );
    expect(overall.classificationAccuracy).toBeGreaterThanOrEqual(HELDOUT2_THRESHOLDS.classificationAccuracy);
    expect(overall.f1).toBeGreaterThanOrEqual(HELDOUT2_THRESHOLDS.fieldF1);
  });
});
