import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../../src/service/app/app-session.ts';
import {
  newestShipment,
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackBillOfLading,
  trackingRequestBody,
} from '../tracking/tracking-harness.ts';

let h: TrackingHarness;
let cookie = '';
let shipmentId = '';
let containerIds: string[] = [];
let containerNumbers: string[] = [];
let otherKey = '';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${h.origin}${path}`, { redirect: 'manual', headers: { cookie, ...headers } });

const signIn = async (key: string, next = '/shipments', origin = h.origin): Promise<Response> =>
  fetch(`${h.origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ api_key: key, next }).toString(),
  });

const sessionCookie = (response: Response): string => {
  const header = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (header === undefined) throw new Error('no session cookie');
  return header.split(';')[0] ?? '';
};

beforeAll(async () => {
  h = await startTracking();
  await trackBillOfLading(h, { request_number: 'MAEU 246813579', ref_numbers: ['PO-4711'] }, 12);
  ({ id: shipmentId, containerIds, containerNumbers } = await newestShipment(h));
  otherKey = await h.account('other');
  cookie = sessionCookie(await signIn(h.apiKey));
});
afterAll(async () => {
  await h.close();
});

describe('sign-in, session cookie and sign-out', () => {
  test('a page without a session redirects to sign-in with the page as next', async () => {
    const response = await fetch(`${h.origin}/shipments/find?q=abc`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/sign-in?next=${encodeURIComponent('/shipments/find?q=abc')}`,
    );
  });
  test('the right key: an HTTP-only, SameSite=Lax session cookie, then the next page', async () => {
    const response = await signIn(h.apiKey, '/documents');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/documents');
    const header =
      response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Max-Age=43200/);
    expect(header).not.toMatch(/Secure/i);
    expect(header).not.toContain(h.apiKey);
  });
  test('Secure when the request came over HTTPS (a proxy says so)', async () => {
    const response = await fetch(`${h.origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: h.origin,
        'x-forwarded-proto': 'https',
      },
      body: new URLSearchParams({ api_key: h.apiKey }).toString(),
    });
    expect(response.headers.getSetCookie().join('\n')).toMatch(/Secure/);
  });
  test('a wrong key: 401 and the form again, no cookie', async () => {
    const response = await signIn('svc_wrong');
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain('That API key is not valid.');
  });
  test('no open redirect: next outside this site goes home', async () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aX',
    ]) {
      const response = await signIn(h.apiKey, next);
      const location = response.headers.get('location') ?? '';
      expect(location.startsWith('/') && !location.startsWith('//'), `${next} → ${location}`).toBe(true);
      expect(location).not.toContain('evil');
    }
  });
  test('cross-site POSTs are refused: another Origin, or no Origin and no Referer', async () => {
    expect((await signIn(h.apiKey, '/shipments', 'https://evil.example')).status).toBe(403);
    const bare = await fetch(`${h.origin}/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
    });
    expect(bare.status).toBe(403);
    const referred = await fetch(`${h.origin}/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, referer: 'https://evil.example/page' },
    });
    expect(referred.status).toBe(403);
  });
  test('sign-out clears the cookie', async () => {
    const own = sessionCookie(await signIn(h.apiKey));
    const response = await fetch(`${h.origin}/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: own, origin: h.origin },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in');
    expect(response.headers.getSetCookie().join('\n')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
  });
  test('a forged or expired session is no session', async () => {
    const forged = await get('/shipments', {
      cookie: `${SESSION_COOKIE}=eyJhY2MiOiJ4In0--${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(303);
    const old = sessionCookie(await signIn(h.apiKey));
    h.clock.advance(13 * 3_600_000);
    expect((await get('/shipments', { cookie: old })).status).toBe(303);
    cookie = sessionCookie(await signIn(h.apiKey));
  });
});

