import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES } from '../../../src/contract/file-name.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { type Harness, md5Base64, postDocument, startService, upload } from './service-harness.ts';

const BAD_NAMES = {
  nul: 'a\u0000b.pdf',
  'trailing newline': 'invoice.pdf\n',
  'CR LF inside': 'a\r\nX-Injected: 1.pdf',
  escape: '\u001b[31mred.pdf',
  DEL: 'a\u007f.pdf',
  'C1 control': 'a\u0085.pdf',
  'RTL override': 'invoice\u202efdp.exe',
  'bidi isolate': 'a\u2067b\u2069.pdf',
  'right-to-left mark': 'a\u200f.pdf',
  'line separator': 'a\u2028b.pdf',
};

describe('names with NUL, CR/LF or other control characters', () => {
  let h: Harness;
  let signedId: string;
  const bytes = new TextEncoder().encode('names');

  beforeAll(async () => {
    h = await startService({ startProcessing: false });
    signedId = await upload(h, bytes);
  });
  afterAll(async () => {
    await h.close();
  });

  const announce = (filename: string) =>
    h.api('/v2/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: {
          filename,
          content_type: 'application/pdf',
          byte_size: bytes.byteLength,
          checksum: md5Base64(bytes),
        },
      },
    });

  for (const [label, name] of Object.entries(BAD_NAMES)) {
    it(`a blob filename with a ${label} is a 422 pointing at it`, async () => {
      const response = await announce(name);
      expect(response.status).toBe(422);
      const { errors } = errorDocument.parse(await response.json());
      expect(errors[0]).toMatchObject({ status: '422', source: { pointer: '/blob/filename' } });
      expect(errors[0]?.detail).toMatch(/control or bidi/);
    });

    it(`a document name with a ${label} is a 422 pointing at it`, async () => {
      const response = await postDocument(h, name, signedId);
      expect(response.status).toBe(422);
      const { errors } = errorDocument.parse(await response.json());
      expect(errors[0]).toMatchObject({ source: { pointer: '/data/attributes/name' } });
    });
  }

  it('names are capped in UTF-8 bytes, not characters', async () => {
    // 128 two-byte characters: 128 characters but 256 bytes.
    const tooLong = 'é'.repeat(128);
    const blob = await announce(tooLong);
    expect(blob.status).toBe(422);
    const { errors } = errorDocument.parse(await blob.json());
    expect(errors[0]?.detail).toBe(`Filename must be at most ${MAX_NAME_BYTES} bytes in UTF-8`);
    expect((await postDocument(h, tooLong, signedId)).status).toBe(422);
    expect((await announce('é'.repeat(127))).status).toBe(200);
  });

  it('ordinary non-Latin names pass', async () => {
    expect((await announce('فاتورة 2026.pdf')).status).toBe(200);
    const response = await postDocument(h, '請求書 № 7', signedId);
    expect(response.status).toBe(201);
  });
});
