import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  ContentChangedError,
  ContentTooLargeError,
  digestContent,
} from '../../../src/domain/content-digest.ts';

const chunks = Array.from({ length: 20 }, () => randomBytes(33_333));
const bytes = Buffer.concat(chunks);
const expected = {
  sha256: createHash('sha256').update(bytes).digest('hex'),
  md5Base64: createHash('md5').update(bytes).digest('base64'),
  sizeBytes: bytes.byteLength,
};

describe('digestContent', () => {
  it('computes SHA-256, base64 MD5 and the size of a stream in one pass', async () => {
    expect(await digestContent(Readable.from(chunks))).toEqual(expected);
  });

  it('digests bytes given as a Uint8Array, and an empty input', async () => {
    expect(await digestContent(bytes)).toEqual(expected);
    expect(await digestContent(new Uint8Array())).toMatchObject({
      sizeBytes: 0,
      md5Base64: '1B2M2Y8AsgTpgAmY7PhCfg==',
    });
  });

  it('feeds the same bytes to a consumer while hashing them', async () => {
    let stored: Buffer | undefined;
    const digest = await digestContent(Readable.from(chunks), {
      into: async (body) => {
        stored = await buffer(body);
      },
    });
    expect(digest).toEqual(expected);
    expect(stored).toEqual(bytes);
  });

  it('fails the consumer’s stream before it ends when the bytes do not match the expected digest', async () => {
    let consumerError: unknown;
    const changed = Buffer.from(bytes);
    changed[1000] = (changed[1000] ?? 0) ^ 0xff;
    const digesting = digestContent(changed, {
      expect: expected,
      into: async (body) => {
        try {
          await buffer(body);
        } catch (error) {
          consumerError = error;
          throw error;
        }
      },
    });
    await expect(digesting).rejects.toBeInstanceOf(ContentChangedError);
    expect(consumerError).toBeInstanceOf(ContentChangedError);
  });

  it('stops reading the source when the consumer fails', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(
      digestContent(endless, {
        into: async () => {
          throw new Error('store is full');
        },
      }),
    ).rejects.toThrow('store is full');
    expect(endless.destroyed).toBe(true);
    expect(pulled).toBeLessThan(100);
  });

  it('fails as soon as more than maxBytes pass', async () => {
    await expect(digestContent(Readable.from(chunks), { maxBytes: 100_000 })).rejects.toBeInstanceOf(
      ContentTooLargeError,
    );
  });
});
