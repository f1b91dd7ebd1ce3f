import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContainerNumber } from '../../../src/domain/iso6346.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { corpusPlan, generateDocument, loadSources } from '../../support/extraction-corpus/generate.ts';
import { generateHandmade, HANDMADE_COUNT } from '../../support/extraction-corpus/handmade.ts';
import {
  CORPUS_DIR,
  loadCorpus,
  runCorpus,
  testSelection,
} from '../../support/extraction-corpus/run-corpus.ts';
import {
  formatFieldTable,
  formatSummaryTable,
  groupBy,
  summarize,
} from '../../support/extraction-corpus/score.ts';
import { CORPUS_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { INPUT_KINDS, type PortTruth, TYPE_FIELDS } from '../../support/extraction-corpus/truth.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

const corpus = loadCorpus();
const documents = corpus.documents;

describe('the committed extraction corpus', () => {
  it('has every type in every language, and every input kind with every type and language', () => {
    for (const type of CORPUS_TYPES) {
      for (const language of LANGUAGES) {
        expect(
          documents.some((d) => d.type === type && d.language === language),
          `${type} ${language}`,
        ).toBe(true);
      }
    }
    for (const kind of INPUT_KINDS) {
      const ofKind = documents.filter((d) => d.input_kind === kind);
      expect(new Set(ofKind.map((d) => d.type)).size, kind).toBe(CORPUS_TYPES.length);
      expect(new Set(ofKind.map((d) => d.language)).size, kind).toBe(LANGUAGES.length);
    }
  });

  it('stays small enough for CI and every truth file names a file that exists', () => {
    let bytes = 0;
    for (const document of documents) {
      const path = join(CORPUS_DIR, document.file);
      expect(existsSync(path), document.file).toBe(true);
      bytes += statSync(path).size;
    }
    expect(bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('holds normalized truth: ISO dates, decimal strings, ISO 4217, UN/LOCODEs, valid ISO 6346 numbers', () => {
    for (const document of documents) {
      const allowed = new Set(TYPE_FIELDS[document.type]);
      for (const [field, value] of Object.entries(document.fields)) {
        expect(allowed.has(field), `${document.id} ${field}`).toBe(true);
        if (['invoice_date', 'eta', 'etd', 'last_free_day'].includes(field)) {
          expect(value, document.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
        if (['total_amount', 'gross_weight_kg'].includes(field))
          expect(value, document.id).toMatch(/^\d+(\.\d+)?$/);
        if (field === 'currency') expect(value, document.id).toMatch(/^[A-Z]{3}$/);
        if (field.startsWith('port_of_'))
          expect((value as PortTruth).locode, document.id).toMatch(/^[A-Z]{5}$/);
        if (field === 'container_numbers') {
          for (const number of value as string[])
            expect(validateContainerNumber(number).valid, number).toBe(true);
        }
      }
    }
  });

  it('is what the generator makes: the text PDFs and their truth come out byte for byte the same', async () => {
    const sources = loadSources(null, null);
    const plan = corpusPlan();
    expect(plan.length + HANDMADE_COUNT).toBe(documents.length);
    for (let position = 0; position < HANDMADE_COUNT; position += 1) {
      const handmade = await generateHandmade(position, { scan: false });
      expect(handmade.truth).toEqual(documents[plan.length + position]);
      if (handmade.truth.input_kind === 'text_pdf') {
        const committed = readFileSync(join(CORPUS_DIR, handmade.truth.file));
        expect(Buffer.compare(Buffer.from(handmade.bytes), committed), handmade.truth.file).toBe(0);
      }
    }
    for (const [index, entry] of plan.entries()) {
      if (entry.kind !== 'text_pdf') continue;
      const generated = await generateDocument(entry, index, sources);
      expect(generated.truth).toEqual(documents[index]);
      const committed = readFileSync(join(CORPUS_DIR, generated.truth.file));
      expect(Buffer.compare(Buffer.from(generated.bytes), committed), generated.truth.file).toBe(0);
    }
  });
});

describe('extraction accuracy on the corpus', () => {
  it('classifies and extracts at least as well as the committed thresholds', {
    timeout: 600_000,
  }, async () => {
    const selection = testSelection(documents, CORPUS_THRESHOLDS.imageDocumentsPerKind);
    const started = performance.now();
    const { scores } = await runCorpus(selection, extractDocument);
    const seconds = (performance.now() - started) / 1000;
    const overall = summarize(scores);
    process.stdout.write(
      [
        `extraction corpus: ${selection.length} of ${documents.length} documents in ${seconds.toFixed(1)} s`,
        formatSummaryTable('corpus', new Map([['all', scores]])),
        formatSummaryTable(
          'type',
          groupBy(scores, (s) => s.document.type),
        ),
        formatSummaryTable(
          'language',
          groupBy(scores, (s) => s.document.language),
        ),
        formatSummaryTable(
          'input kind',
          groupBy(scores, (s) => s.document.input_kind),
        ),
        formatFieldTable(scores),
        '',
      ].join('\n\n'),
    );
    expect(overall.classificationAccuracy).toBeGreaterThanOrEqual(CORPUS_THRESHOLDS.classificationAccuracy);
    expect(overall.f1).toBeGreaterThanOrEqual(CORPUS_THRESHOLDS.fieldF1);
  });
});
