import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import {
  download,
  HEIGHT,
  markedCorner,
  markedImage,
  rotateOk,
  sha256Hex,
  WIDTH,
} from './document-rotate-support.ts';
import {
  getDocument,
  type Harness,
  startService,
  submit,
  subscribeDocumentEvents,
  waitForOutcome,
} from './service-harness.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

/** The digest of every file the extractor was handed, so a test can tell which file was re-extracted. */
const extractedDigests: string[] = [];
const extract: ExtractDocument = async (bytes) => {
  extractedDigests.push(sha256Hex(bytes));
  return {
    ok: true,
    documentType: 'other',
    classificationNotes: 'rotate',
    schemaVersion: '2026-11-01',
    payload: {},
  };
};

describe('POST /documents/{id}/rotate applies the rotation', () => {
  let h: Harness;
  let receiver: Receiver;
  let received: () => DocumentWebhookPayload[] = () => [];

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    h = await startService({ extract, config: { allowPrivateWebhooks: true } });
    received = await subscribeDocumentEvents(
      h,
      receiver.url,
      ['document.extracted'],
      () => receiver.requests,
    );
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('turns a PNG a quarter clockwise: download_url serves a PNG with width and height swapped', async () => {
    const original = await markedImage('png');
    const document = await submit(h, original, { filename: 'scan.png', contentType: 'image/png' });
    await waitForOutcome(h, document.id);

    await rotateOk(h, document.id, 90);
    const { bytes, contentType } = await download(h, document.id);
    expect(contentType).toBe('image/png');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', HEIGHT, WIDTH]);
    expect(await markedCorner(bytes)).toBe('top-right');

    const after = (await getDocument(h, document.id)).data.attributes;
    expect(after.file_size_bytes).toBe(bytes.byteLength);
    expect(after.file_content_type).toBe('image/png');
    expect(after.extraction_attempts).toBe(2);
  });

  it('re-extracts the rotated file through the reextract path, with its document.extracted webhook', async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'webhooked.png',
      contentType: 'image/png',
      name: 'webhooked',
    });
    await waitForOutcome(h, document.id);
    await rotateOk(h, document.id, 270);
    await waitForOutcome(h, document.id, { attempt: 2 });
    const { bytes } = await download(h, document.id);
    expect(extractedDigests).toContain(sha256Hex(bytes));

    const attempts = () =>
      received()
        .filter((payload) => payload.data.relationships.document.data?.id === document.id)
        .map((payload) => payload.data.attributes.event);
    await expect.poll(() => attempts().length).toBe(2);
    expect(attempts()).toEqual(['document.extracted', 'document.extracted']);
  });

  it('turns a JPEG and keeps it a JPEG (270 clockwise puts the top-left mark bottom-left)', async () => {
    const document = await submit(h, await markedImage('jpeg'), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    await rotateOk(h, document.id, 270);
    const { bytes, contentType } = await download(h, document.id);
    expect(contentType).toBe('image/jpeg');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', HEIGHT, WIDTH]);
    expect(await markedCorner(bytes)).toBe('bottom-left');
  });

  it('turns half way: the size stays, the mark moves to the opposite corner', async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'half.png',
      contentType: 'image/png',
    });
    await rotateOk(h, document.id, 180);
    const { bytes } = await download(h, document.id);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([WIDTH, HEIGHT]);
    expect(await markedCorner(bytes)).toBe('bottom-right');
  });

  it('composes rotations: 90 then 90 is 180, and so are two at once', async () => {
    for (const [name, together] of [
      ['in-turn.png', false],
      ['at-once.png', true],
    ] as const) {
      const document = await submit(h, await markedImage('png'), {
        filename: name,
        contentType: 'image/png',
      });
      if (together) {
        await Promise.all([rotateOk(h, document.id, 90), rotateOk(h, document.id, 90)]);
      } else {
        await rotateOk(h, document.id, 90);
        await rotateOk(h, document.id, 90);
      }
      const { bytes } = await download(h, document.id);
      const meta = await sharp(bytes).metadata();
      expect([name, meta.width, meta.height]).toEqual([name, WIDTH, HEIGHT]);
      expect(await markedCorner(bytes)).toBe('bottom-right');
      expect((await getDocument(h, document.id)).data.attributes.extraction_attempts).toBe(3);
    }
  });

  it('turns a JPEG as it is shown: the EXIF orientation is applied first and then dropped', async () => {
    // Stored landscape, tagged "turn 90 clockwise to show": a viewer shows it portrait (30x60).
    const tagged = await sharp(await markedImage('jpeg'))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const document = await submit(h, tagged, { filename: 'tagged.jpg', contentType: 'image/jpeg' });
    await rotateOk(h, document.id, 90);
    const { bytes } = await download(h, document.id);
    const meta = await sharp(bytes).metadata();
    // Shown portrait, turned a quarter: landscape, and no tag left to turn it again.
    expect([meta.width, meta.height, meta.orientation]).toEqual([WIDTH, HEIGHT, undefined]);
    // The mark was shown top-right (the stored top-left turned once); one more quarter puts it bottom-right.
    expect(await markedCorner(bytes)).toBe('bottom-right');
  });
});
