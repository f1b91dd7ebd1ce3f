import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout3, HELDOUT3_COUNT } from '../../support/extraction-corpus/heldout3.ts';
import { HELDOUT3_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT3_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 3',
  dir: HELDOUT3_DIR,
  count: HELDOUT3_COUNT,
  generate: generateHeldout3,
  thresholds: HELDOUT3_THRESHOLDS,
  coverage: {
    title: 'has 30 documents or more, of every type but other, four languages, scans of five kinds or more',
    check: (documents) => {
      expect(documents.length).toBeGreaterThanOrEqual(30);
      for (const type of CORPUS_TYPES.filter((t) => t !== 'other'))
        expect(
          documents.some((d) => d.type === type),
          type,
        ).toBe(true);
      expect(new Set(documents.map((d) => d.language)).size).toBeGreaterThanOrEqual(4);
      for (const language of new Set(documents.map((d) => d.language))) expect(LANGUAGES).toContain(language);
      expect(
        new Set(documents.filter((d) => d.input_kind !== 'text_pdf').map((d) => d.input_kind)).size,
      ).toBeGreaterThanOrEqual(5);
      expect(documents.some((d) => d.pages >= 2)).toBe(true);
    },
  },
});
