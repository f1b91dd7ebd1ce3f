import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { MAX_REFUSED_KEYS_PER_MINUTE } from '../../../src/service/http/refused-keys.ts';
import { type Harness, startService } from './service-harness.ts';

/**
 * Round 4 of the abuse probe on authentication: before this round a client guessing keys was answered
 * 401 as fast as it could send, without end. Unknown keys now count per client address; past the limit
 * the address is answered 429 with Retry-After for its unknown keys, while a known key from the same
 * address (every client on loopback shares one) is always served.
 */
describe('probe round 4: unknown keys per client address', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1));
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ clock, startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  const get = (authorization?: string) =>
    fetch(`${h.origin}/v2/shipments`, {
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });
  const guess = (index: number) => get(`Token svc_guess${String(index).padStart(6, '0')}`);

  it('answers 401 up to the limit, then 429 with Retry-After; the real key is served throughout', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < MAX_REFUSED_KEYS_PER_MINUTE; index += 1) {
      statuses.push((await guess(index)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));

    const refused = await guess(1_000);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(errorDocument.parse(await refused.json()).errors[0]).toMatchObject({
      status: '429',
      title: 'Too Many Requests',
      code: 'rate_limited',
      detail: expect.stringMatching(/unknown API keys from your address/),
    });
    // No account's bucket is named: the refusal is the address's.
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();

    // The real account's key, from the same loopback address, is not locked out.
    const real = await get(`Token ${h.apiKey}`);
    expect(real.status).toBe(200);
    // Neither is a request without a key told anything but 401: it guesses nothing.
    expect((await get()).status).toBe(401);
    expect((await get('Basic YTpi')).status).toBe(401);

    // Once the window passes, the address may try again.
    clock.advance(retryAfter * 1_000);
    expect((await guess(2_000)).status).toBe(401);
  });

  it('a concurrent flood of 2,000 guesses: at most the limit answered 401, the real key still 200, no error', async () => {
    clock.advance(60_000);
    const flood = Promise.all(Array.from({ length: 2_000 }, (_, index) => guess(10_000 + index)));
    // Past a hundred 429s the refusals are held at a growing pace (round 5, probe-auth-penalty-5): the
    // real key is served while they wait, and the service's clock moving on answers them all.
    expect((await get(`Token ${h.apiKey}`)).status).toBe(200);
    let settled = false;
    void flood.then(() => {
      settled = true;
    });
    // Small steps: every guess must arrive while the address's minute lasts (a late one would be a 401
    // of the next minute), and each held one is answered within 30 s of the service's time.
    while (!settled) {
      clock.advance(100);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const responses = await flood;
    const counts = new Map<number, number>();
    for (const response of responses) {
      counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
      await response.body?.cancel();
    }
    expect([...counts.keys()].sort()).toEqual([401, 429]);
    expect(counts.get(401)).toBe(MAX_REFUSED_KEYS_PER_MINUTE);
    expect((await get(`Token ${h.apiKey}`)).status).toBe(200);
  });
});
