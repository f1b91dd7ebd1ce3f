import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { directUploadResponse } from '../../../src/contract/direct-upload.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { answerHeaders, rawExchange } from '../../support/raw-http.ts';
import { md5Base64 } from './service-harness.ts';

const MAX_UPLOAD_BYTES = 4096;
/** Short limits so the tests take a moment; the shipped ones are 10 s and 300 s, checked every second. */
const TIMEOUTS = { headersMs: 300, requestMs: 600, checkIntervalMs: 50 };

/**
 * The findings: on the service a short body was held open indefinitely, and a 413 kept the connection
 * alive and then closed it, which broke the client's next request on that socket.
 */
describe('service HTTP server: timeouts and closing after unread bodies', () => {
  let dataDir: string;
  let service: LocalService;
  let origin: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stevedore-http-'));
    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, maxUploadBytes: MAX_UPLOAD_BYTES });
    service = await createService({ config, startProcessing: false, httpTimeouts: TIMEOUTS });
    ({ url: origin } = await service.listen());
  });
  afterAll(async () => {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const request = (method: string, path: string, length: number, extra = '') =>
    `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${service.apiKey}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it('cuts a JSON body that stops short of its Content-Length with a 408', async () => {
    const exchange = await rawExchange(origin, `${request('POST', '/v2/documents', 100)}{"data":`);
    expect(exchange.status).toBe(408);
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 500);
  });

  it('cuts a trickled body at the request timeout', async () => {
    const exchange = await rawExchange(origin, request('POST', '/v2/documents', 200), {
      trickle: Array(40).fill(' '),
      everyMs: 50,
    });
    expect(exchange.status).toBe(408);
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 500);
  });

  it('answers 413 for an oversize announcement with Connection: close', async () => {
    const bytes = new Uint8Array(1);
    const body = JSON.stringify({
      blob: {
        filename: 'big.pdf',
        content_type: 'application/pdf',
        byte_size: MAX_UPLOAD_BYTES + 1,
        checksum: md5Base64(bytes),
      },
    });
    const exchange = await rawExchange(
      origin,
      `${request('POST', '/rails/active_storage/direct_uploads', Buffer.byteLength(body), 'Connection: keep-alive\r\n')}${body}`,
    );
    expect(exchange.status).toBe(413);
    expect(answerHeaders(exchange.text).connection).toBe('close');
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs);
  });

  it('closes after refusing an upload whose body it did not read, and the next request works', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 sized');
    const announced = await fetch(`${origin}/v2/rails/active_storage/direct_uploads`, {
      method: 'POST',
      headers: { Authorization: `Token ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        blob: {
          filename: 'a.pdf',
          content_type: 'application/pdf',
          byte_size: bytes.byteLength,
          checksum: md5Base64(bytes),
        },
      }),
    });
    const { direct_upload: target } = directUploadResponse.parse(await announced.json());
    const path = new URL(target.url).pathname;
    // Announces more bytes than agreed and sends only the start: refused before the body is read.
    const exchange = await rawExchange(
      origin,
      `PUT ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${MAX_UPLOAD_BYTES}\r\n\r\n%PDF`,
    );
    expect(exchange.status).toBe(422);
    expect(answerHeaders(exchange.text).connection).toBe('close');
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs);

    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: bytes });
    expect(put.status).toBe(204);
  });
});
