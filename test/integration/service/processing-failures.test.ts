import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makeScannedLikePdf } from '../../support/samples/special-pdfs.ts';
import { type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

describe('extraction failures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(async () => {
    await h.close();
  });

  it.each([
    ['an empty file', async () => new Uint8Array(0), 'empty_file'],
    [
      'garbage bytes',
      async () => new Uint8Array(4096).map((_, i) => (i * 31 + 7) % 251),
      'unsupported_file_type',
    ],
    ['an encrypted PDF', async () => makeEncryptedPdf(), 'encrypted'],
    ['a PDF without a text layer', makeScannedLikePdf, 'no_text_layer'],
  ])('ends %s as failed with a reason', async (_case, make, reason) => {
    const created = await submit(h, await make(), { filename: `${reason}.pdf` });
    const done = await waitForOutcome(h, created.id);
    expect(done.data.attributes.extraction_status).toBe('failed');
    expect(done.data.attributes.extraction_error).toEqual({ reason, detail: expect.any(String) });
    expect(done.data.relationships.last_document_representation.data).toBeNull();
  });
});
