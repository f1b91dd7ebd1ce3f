import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../pipeline/ports.ts';

export interface BlobStoreHarness {
  readonly blobs: BlobStore;
  close(): Promise<void>;
}

const read = async (blobs: BlobStore, key: string): Promise<Buffer> => buffer(await blobs.get(key));

/** A stream that yields some bytes, then fails: a source file that became unreadable halfway. */
const failingStream = (): Readable =>
  Readable.from(
    (async function* () {
      yield Buffer.from('first half');
      throw new Error('disk went away');
    })(),
  );

/** Claim-check storage every adapter must provide: durable, whole-or-nothing puts under portable keys. */
export function blobStoreContract(adapter: string, create: () => Promise<BlobStoreHarness>): void {
  describe(`BlobStore contract: ${adapter}`, () => {
    let harness: BlobStoreHarness;
    let blobs: BlobStore;

    beforeEach(async () => {
      harness = await create();
      blobs = harness.blobs;
    });
    afterEach(async () => {
      await harness.close();
    });

    it('stores bytes and gives them back', async () => {
      const bytes = Buffer.from('%PDF-1.7 tiny');
      await blobs.put('staged/abc', bytes);
      expect(await blobs.exists('staged/abc')).toBe(true);
      expect(await read(blobs, 'staged/abc')).toEqual(bytes);
    });

    it('stores a multi-chunk stream', async () => {
      const chunks = Array.from({ length: 40 }, () => randomBytes(64 * 1024));
      await blobs.put('staged/big', Readable.from(chunks));
      expect(await read(blobs, 'staged/big')).toEqual(Buffer.concat(chunks));
    });

    it('stores an empty blob', async () => {
      await blobs.put('staged/empty', new Uint8Array());
      expect(await read(blobs, 'staged/empty')).toHaveLength(0);
    });

    it('replaces the bytes of a key put twice', async () => {
      await blobs.put('staged/twice', Buffer.from('one'));
      await blobs.put('staged/twice', Buffer.from('two'));
      expect((await read(blobs, 'staged/twice')).toString()).toBe('two');
    });

    it('reports a missing key as absent and fails get with not_found', async () => {
      expect(await blobs.exists('staged/missing')).toBe(false);
      await expect(blobs.get('staged/missing')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('deletes a key, and deleting a missing key succeeds', async () => {
      await blobs.put('staged/gone', Buffer.from('x'));
      await blobs.delete('staged/gone');
      expect(await blobs.exists('staged/gone')).toBe(false);
      await blobs.delete('staged/gone');
    });

    it('leaves nothing under the key when the body fails halfway, and keeps an earlier blob', async () => {
      await expect(blobs.put('staged/half', failingStream())).rejects.toThrow('disk went away');
      expect(await blobs.exists('staged/half')).toBe(false);
      await blobs.put('staged/kept', Buffer.from('whole'));
      await expect(blobs.put('staged/kept', failingStream())).rejects.toThrow('disk went away');
      expect((await read(blobs, 'staged/kept')).toString()).toBe('whole');
    });

    it.each([
      '../escape',
      '/absolute',
      'staged/../../escape',
      'staged//double',
      '',
      'a\\b',
      'C:/x',
      '.hidden',
    ])('rejects the unsafe key %j', async (key) => {
      await expect(blobs.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'validation_failed' });
      await expect(blobs.get(key)).rejects.toMatchObject({ code: 'validation_failed' });
    });
  });
}
