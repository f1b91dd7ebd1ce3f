import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout7, HELDOUT7_COUNT } from '../../support/extraction-corpus/heldout7.ts';
import { HELDOUT7_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT7_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, HELDOUT_LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 7',
  dir: HELDOUT7_DIR,
  count: HELDOUT7_COUNT,
  generate: generateHeldout7,
  thresholds: HELDOUT7_THRESHOLDS,
  coverage: {
    title:
      'has 30 documents or more, at least 24 of them text PDFs and at most 6 scans, of every type, Portuguese among them, a 60-container bill and a two-document PDF',
    check: (documents) => {
      expect(documents.length).toBeGreaterThanOrEqual(30);
      const scans = documents.filter((d) => d.input_kind !== 'text_pdf');
      expect(documents.length - scans.length).toBeGreaterThanOrEqual(24);
      expect(scans.length).toBeLessThanOrEqual(6);
      for (const type of CORPUS_TYPES)
        expect(
          documents.some((d) => d.type === type),
          type,
        ).toBe(true);
      for (const language of new Set(documents.map((d) => d.language)))
        expect(HELDOUT_LANGUAGES).toContain(language);
      const portuguese = documents.filter((d) => d.language === 'pt');
      expect(new Set(portuguese.map((d) => d.type)).size).toBeGreaterThanOrEqual(7);
      expect(portuguese.filter((d) => d.input_kind !== 'text_pdf').length).toBeGreaterThanOrEqual(2);
      expect(
        documents.some(
          (d) => ((d.fields.container_numbers as readonly string[] | undefined) ?? []).length >= 60,
        ),
      ).toBe(true);
      for (const trait of [
        'mail-header',
        'grid-lines',
        'lower-case',
        'to-order',
        'breaking-across-pages',
        'lakh',
      ])
        expect(
          documents.some((d) => d.id.includes(trait)),
          trait,
        ).toBe(true);
    },
  },
});