describe('headers of every page', () => {
  test('no framing, no sniffing, a strict CSP, no referrer outside, no cache', async () => {
    for (const path of ['/sign-in', '/shipments', `/shipments/${shipmentId}`, '/documents']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});

describe('GET /shipments/find: the five steps', () => {
  const location = async (q: string, key = cookie) =>
    (await get(`/shipments/find?q=${encodeURIComponent(q)}`, { cookie: key })).headers.get('location');
  test('1: exact container number, lower case with spaces and dashes → that container selected', async () => {
    const number = containerNumbers.at(-1) ?? '';
    const messy = `${number.slice(0, 4).toLowerCase()} ${number.slice(4, 7)}-${number.slice(7)}`;
    expect(await location(messy)).toBe(`/shipments/${shipmentId}?container=${containerIds.at(-1)}`);
  });
  test('2: exact B/L or ref number → the shipment', async () => {
    expect(await location('maeu246813579')).toBe(`/shipments/${shipmentId}`);
    expect(await location('po-4711')).toBe(`/shipments/${shipmentId}`);
  });
  test('3: partial container number → that container selected', async () => {
    const number = containerNumbers[0] ?? '';
    expect(await location(number.slice(2, 9))).toBe(`/shipments/${shipmentId}?container=${containerIds[0]}`);
  });
  test('4: partial shipment number → the shipment', async () => {
    expect(await location('24681357')).toMatch(new RegExp(`^/shipments/${shipmentId}`));
    expect(await location('4711')).toBe(`/shipments/${shipmentId}`);
  });
  test('5: no match → the list with the query pre-filled', async () => {
    expect(await location('NOPE 1')).toBe('/shipments?q=NOPE%201');
    const page = await (await get('/shipments?q=NOPE%201')).text();
    expect(page).toContain('value="NOPE 1"');
    expect(page).toContain('Nothing tracked matches “NOPE 1”');
  });
  test("another account finds nothing of this one's", async () => {
    const other = sessionCookie(await signIn(otherKey));
    expect(await location('maeu246813579', other)).toBe('/shipments?q=maeu246813579');
    expect((await get(`/shipments/${shipmentId}`, { cookie: other })).status).toBe(404);
  });
});

describe('pages', () => {
  test('the list shows the shipment with its B/L, ports, containers and refs; queries are escaped', async () => {
    const page = await (await get('/shipments?q=%3Cscript%3E')).text();
    expect(page).toContain('MAEU246813579');
    expect(page).toContain('PO-4711');
    expect(page).toContain('<th scope="col">POL → POD</th>');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
  });
  test('the shipment page: containers, the selected one, events, LFD, holds, fees, the route map', async () => {
    const page = await (await get(`/shipments/${shipmentId}?container=${containerIds[0]}`)).text();
    for (const number of containerNumbers) expect(page).toContain(number);
    expect(page).toMatch(/<tr class="selected">/);
    expect(page).toContain('<table id="events">');
    expect(page).toContain('vessel departed');
    expect(page).toContain('Last free day');
    expect(page).toContain('Holds');
    expect(page).toContain('Fees');
    expect(page).toMatch(/<svg class="route-map"[^>]* role="img"/);
    expect(page).toMatch(/<text[^>]*>POL<\/text>/);
    expect(page).toMatch(/<text[^>]*>POD<\/text>/);
  });
  test('the documents page lists nothing yet, politely', async () => {
    expect(await (await get('/documents')).text()).toContain('No documents yet');
  });
});

describe('signed links: POST /v2/app_links', () => {
  test('a link signs a browser in and opens the page; the key is never in it', async () => {
    const response = await h.api('/v2/app_links', {
      method: 'POST',
      json: { path: `/shipments/find?q=PO-4711` },
    });
    expect(response.status).toBe(201);
    const { url, expires_at } = (await response.json()) as { url: string; expires_at: string };
    expect(url.startsWith(`${h.origin}/app/link?token=`)).toBe(true);
    expect(url).not.toContain(h.apiKey);
    expect(Date.parse(expires_at)).toBeGreaterThan(h.clock.now());
    const followed = await fetch(url, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/shipments/find?q=PO-4711');
    const session = sessionCookie(followed);
    expect((await get('/shipments/find?q=PO-4711', { cookie: session })).headers.get('location')).toBe(
      `/shipments/${shipmentId}`,
    );
  });
  test('another site or a full URL as path: 422; an expired or tampered link: 403', async () => {
    const bad = await h.api('/v2/app_links', { method: 'POST', json: { path: 'https://evil.example/' } });
    expect(bad.status).toBe(422);
    const response = await h.api('/v2/app_links', { method: 'POST', json: { path: '/documents' } });
    const { url } = (await response.json()) as { url: string };
    expect((await fetch(`${url}x`, { redirect: 'manual' })).status).toBe(403);
    h.clock.advance(16 * 60_000);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403);
    cookie = sessionCookie(await signIn(h.apiKey));
  });
});

describe('pagination of the shipments list', () => {
  test('25 a page, newest first, with previous and next links', async () => {
    for (let index = 0; index < 25; index += 1) {
      const response = await h.api('/v2/tracking_requests', {
        method: 'POST',
        json: trackingRequestBody({
          request_type: 'bill_of_lading',
          request_number: `MAEU9100000${String(index).padStart(2, '0')}`,
          scac: 'MAEU',
        }),
      });
      expect(response.status).toBe(201);
    }
    h.clock.advance(PLAY_INTERVAL_MS);
    const first = await (await get('/shipments')).text();
    expect(first.match(/<tr>\s*<th scope="row">/g)?.length).toBe(25);
    expect(first).toContain('MAEU910000024');
    expect(first).not.toContain('MAEU246813579');
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('<a href="/shipments?page=2" rel="next">Next page</a>');
    const second = await (await get('/shipments?page=2')).text();
    expect(second.match(/<tr>\s*<th scope="row">/g)?.length).toBe(1);
    expect(second).toContain('MAEU246813579');
    expect(second).toContain('<a href="/shipments?page=1" rel="prev">Previous page</a>');
  });
});

describe('after arrival', () => {
  test('the last free day is a date, the legs are all sailed, no vessel at sea', async () => {
    h.clock.advance(40 * 24 * PLAY_INTERVAL_MS);
    cookie = sessionCookie(await signIn(h.apiKey));
    const page = await (await get(`/shipments/${shipmentId}`)).text();
    const facts = page.slice(page.indexOf('<dl class="facts" id="container-facts">'));
    expect(facts).toMatch(/<dt>Last free day<\/dt><dd><time datetime="\d{4}-\d\d-\d\dT/);
    expect(page).toContain('No vessel at sea now.');
    expect(page).not.toContain('class="route-estimated"');
    expect(page).toContain('class="route-past"');
    expect(page).toContain('empty in');
  });
});
