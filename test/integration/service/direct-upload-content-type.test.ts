import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadUrlResponse } from '../../../src/contract/document.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { type Harness, md5Base64, startService, submit } from './service-harness.ts';

/**
 * The finding: the announced `content_type` was stored unchecked, so `text/html` was served inline from
 * the service's origin (stored XSS), and CR/LF, NUL or non-Latin-1 in it made every download a 500.
 */
describe('direct upload content types', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  const announce = (contentType: string) => {
    const bytes = new TextEncoder().encode('%PDF-1.4 typed');
    return h.api('/v2/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: {
          filename: 'a.pdf',
          content_type: contentType,
          byte_size: bytes.byteLength,
          checksum: md5Base64(bytes),
        },
      },
    });
  };

  const download = async (documentId: string): Promise<Response> => {
    const link = downloadUrlResponse.parse(
      await (await h.api(`/v2/documents/${documentId}/download_url`)).json(),
    );
    return fetch(link.download_url);
  };

  it.each([
    ['text/html', 'unsupported_content_type'],
    ['image/svg+xml', 'unsupported_content_type'],
    ['application/pdf\r\nSet-Cookie: a=b', 'invalid_content_type'],
    ['application/pdf\u0000', 'invalid_content_type'],
    ['application/pdf; name="Rechnung\u2013März"', 'invalid_content_type'],
    ['application/pdf; x', 'invalid_content_type'],
    ['pdf', 'invalid_content_type'],
  ])('refuses %j with 422 and a pointer', async (contentType, code) => {
    const response = await announce(contentType);
    expect(response.status).toBe(422);
    expect(errorDocument.parse(await response.json()).errors[0]).toMatchObject({
      status: '422',
      code,
      source: { pointer: '/blob/content_type' },
    });
  });

  it.each([
    ['application/pdf', 'application/pdf'],
    ['Application/PDF; charset="binary"', 'application/pdf'],
    ['image/png', 'image/png'],
    ['image/jpeg', 'image/jpeg'],
    ['image/tiff', 'image/tiff'],
    ['application/octet-stream', 'application/octet-stream'],
  ])('accepts %j and stores %j', async (contentType, stored) => {
    const response = await announce(contentType);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ content_type: stored });
  });

  it('serves downloads as attachments that browsers must not sniff', async () => {
    const created = await submit(h, new TextEncoder().encode('%PDF-1.4 served'), {
      contentType: 'image/png',
    });
    const response = await download(created.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="file\.pdf"/);
    await response.arrayBuffer();
  });

  it('serves a type stored by an older version as octet-stream instead of failing', async () => {
    const created = await submit(h, new TextEncoder().encode('%PDF-1.4 legacy'));
    // Rows written before the check may hold anything; a second connection writes one, as an old version did.
    const db = openDatabase(join(h.dataDir, SERVICE_DATABASE_FILE));
    try {
      db.prepare('UPDATE blobs SET content_type = ?').run('text/html\r\nX-Evil: 1');
    } finally {
      db.close();
    }
    const response = await download(created.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-evil')).toBeNull();
    expect(await response.text()).toBe('%PDF-1.4 legacy');
  });
});
