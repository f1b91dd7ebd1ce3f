import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { EXAMPLE_DOCUMENTS } from '../../support/samples/example-documents.ts';

// The examples/ README states these outcomes; this keeps it true.
describe('example documents', () => {
  it.each(EXAMPLE_DOCUMENTS.map((example) => [example.name, example] as const))(
    '%s',
    async (name, example) => {
      const result = await extractDocument(await example.make(), {
        filename: name,
        contentType: 'application/pdf',
      });
      if (example.expected.ok) {
        expect(result).toMatchObject({ ok: true, documentType: example.expected.documentType });
        expect(result.ok && result.payload).toMatchObject(example.expected.payload);
      } else {
        expect(result).toMatchObject({ ok: false, reason: example.expected.reason });
      }
    },
  );
});
