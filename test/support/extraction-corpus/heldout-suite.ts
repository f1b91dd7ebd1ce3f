import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContainerNumber } from '../../../src/domain/iso6346.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { loadCorpus, runCorpus } from './run-corpus.ts';
import { formatFieldTable, formatSummaryTable, groupBy, summarize } from './score.ts';
import { type CorpusDocument, type PortTruth, TYPE_FIELDS } from './truth.ts';

/** A committed held-out extraction set: where it lives, how it is made, and the floor it must keep. */
export interface HeldoutSet {
  /** As the suites and tables name it: `held-out`, `held-out 2`. */
  readonly name: string;
  readonly dir: string;
  readonly count: number;
  readonly generate: (
    position: number,
    options: { scan?: boolean },
  ) => Promise<{ truth: CorpusDocument; bytes: Uint8Array }>;
  readonly thresholds: { readonly classificationAccuracy: number; readonly fieldF1: number };
  /** What the set must cover (types, languages, scans), checked on its truth. */
  readonly coverage: {
    readonly title: string;
    readonly check: (documents: readonly CorpusDocument[]) => void;
  };
}

/**
 * The suites every held-out set gets: its coverage, its truth normalized as the scorer expects, the files
 * being what the generator makes, and extraction accuracy at or above the committed floor.
 */
export function heldoutSuites(set: HeldoutSet): void {
  const documents = loadCorpus(set.dir).documents;

  describe(`the committed ${set.name} extraction set`, () => {
    it(set.coverage.title, () => set.coverage.check(documents));

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
      expect(set.count).toBe(documents.length);
      for (let position = 0; position < set.count; position += 1) {
        const generated = await set.generate(position, { scan: false });
        const committed = documents[position];
        expect(generated.truth.id).toBe(committed?.id);
        expect(generated.truth.fields).toEqual(committed?.fields);
        if (committed?.input_kind !== 'text_pdf') continue;
        expect(generated.truth).toEqual(committed);
        const bytes = readFileSync(join(set.dir, committed.file));
        expect(Buffer.compare(Buffer.from(generated.bytes), bytes), committed.file).toBe(0);
      }
    });
  });

  describe(`extraction accuracy on the ${set.name} set`, () => {
    it('classifies and extracts at least as well as the committed floor', { timeout: 300_000 }, async () => {
      const { scores } = await runCorpus(documents, extractDocument, set.dir);
      const overall = summarize(scores);
      process.stdout.write(
        [
          formatSummaryTable(set.name, new Map([['all', scores]])),
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
      expect(overall.classificationAccuracy).toBeGreaterThanOrEqual(set.thresholds.classificationAccuracy);
      expect(overall.f1).toBeGreaterThanOrEqual(set.thresholds.fieldF1);
    });
  });
}
