import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DuplicateDocumentError,
  ServiceApiError,
  ServiceUnreachableError,
} from '../../../src/client/errors.ts';
import { ServiceClient } from '../../../src/client/service-client.ts';

type Reply = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const document = (id: string) => ({
  id,
  type: 'document',
  attributes: {
    id,
    name: 'a.pdf',
    document_type: null,
    document_type_manual: null,
    classification_notes: null,
    file_name: 'a.pdf',
    file_content_type: 'application/pdf',
    file_size_bytes: 3,
    extraction_status: 'pending',
    extraction_attempts: 0,
    extraction_error: null,
    created_at: '2026-11-21T00:00:00Z',
    updated_at: '2026-11-21T00:00:00Z',
  },
  relationships: {
    account: { data: { id: 'acc', type: 'account' } },
    user: { data: null },
    email_submission: { data: null },
    last_document_representation: { data: null },
    shipments: { data: [] },
    cargos: { data: [] },
  },
  links: { self: `/documents/${id}`, download: `/documents/${id}/download_url` },
});

/** A scripted server on loopback: each request takes the next reply; the log records what came in. */
const scripted = async (replies: Reply[]) => {
  const log: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      log.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const reply = replies.shift();
      if (reply) reply(request, body, response);
      else json(response, 500, { errors: [{ title: 'script exhausted' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listen() on a TCP port always yields an AddressInfo
  return { log, server, baseUrl: `http://127.0.0.1:${port}/v2` };
};

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

const clientFor = (baseUrl: string, sleeps: number[] = []) =>
  new ServiceClient({
    baseUrl,
    token: 'test-token-123',
    requestsPerMinute: 60_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
  });

describe('ServiceClient', () => {
  it('sends the token and parses a created document', async () => {
    const { log, server, baseUrl } = await scripted([
      (_, __, response) => json(response, 201, { data: document('d1') }),
    ]);
    servers.push(server);
    const created = await clientFor(baseUrl).createDocument({ name: 'a.pdf', signedId: 'sid' });
    expect(created.id).toBe('d1');
    expect(log[0]?.headers.authorization).toBe('Token test-token-123');
    expect(JSON.parse(log[0]?.body ?? '')).toEqual({
      data: { type: 'document', attributes: { name: 'a.pdf', attached_document: 'sid' } },
    });
  });

  it('retries a 503 with backoff and then succeeds', async () => {
    const sleeps: number[] = [];
    const { log, server, baseUrl } = await scripted([
      (_, __, response) => json(response, 503, { errors: [{ status: '503', title: 'Unavailable' }] }),
      (_, __, response) => json(response, 502, { errors: [{ status: '502', title: 'Bad Gateway' }] }),
      (_, __, response) => json(response, 200, { data: document('d2'), included: [] }),
    ]);
    servers.push(server);
    const result = await clientFor(baseUrl, sleeps).getDocument('d2', ['last_document_representation']);
    expect(result.data.id).toBe('d2');
    expect(log).toHaveLength(3);
    expect(log[0]?.url).toBe('/v2/documents/d2?include=last_document_representation');
    expect(sleeps).toEqual([250, 500]);
  });

  it('waits out Retry-After on a 429', async () => {
    const sleeps: number[] = [];
    const { server, baseUrl } = await scripted([
      (_, __, response) =>
        json(
          response,
          429,
          { errors: [{ status: '429', title: 'Too Many Requests' }] },
          { 'retry-after': '2' },
        ),
      (_, __, response) => json(response, 202, { status: 'accepted' }),
    ]);
    servers.push(server);
    await clientFor(baseUrl, sleeps).reextractDocument('d3');
    expect(sleeps).toEqual([2_000]);
  });

  it('turns a 409 duplicate_document into a typed error with the existing id', async () => {
    const { server, baseUrl } = await scripted([
      (_, __, response) =>
        json(response, 409, {
          errors: [
            {
              status: '409',
              title: 'Duplicate document',
              code: 'duplicate_document',
              meta: { existing_document_id: 'd-old', existing_document_name: 'first.pdf' },
            },
          ],
        }),
    ]);
    servers.push(server);
    const error = await clientFor(baseUrl)
      .createDocument({ name: 'b.pdf', signedId: 'sid' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateDocumentError);
    expect(error).toMatchObject({
      existingDocumentId: 'd-old',
      existingDocumentName: 'first.pdf',
      retryable: false,
    });
  });

  it('does not retry a 422 and reports the pointer', async () => {
    const { log, server, baseUrl } = await scripted([
      (_, __, response) =>
        json(response, 422, {
          errors: [
            {
              status: '422',
              title: 'Unprocessable Entity',
              detail: "Name can't be blank",
              source: { pointer: '/data/attributes/name' },
            },
          ],
        }),
    ]);
    servers.push(server);
    const error = await clientFor(baseUrl)
      .createDocument({ name: '', signedId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceApiError);
    expect((error as ServiceApiError).errors[0]?.source).toEqual({ pointer: '/data/attributes/name' });
    expect(log).toHaveLength(1);
  });

  it('uploads a stream with the direct-upload headers and retries from the start', async () => {
    const { log, server, baseUrl } = await scripted([
      (_, __, response) => json(response, 500, {}),
      (_, __, response) => {
        response.writeHead(204);
        response.end();
      },
    ]);
    servers.push(server);
    const upload = {
      id: 'b',
      key: 'k',
      filename: 'a.pdf',
      content_type: 'application/pdf',
      metadata: {},
      service_name: 'local',
      byte_size: 5,
      checksum: 'XUFAKrxLKna5cZ2REBfFkg==',
      created_at: '2026-11-21T00:00:00Z',
      signed_id: 's',
      direct_upload: {
        url: `${baseUrl.replace('/v2', '')}/blobs/token`,
        headers: { 'Content-Type': 'application/pdf', 'Content-MD5': 'XUFAKrxLKna5cZ2REBfFkg==' },
      },
    };
    const { Readable } = await import('node:stream');
    await clientFor(baseUrl).uploadBlob(
      upload,
      () => Readable.from([Buffer.from('he'), Buffer.from('llo')]),
      5,
    );
    expect(log.map((entry) => entry.body)).toEqual(['hello', 'hello']);
    expect(log[1]?.headers['content-md5']).toBe('XUFAKrxLKna5cZ2REBfFkg==');
    expect(log[1]?.headers['content-length']).toBe('5');
  });

  it('reports an unreachable service as retryable, after retrying', async () => {
    const sleeps: number[] = [];
    const client = clientFor('http://127.0.0.1:1/v2', sleeps);
    const error = await client.getDocument('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(sleeps).toHaveLength(4);
  });
});
