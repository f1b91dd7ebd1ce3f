import { expect } from 'vitest';
import { generateHeldout, HELDOUT_COUNT } from '../../support/extraction-corpus/heldout.ts';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { HELDOUT_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out',
  dir: HELDOUT_DIR,
  count: HELDOUT_COUNT,
  generate: generateHeldout,
  thresholds: HELDOUT_THRESHOLDS,
  coverage: {
    title: 'has 25 documents or more, of every type but other, some of them scans or photos',
    check: (documents) => {
      expect(documents.length).toBeGreaterThanOrEqual(25);
      for (const type of CORPUS_TYPES.filter((t) => t !== 'other'))
        expect(
          documents.some((d) => d.type === type),
          type,
        ).toBe(true);
      expect(documents.some((d) => d.input_kind !== 'text_pdf')).toBe(true);
      expect(documents.some((d) => d.pages >= 3)).toBe(true);
    },
  },
});
