import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type Harness, startService } from './service-harness.ts';

const onlyError = async (response: Response) => {
  expect(response.headers.get('content-type')).toMatch(/json/);
  const body = errorDocument.parse(await response.json());
  expect(body.errors).toHaveLength(1);
  return body.errors[0];
};

describe('errors are JSON:API everywhere', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  it('404 for an unknown route, in JSON', async () => {
    const response = await h.api('/v2/no-such-thing');
    expect(response.status).toBe(404);
    // As every error: a stable code a client can switch on.
    expect(await onlyError(response)).toMatchObject({ status: '404', code: 'not_found', title: 'Not Found' });
    expect((await h.api('/nowhere', { key: null })).status).toBe(404);
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    // DELETE and PATCH are served now; PUT is not.
    const response = await h.api('/v2/documents/some-id', { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    expect(await onlyError(response)).toMatchObject({
      status: '405',
      code: 'method_not_allowed',
      title: 'Method Not Allowed',
    });

    const collection = await h.api('/v2/documents', { method: 'PUT' });
    expect(collection.status).toBe(405);
    expect(collection.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('415 for a body that is not JSON', async () => {
    const response = await h.api('/v2/documents', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'name=x',
    });
    expect(response.status).toBe(415);
    expect(await onlyError(response)).toMatchObject({ status: '415' });
  });

  it('accepts application/vnd.api+json as well as application/json', async () => {
    const response = await h.api('/v2/documents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'document', attributes: { name: 'x', attached_document: 'y' } } }),
    });
    expect(response.status).toBe(422);
  });

  it('400 for malformed JSON', async () => {
    const response = await h.api('/v2/documents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":',
    });
    expect(response.status).toBe(400);
    expect(await onlyError(response)).toMatchObject({ status: '400', title: 'Bad Request' });
  });

  it('413 for a keyed request body over the JSON limit', async () => {
    const response = await h.api('/v2/documents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await onlyError(response)).toMatchObject({ status: '413' });
  });

  it('422 with a pointer for a body that breaks the schema', async () => {
    const response = await h.api('/v2/documents', { method: 'POST', json: { data: { type: 'webhook' } } });
    expect(response.status).toBe(422);
    expect((await onlyError(response))?.source?.pointer).toMatch(/^\/data\//);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After per key over a rolling minute, then lets the key in again', async () => {
    const clock = new ManualClock(Date.now());
    const h = await startService({ clock, config: { rateLimitPerMinute: 3 }, startProcessing: false });
    try {
      const other = await h.service.createAccount('other');
      for (let n = 0; n < 3; n += 1) {
        expect((await h.api('/v2/documents')).status).toBe(200);
        clock.advance(10_000);
      }
      const limited = await h.api('/v2/documents');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('30');
      expect(await onlyError(limited)).toMatchObject({ status: '429', title: 'Too Many Requests' });
      // Health and other keys are not counted against this key.
      expect((await h.api('/health', { key: null })).status).toBe(200);
      expect((await h.api('/v2/documents', { key: other.apiKey })).status).toBe(200);

      clock.advance(30_000);
      expect((await h.api('/v2/documents')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
