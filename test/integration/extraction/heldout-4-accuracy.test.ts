import { expect } from 'vitest';
import { heldoutSuites } from '../../support/extraction-corpus/heldout-suite.ts';
import { generateHeldout4, HELDOUT4_COUNT } from '../../support/extraction-corpus/heldout4.ts';
import { HELDOUT4_DIR } from '../../support/extraction-corpus/run-corpus.ts';
import { HELDOUT4_THRESHOLDS } from '../../support/extraction-corpus/thresholds.ts';
import { CORPUS_TYPES, LANGUAGES } from '../../support/extraction-corpus/vocabulary.ts';

heldoutSuites({
  name: 'held-out 4',
  dir: HELDOUT4_DIR,
  count: HELDOUT4_COUNT,
  generate: generateHeldout4,
  thresholds: HELDOUT4_THRESHOLDS,
  coverage: {
    title: 'has 30 documents or more, of every type, five languages, scans of six kinds, turned pages',
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
      expect(documents.some((d) => d.variant.includes('turned 90'))).toBe(true);
      expect(documents.some((d) => d.variant.includes('upside down'))).toBe(true);
      expect(
        documents.some(
          (d) => ((d.fields.container_numbers as readonly string[] | undefined)?.length ?? 0) >= 10,
        ),
      ).toBe(true);
    },
  },
});
