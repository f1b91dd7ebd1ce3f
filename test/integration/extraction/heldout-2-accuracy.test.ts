import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout2, HELDOUT2_COUNT } from '../../support/extraction-corpus/heldout2.ts';
import { HELDOUT2_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT2_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 2',
  dir: HELDOUT2_DIR,
  count: HELDOUT2_COUNT,
  generate: generateHeldout2,
  thresholds: HELDOUT2_THRESHOLDS,
  coverage: {
    title: 'has 30 documents or more, of every type but other, five languages, scans of five kinds or more',
    check: (documents) => {
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
    },
  },
});
