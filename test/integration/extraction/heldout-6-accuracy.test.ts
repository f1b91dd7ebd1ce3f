import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout6, HELDOUT6_COUNT } from '../../support/extraction-corpus/heldout6.ts';
import { HELDOUT6_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT6_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 6',
  dir: HELDOUT6_DIR,
  count: HELDOUT6_COUNT,
  generate: generateHeldout6,
  thresholds: HELDOUT6_THRESHOLDS,
  coverage: {
    title:
      'has 30 documents or more, at least 22 of them text PDFs and at most 8 scans, of every type, six languages, turned pages and a fax',
    check: (documents) => {
      expect(documents.length).toBeGreaterThanOrEqual(30);
      const scans = documents.filter((d) => d.input_kind !== 'text_pdf');
      expect(documents.length - scans.length).toBeGreaterThanOrEqual(22);
      expect(scans.length).toBeLessThanOrEqual(8);
      for (const type of CORPUS_TYPES)
        expect(
          documents.some((d) => d.type === type),
          type,
        ).toBe(true);
      const languages = new Set(documents.map((d) => d.language));
      expect(languages.size).toBeGreaterThanOrEqual(6);
      for (const language of languages) expect(LANGUAGES).toContain(language);
      for (const trait of [
        'chinese',
        'ligatures',
        'rotate-flag',
        'dashed',
        'spaced',
        'running-header',
        'lbs',
      ])
        expect(
          documents.some((d) => d.id.includes(trait)),
          trait,
        ).toBe(true);
      for (const damage of ['turned 180deg', 'turned 90deg', 'fax'])
        expect(
          documents.some((d) => d.variant.includes(damage)),
          damage,
        ).toBe(true);
    },
  },
});
