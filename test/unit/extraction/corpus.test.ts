import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { makeSampleCorpus } from '../../support/samples/sample-corpus.ts';

describe('makeSampleCorpus', () => {
  it('extracts every field of 60 random documents exactly', async () => {
    const corpus = await makeSampleCorpus(60, 20261121);
    const misses: string[] = [];
    for (const doc of corpus) {
      const result = await extractDocument(doc.bytes, { filename: doc.name, contentType: 'application/pdf' });
      if (!result.ok || result.documentType !== doc.expected.documentType) {
        misses.push(`${doc.name}: ${JSON.stringify(result).slice(0, 200)}`);
        continue;
      }
      for (const [field, value] of Object.entries(doc.expected.payload)) {
        if (!isDeepStrictEqual(result.payload[field], value)) {
          misses.push(
            `${doc.name} ${field}: expected ${JSON.stringify(value)}, got ${JSON.stringify(result.payload[field])}`,
          );
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it('cycles through the four document types', async () => {
    const corpus = await makeSampleCorpus(8, 1);
    expect(corpus.map((doc) => doc.expected.documentType)).toEqual([
      'commercial_invoice',
      'bill_of_lading',
      'arrival_notice',
      'packing_list',
      'commercial_invoice',
      'bill_of_lading',
      'arrival_notice',
      'packing_list',
    ]);
  });

  it('makes distinct documents with distinct names', async () => {
    const corpus = await makeSampleCorpus(200, 7);
    const hashes = new Set(corpus.map((doc) => createHash('sha256').update(doc.bytes).digest('hex')));
    expect(hashes.size).toBe(200);
    expect(new Set(corpus.map((doc) => doc.name)).size).toBe(200);
  });

  it('is deterministic: the same seed gives the same bytes', async () => {
    const [a, b] = await Promise.all([makeSampleCorpus(6, 42), makeSampleCorpus(6, 42)]);
    expect(a.map((doc) => Buffer.from(doc.bytes).toString('base64'))).toEqual(
      b.map((doc) => Buffer.from(doc.bytes).toString('base64')),
    );
    const other = await makeSampleCorpus(6, 43);
    expect(other[0]?.bytes).not.toEqual(a[0]?.bytes);
  });

  it('builds 500 small documents quickly', async () => {
    const started = performance.now();
    const corpus = await makeSampleCorpus(500, 3);
    const elapsed = performance.now() - started;
    expect(corpus).toHaveLength(500);
    expect(Math.max(...corpus.map((doc) => doc.bytes.byteLength))).toBeLessThan(10_000);
    // Generous bound for slow CI machines; about 0.6 s here.
    expect(elapsed).toBeLessThan(10_000);
  });
});
