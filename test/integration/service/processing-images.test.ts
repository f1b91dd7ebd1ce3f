import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf, textPng } from '../../support/samples/ocr-images.ts';
import { type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

const INVOICE = ['COMMERCIAL INVOICE', 'Invoice No.: INV-20481', 'Grand Total: USD 12,450.00'];

describe('scans through the service: OCR in its worker threads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(async () => {
    await h.close();
  });

  it.each([
    ['a PNG', 'scan.png', 'image/png', () => textPng(INVOICE)],
    [
      'a JPEG',
      'photo.jpg',
      'image/jpeg',
      async () =>
        sharp(await textPng(INVOICE))
          .jpeg()
          .toBuffer(),
    ],
    [
      'a TIFF',
      'scan.tif',
      'image/tiff',
      async () =>
        sharp(await textPng(INVOICE))
          .tiff()
          .toBuffer(),
    ],
    [
      'an image-only PDF',
      'scan.pdf',
      'application/pdf',
      async () => imageOnlyPdf(await textPng(INVOICE), 'png'),
    ],
  ])(
    'extracts %s',
    async (_case, filename, contentType, make) => {
      const created = await submit(h, await make(), { filename, contentType });
      const done = await waitForOutcome(h, created.id, { timeoutMs: 60_000 });
      expect(done.data.attributes).toMatchObject({
        extraction_status: 'extracted',
        document_type: 'commercial_invoice',
      });
    },
    90_000,
  );
});
