import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../src/service/app/app-session.ts';
import { startTracking, type TrackingHarness, trackBillOfLading } from '../tracking/tracking-harness.ts';

/**
 * Abuse probe round 5 on the web app: hostile query strings on every page that reads one. Each answer is a
 * page (never a 500), echoes nothing raw, and redirects only within the site.
 */
let h: TrackingHarness;
let cookie = '';
let shipmentId = '';

beforeAll(async () => {
  h = await startTracking();
  await trackBillOfLading(h, { request_number: 'MAEU 246813579' });
  const shipments = (await (await h.api('/v2/shipments')).json()) as { data: { id: string }[] };
  shipmentId = shipments.data[0]?.id ?? '';
  const signedIn = await fetch(`${h.origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.origin },
    body: new URLSearchParams({ api_key: h.apiKey, next: '/shipments' }).toString(),
  });
  const header = signedIn.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  cookie = header?.split(';')[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await h?.close();
});

const SCRIPT = '<script>alert(1)</script>';
const hostileValues = [
  '',
  '-1',
  '0',
  '1e999',
  '99999999999999999999999',
  '9007199254740991',
  '0x10',
  '%00',
  '%E0%A4%A',
  '%',
  encodeURIComponent(SCRIPT),
  encodeURIComponent('\u202Egnp.exe'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('%_%_%_'),
  'a'.repeat(8_000),
  encodeURIComponent('%'.repeat(4_000)),
  encodeURIComponent('\r\nSet-Cookie: x=1'),
];

describe('web app pages with hostile query strings', () => {
  it('every page answers a page, never a 500 or a raw echo', async () => {
    const paths = (value: string) => [
      `/shipments?page=${value}`,
      `/shipments?q=${value}`,
      `/shipments?q=${value}&q=${value}&page=${value}&page=2`,
      `/shipments/find?q=${value}`,
      `/shipments/${shipmentId}?container=${value}`,
      `/documents?page=${value}`,
      `/sign-in?next=${value}`,
      `/shipments?${value}=${value}`,
    ];
    for (const value of hostileValues) {
      for (const path of paths(value)) {
        const response = await fetch(`${h.origin}${path}`, { redirect: 'manual', headers: { cookie } });
        const text = await response.text();
        expect(response.status, path.slice(0, 120)).toBeLessThan(500);
        expect(text, path.slice(0, 120)).not.toContain(SCRIPT);
        expect(response.headers.get('set-cookie') ?? '', path.slice(0, 120)).not.toContain('x=1');
        if (response.status === 303) {
          const location = response.headers.get('location') ?? '';
          expect(location.startsWith('/'), `${path.slice(0, 120)} -> ${location}`).toBe(true);
          expect(location.startsWith('//')).toBe(false);
        }
      }
    }
  });
});
