import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout5, HELDOUT5_COUNT } from '../../support/extraction-corpus/heldout5.ts';
import { HELDOUT5_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT5_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 5',
  dir: HELDOUT5_DIR,
  count: HELDOUT5_COUNT,
  generate: generateHeldout5,
  thresholds: HELDOUT5_THRESHOLDS,
  coverage: {
    title:
      'has 30 documents or more, of every type, five languages, scans of six kinds, text layers unlike the page',
    check: (documents) => {
      expect(documents.length).toBeGreaterThanOrEqual(30);
      for (const type of CORPUS_TYPES)
        expect(
          documents.some((d) => d.type === type),
          type,
        ).toBe(true);
      expect(new Set(documents.map((d) => d.language)).size).toBeGreaterThanOrEqual(5);
      for (const language of new Set(documents.map((d) => d.language))) expect(LANGUAGES).toContain(language);
      expect(
        new Set(documents.filter((d) => d.input_kind !== 'text_pdf').map((d) => d.input_kind)).size,
      ).toBeGreaterThanOrEqual(6);
      for (const trait of ['glyph', 'letter-spaced', 'right-column-first', 'scrambled', 'page-2'])
        expect(
          documents.some((d) => d.id.includes(trait)),
          trait,
        ).toBe(true);
      for (const damage of ['150dpi', 'stamp', 'handwriting', 'shadow', 'quality 14'])
        expect(
          documents.some((d) => d.variant.includes(damage)),
          damage,
        ).toBe(true);
    },
  },
});
