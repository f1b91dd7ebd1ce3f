import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/contract/api-catalogue.ts';
import { directUploadResponse } from '../../../src/contract/direct-upload.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { MAX_JSON_DEPTH } from '../../../src/service/http/read-json.ts';
import { type Harness, md5Base64, postDocument, startService, submit } from './service-harness.ts';

/**
 * Round 4 of the abuse probe on the REST surface: bodies nested 10,000 deep (a custom field definition's
 * `default_value` or `validation` nested that deep was a 500: the code that serialises them ran out of
 * stack), query strings of a megabyte and of 15,000 parameters, header floods, pipelining, HEAD and
 * OPTIONS on every route, and direct uploads raced, repeated after the document exists, or never ending.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Writes `text` on a fresh socket and returns all the server said until it closed or `waitMs` passed. */
const rawExchange = (port: number, text: string, until: (said: string) => boolean, waitMs = 10_000) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let said = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(said);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk: Buffer) => {
      said += chunk.toString('latin1');
      if (until(said)) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(text);
  });

describe('probe round 4: the REST surface', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startService({ startProcessing: false, config: { rateLimitPerMinute: 1_000_000 } });
    port = Number(new URL(h.origin).port);
  });
  afterAll(async () => {
    await h.close();
  });

  const send = (path: string, body: string, method = 'POST') =>
    fetch(`${h.origin}${path}`, {
      method,
      headers: { Authorization: `Token ${h.apiKey}`, 'Content-Type': 'application/json' },
      body,
    });
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it(`bodies nested past ${MAX_JSON_DEPTH} levels: 422 with the pointer where the limit passed, on every route that reads JSON`, async () => {
    // A document that exists: an unknown one is a 404 before its body is read.
    const document = await submit(h, new TextEncoder().encode('%PDF-1.4 deep'));
    const bodies = (nested: string): Array<[string, string, string]> => [
      [
        'POST',
        '/v2/custom_field_definitions',
        `{"data":{"type":"custom_field_definition","attributes":{"entity_type":"Shipment","api_slug":"deep","display_name":"D","data_type":"short_text","default_value":${nested}}}}`,
      ],
      [
        'POST',
        '/v2/custom_field_definitions',
        `{"data":{"type":"custom_field_definition","attributes":{"entity_type":"Shipment","api_slug":"deeper","display_name":"D","data_type":"short_text","validation":${nested}}}}`,
      ],
      [
        'POST',
        '/v2/webhooks',
        `{"data":{"type":"webhook","attributes":{"url":"http://127.0.0.1:9/","headers":${nested}}}}`,
      ],
      ['POST', '/v2/tracking_requests', `{"data":${nested}}`],
      [
        'PATCH',
        `/v2/documents/${document.id}`,
        `{"data":{"type":"document","attributes":{"name":${nested}}}}`,
      ],
    ];
    for (const nested of [deepObject(10_000), deepArray(10_000), deepObject(MAX_JSON_DEPTH + 1)]) {
      for (const [method, path, body] of bodies(nested)) {
        const response = await send(path, body, method);
        const label = `${method} ${path} ${nested.slice(0, 10)}`;
        expect(response.status, label).toBe(422);
        const [error] = errorDocument.parse(await response.json()).errors;
        expect(error?.detail, label).toContain(`at most ${MAX_JSON_DEPTH}`);
        expect(error?.source?.pointer, label).toMatch(/^\/data\//);
        // The pointer names the member at the limit, not the whole 10,000 levels.
        expect(error?.source?.pointer?.split('/').length, label).toBeLessThanOrEqual(MAX_JSON_DEPTH + 1);
      }
    }
    // At the limit a value is read as usual (a default_value is any JSON).
    const within = await send(
      '/v2/custom_field_definitions',
      `{"data":{"type":"custom_field_definition","attributes":{"entity_type":"Shipment","api_slug":"within","display_name":"W","data_type":"short_text","default_value":${deepArray(MAX_JSON_DEPTH - 3)}}}}`,
    );
    expect(within.status).not.toBe(500);
    expect((await fetch(`${h.origin}/health`)).status).toBe(200);
  });

  it('a pointer never carries a long or control-character key of the client', async () => {
    const key = `k${'x'.repeat(50_000)}`;
    const response = await send('/v2/webhooks', `{"data":{"${key}":${deepArray(100)}}}`);
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text.length).toBeLessThan(2_000);
    expect(errorDocument.parse(JSON.parse(text)).errors[0]?.source?.pointer).toBe('/data');
  });

  it('a query string of 1 MB is 431; one of 15,000 parameters and a flood of 3,000 headers are answered, not stalled on', async () => {
    const huge = await rawExchange(
      port,
      `GET /v2/shipments?q=${'a'.repeat(1_000_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${h.apiKey}\r\n\r\n`,
      (said) => said.includes('}]}'),
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(huge).toContain('"code":"headers_too_large"');

    const many = await fetch(`${h.origin}/v2/shipments?${'&'.repeat(15_000)}`, {
      headers: { Authorization: `Token ${h.apiKey}` },
    });
    expect(many.status).toBe(200);
    const filters = Array.from({ length: 700 }, (_, index) => `filter[f${index}]=1`).join('&');
    const filtered = await fetch(`${h.origin}/v2/containers?${filters}`, {
      headers: { Authorization: `Token ${h.apiKey}` },
    });
    expect(filtered.status).toBe(200);

    const headers = await rawExchange(
      port,
      `GET /v2/shipments HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${h.apiKey}\r\n${'a:b\r\n'.repeat(3_000)}\r\n`,
      (said) => said.includes('}]}'),
    );
    expect(headers).toMatch(/^HTTP\/1\.1 431/);
  });

  it('200 pipelined requests on one connection are each answered, in order', async () => {
    const request = (index: number) =>
      `GET /v2/shipments?page[number]=${index + 1} HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${h.apiKey}\r\n\r\n`;
    const said = await rawExchange(
      port,
      Array.from({ length: 200 }, (_, index) => request(index)).join(''),
      (text) => (text.match(/HTTP\/1\.1 /g) ?? []).length >= 200 && text.endsWith('}'),
      30_000,
    );
    const statuses = said.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    expect(statuses).toHaveLength(200);
    expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 200']));
    const pages = [...said.matchAll(/"current":(\d+)/g)].map((match) => Number(match[1]));
    expect(pages.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('HEAD and OPTIONS on every route: no 5xx, HEAD without a body, every refusal a JSON:API error', async () => {
    const paths = new Set(['/', '/health', '/v2/health', '/sign-in', '/rails/active_storage/disk/x']);
    for (const endpoint of ENDPOINTS) {
      paths.add(`${endpoint.root === true ? '' : '/v2'}${endpoint.path.replace(/\{[a-z_]+\}/g, UNKNOWN)}`);
    }
    for (const path of paths) {
      for (const method of ['HEAD', 'OPTIONS']) {
        const response = await fetch(`${h.origin}${path}`, {
          method,
          redirect: 'manual',
          headers: { Authorization: `Token ${h.apiKey}` },
        });
        const text = await response.text();
        const label = `${method} ${path} ${response.status}`;
        expect(response.status, label).toBeLessThan(500);
        if (method === 'HEAD') expect(text, label).toBe('');
        if (method === 'OPTIONS' && response.status >= 400) {
          expect(errorDocument.safeParse(JSON.parse(text)).success, label).toBe(true);
        }
      }
    }
  });

  describe('direct uploads', () => {
    const bytes = Buffer.from('%PDF-1.4 probe round four '.repeat(80));
    const announce = async (content: Buffer) => {
      const response = await h.api('/v2/rails/active_storage/direct_uploads', {
        method: 'POST',
        json: {
          blob: {
            filename: 'probe.pdf',
            content_type: 'application/pdf',
            byte_size: content.length,
            checksum: md5Base64(content),
          },
        },
      });
      return directUploadResponse.parse(await response.json());
    };
    const put = (target: Awaited<ReturnType<typeof announce>>, body: Buffer) =>
      fetch(target.direct_upload.url, { method: 'PUT', headers: target.direct_upload.headers, body });

    it('PUTs raced with wrong bytes, and wrong bytes after the document exists, never change what is stored', async () => {
      const content = Buffer.from(bytes);
      content.write('raced', 0);
      const target = await announce(content);
      const wrong = Buffer.from(content);
      wrong[20] = 0x21;
      const statuses = (
        await Promise.all([wrong, content, wrong, content].map((body) => put(target, body)))
      ).map((response) => response.status);
      expect(statuses).toEqual([422, 204, 422, 204]);
      const created = await postDocument(h, 'probe.pdf', target.signed_id);
      expect(created.status).toBe(201);
      const { data } = (await created.json()) as { data: { id: string } };
      expect((await put(target, wrong)).status).toBe(422);
      // The same bytes again are idempotent, after the document exists as before it.
      expect((await put(target, content)).status).toBe(204);
      const link = await h.api(`/v2/documents/${data.id}/download_url`);
      const { download_url: url } = (await link.json()) as { download_url: string };
      expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(content)).toBe(true);
    });

    it('a chunked PUT that runs past the announced size, and never ends, is refused at once, and nothing is kept', async () => {
      const content = Buffer.from(bytes);
      content.write('endless', 0);
      const target = await announce(content);
      const url = new URL(target.direct_upload.url);
      const head = [
        `PUT ${url.pathname}${url.search} HTTP/1.1`,
        'Host: x',
        ...Object.entries(target.direct_upload.headers).map(([name, value]) => `${name}: ${value}`),
        'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n');
      // Three times the size in chunks, and no final chunk: the body never ends.
      const chunk = Buffer.alloc(content.length, 0x61);
      const body = [0, 1, 2]
        .map(() => `${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`)
        .join('');
      const said = await rawExchange(port, `${head}${body}`, (text) => text.includes('}]}'));
      expect(said).toMatch(/^HTTP\/1\.1 422/);
      expect(said).toContain('byte_size_mismatch');
      expect(said.toLowerCase()).toContain('connection: close');
      const created = await postDocument(h, 'probe.pdf', target.signed_id);
      expect(created.status).toBe(422);
      // The upload can still be completed with the right bytes.
      expect((await put(target, content)).status).toBe(204);
    });
  });
});
