import { readFile, rm, stat } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { type Harness, makeDataDir, startService, submit } from './service-harness.ts';

const unauthorizedBody = {
  errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
};

describe('authentication and accounts', () => {
  const open: Harness[] = [];
  const start = async (...args: Parameters<typeof startService>) => {
    const h = await startService(...args);
    open.push(h);
    return h;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.close()));
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown key', 'Token svc_not-a-key'],
    ['an unknown scheme', 'Basic dXNlcjpwYXNz'],
    ['a scheme without a key', 'Token'],
  ])('answers 401 with a JSON:API body for %s', async (_case, header) => {
    const h = await start();
    const response = await h.api('/v2/documents', {
      key: null,
      headers: header ? { Authorization: header } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(await response.json()).toEqual(unauthorizedBody);
  });

  it('accepts the key as Token, as Bearer (the upstream SDK passes it through) and as Token token="…"', async () => {
    const h = await start();
    for (const header of [`Token ${h.apiKey}`, `Bearer ${h.apiKey}`, `Token token="${h.apiKey}"`]) {
      const response = await h.api('/v2/documents', { key: null, headers: { Authorization: header } });
      expect(response.status, header).toBe(200);
    }
  });

  it('needs a key for the direct-upload endpoint at the root too', async () => {
    const h = await start();
    const response = await h.api('/rails/active_storage/direct_uploads', {
      method: 'POST',
      key: null,
      json: {},
    });
    expect(response.status).toBe(401);
  });

  it('serves /health and /v2/health without a key', async () => {
    const h = await start();
    for (const path of ['/health', '/v2/health']) {
      const response = await h.api(path, { key: null });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });

  it('writes the key to <dataDir>/api-key with mode 0600 and reuses it after a restart', async () => {
    const dataDir = await makeDataDir();
    const first = await start({ dataDir });
    expect(first.service.keyFile).toBe(`${dataDir}/api-key`);
    expect((await readFile(first.service.keyFile, 'utf8')).trim()).toBe(first.apiKey);
    expect((await stat(first.service.keyFile)).mode & 0o777).toBe(0o600);
    await first.close();

    const second = await start({ dataDir });
    expect(second.apiKey).toBe(first.apiKey);
    expect((await second.api('/v2/documents')).status).toBe(200);
    await second.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adopts SVC_API_TOKEN as the key', async () => {
    const h = await start({ config: { apiToken: 'configured-token-123' } });
    expect(h.apiKey).toBe('configured-token-123');
    expect((await readFile(h.service.keyFile, 'utf8')).trim()).toBe('configured-token-123');
    expect((await h.api('/v2/documents', { key: 'configured-token-123' })).status).toBe(200);
  });

  it("hides another account's documents: 404 on read, download and reextract, absent from lists", async () => {
    const h = await start();
    const other = await h.service.createAccount('other tenant');
    const mine = await submit(h, new TextEncoder().encode('account A only'), { filename: 'a.txt' });

    for (const [method, path] of [
      ['GET', `/v2/documents/${mine.id}`],
      ['GET', `/v2/documents/${mine.id}/download_url`],
      ['POST', `/v2/documents/${mine.id}/reextract`],
    ] as const) {
      const response = await h.api(path, { method, key: other.apiKey });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(errorDocument.parse(await response.json()).errors[0]).toMatchObject({
        status: '404',
        title: 'Not Found',
      });
    }
    const list = await (await h.api('/v2/documents', { key: other.apiKey })).json();
    expect(list).toMatchObject({ data: [], meta: { total: 0 } });

    // The same bytes are no duplicate in another account.
    const theirs = await submit(h, new TextEncoder().encode('account A only'), {
      filename: 'a.txt',
      key: other.apiKey,
    });
    expect(theirs.id).not.toBe(mine.id);
  });
});
