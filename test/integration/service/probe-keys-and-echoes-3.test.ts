import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { MAX_REFUSED_KEYS_PER_MINUTE } from '../../../src/service/http/refused-keys.ts';
import { type Harness, startService } from './service-harness.ts';

/**
 * Round 3 of the abuse probe on the rate limiter and its headers (Authorization forms, keys that do not
 * exist, bursts across accounts), and on the values error details name: before this round the webhook
 * examples endpoint and POST /webhooks/trigger echoed an unknown event whole (half a megabyte back for
 * half a megabyte sent) with its control and bidi characters, as did include, sort and port parameters.
 */

const LIMIT = 20;

describe('probe round 3: keys and the rate limiter', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ config: { rateLimitPerMinute: LIMIT } });
  });
  afterAll(async () => {
    await h.close();
  });

  const get = (authorization: string | readonly [string, string][], path = '/v2/shipments') =>
    fetch(`${h.origin}${path}`, {
      headers: typeof authorization === 'string' ? { Authorization: authorization } : [...authorization],
    });

  const expect401 = async (response: Response, label: string) => {
    expect(response.status, label).toBe(401);
    expect(response.headers.get('www-authenticate'), label).toBe('Token realm="Application"');
    expect(response.headers.get('x-ratelimit-limit'), label).toBeNull();
    expect(errorDocument.parse(await response.json()).errors[0]?.status, label).toBe('401');
  };

  it('two Authorization headers, other schemes, and X-Account-Id of another account get no other account', async () => {
    const other = await h.service.createAccount('other');
    const forms: [string, readonly [string, string][] | string][] = [
      [
        'a bad key then the good one',
        [
          ['Authorization', 'Token nope'],
          ['Authorization', `Token ${h.apiKey}`],
        ],
      ],
      [
        'the good key then a bad one',
        [
          ['Authorization', `Token ${h.apiKey}`],
          ['Authorization', 'Token nope'],
        ],
      ],
      ['basic', `Basic ${Buffer.from(`${h.apiKey}:`).toString('base64')}`],
      ['no scheme', h.apiKey],
      ['two keys in one header', `Token ${h.apiKey} ${other.apiKey}`],
      ['a key and a comma', `Token ${h.apiKey},`],
      ['NUL after the key', `Token ${h.apiKey}%00`],
    ];
    for (const [label, authorization] of forms) await expect401(await get(authorization), label);

    // X-Account-Id is no credential: the key's own account answers, the other's data stays its own.
    const created = await fetch(`${h.origin}/v2/parties`, {
      method: 'POST',
      headers: { Authorization: `Token ${other.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'party', attributes: { company_name: 'Theirs Ltd' } } }),
    });
    expect(created.status).toBe(201);
    const mine = await fetch(`${h.origin}/v2/parties`, {
      headers: {
        Authorization: `Token ${h.apiKey}`,
        'X-Account-Id': (await h.service.createAccount('x')).accountId,
      },
    });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('a flood of keys that do not exist is 401 (then 429 for the address, round 4), and counts in no account bucket', async () => {
    const fresh = await h.service.createAccount('fresh');
    // 200: the limit's 401s and the 429s answered at once; past them round 5 holds the address's refusals
    // (probe-auth-penalty-5.test.ts).
    const refused = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        get(`Token ${fresh.apiKey.slice(0, -4)}${String(index).padStart(4, '0')}`),
      ),
    );
    // Round 4 throttles unknown keys per client address (probe-auth-throttle-4.test.ts).
    expect(new Set(refused.map((response) => response.status))).toEqual(new Set([401, 429]));
    expect(refused.filter((response) => response.status === 401).length).toBeLessThanOrEqual(
      MAX_REFUSED_KEYS_PER_MINUTE,
    );
    expect(refused.every((response) => response.headers.get('x-ratelimit-limit') === null)).toBe(true);
    const first = await get(`Token ${fresh.apiKey}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
  });

  it('a burst across accounts: each account has its own bucket, its headers count down, and the 429 says when', async () => {
    const tenants = await Promise.all(
      Array.from({ length: 3 }, (_, index) => h.service.createAccount(`b${index}`)),
    );
    const responses = await Promise.all(
      tenants.flatMap(({ apiKey }) => Array.from({ length: LIMIT + 5 }, () => get(`Token ${apiKey}`))),
    );
    for (let tenant = 0; tenant < tenants.length; tenant += 1) {
      const own = responses.slice(tenant * (LIMIT + 5), (tenant + 1) * (LIMIT + 5));
      const ok = own.filter((response) => response.status === 200);
      const limited = own.filter((response) => response.status === 429);
      expect([ok.length, limited.length]).toEqual([LIMIT, 5]);
      const remaining = ok.map((response) => Number(response.headers.get('x-ratelimit-remaining')));
      expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, index) => index));
      for (const response of limited) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const reset = Number(response.headers.get('x-ratelimit-reset'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
        const [error] = errorDocument.parse(await response.json()).errors;
        expect(error).toMatchObject({ status: '429', code: 'rate_limited' });
      }
    }
    // Health needs no key and counts in no bucket.
    expect((await fetch(`${h.origin}/v2/health`)).status).toBe(200);
  });
});

describe('probe round 3: values named in error details', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ config: { rateLimitPerMinute: 10_000 } });
  });
  afterAll(async () => {
    await h.close();
  });

  const detailOf = async (response: Response, status: number): Promise<string> => {
    expect(response.status).toBe(status);
    const [error] = errorDocument.parse(await response.json()).errors;
    return error?.detail ?? '';
  };

  it('an unknown event of half a megabyte, or with controls, is named cut or not at all', async () => {
    const huge = 'B'.repeat(500_000);
    const trigger = (event: string) =>
      h.api('/v2/webhooks/trigger', { method: 'POST', json: { url: 'http://example.invalid/', event } });
    const long = await detailOf(await trigger(huge), 422);
    expect(long.length).toBeLessThan(200);
    expect(long).toMatch(/^event B{100}… is not a known webhook event$/);
    expect(await detailOf(await trigger('\u001b[31mred\u202e'), 422)).toBe(
      'event is not a known webhook event',
    );

    const examples = (event: string) =>
      h.api(`/v2/webhook_notifications/examples?event=${encodeURIComponent(event)}`);
    expect((await detailOf(await examples('A'.repeat(8_000)), 400)).length).toBeLessThan(200);
    expect(await detailOf(await examples('\u001b]0;pwned\u0007'), 400)).toBe(
      'event is not a known webhook event',
    );
    expect(await detailOf(await examples('shipment.nope'), 400)).toBe(
      'shipment.nope is not a known webhook event',
    );
  });

  it('include, sort and port values are cut and never carry controls back', async () => {
    const hostile = ['\u001b[2J', '\u202eevil', 'x'.repeat(6_000)];
    const paths = (value: string) => [
      `/v2/shipments?include=${value}`,
      `/v2/containers?sort=${value}`,
      `/v2/documents?include=${value}`,
      `/v2/documents?sort=${value}`,
      `/v2/webhook_notifications?include=${value}`,
    ];
    for (const value of hostile) {
      for (const path of paths(encodeURIComponent(value))) {
        const detail = await detailOf(await h.api(path), 400);
        expect(detail, path.slice(0, 60)).not.toContain('x'.repeat(101));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none come back.
        expect(detail, path.slice(0, 60)).not.toMatch(/[\u0000-\u001f\u202e]/);
      }
    }
  });
});
