import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { createExtractionPool } from '../../../src/extraction/extraction-pool.ts';
import { makeSampleCorpus } from '../../support/samples/sample-corpus.ts';

describe('the extraction pool (worker threads)', () => {
  const pool = createExtractionPool(2);
  afterAll(() => pool.close());

  it('gives the same results as extracting in this thread', async () => {
    const corpus = await makeSampleCorpus(6, 11);
    const hints = { filename: 'sample.pdf', contentType: 'application/pdf' };
    const pooled = await Promise.all(corpus.map((sample) => pool.extract(sample.bytes, hints)));
    const local = await Promise.all(corpus.map((sample) => extractDocument(sample.bytes, hints)));
    expect(pooled).toEqual(local);
    expect(pooled.map((result) => result.ok && result.documentType)).toEqual(
      corpus.map((sample) => sample.expected.documentType),
    );
  });

  it('returns a failure for bad input instead of throwing across the thread', async () => {
    const result = await pool.extract(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]), {
      filename: 'truncated.pdf',
      contentType: 'application/pdf',
    });
    expect(result).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('gives up on an aborted extraction and keeps serving the next one', async () => {
    const [sample] = await makeSampleCorpus(1, 12);
    if (sample === undefined) throw new Error('no sample');
    const hints = { filename: 'a.pdf', contentType: 'application/pdf' };
    await expect(pool.extract(sample.bytes, hints, { signal: AbortSignal.abort() })).rejects.toThrow(
      /abort/i,
    );
    await expect(pool.extract(sample.bytes, hints)).resolves.toMatchObject({ ok: true });
  });
});
