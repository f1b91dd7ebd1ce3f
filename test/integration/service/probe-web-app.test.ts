import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../../src/service/app/app-session.ts';
import { MAX_SESSIONS_PER_ACCOUNT } from '../../../src/service/app/app-session-store.ts';
import { MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS } from '../../../src/service/app/sign-in-throttle.ts';
import { startTracking, type TrackingHarness, trackBillOfLading } from '../tracking/tracking-harness.ts';
import { md5Base64 } from './service-harness.ts';

/**
 * The abuse probe of the web app: sign-in brute force, session cookies, fixation and sign-out, open
 * redirects through `next` and signed links, user data echoed into pages, and other accounts' pages.
 */

let h: TrackingHarness;
let shipmentId = '';
let containerId = '';
let otherKey = '';
/** The document the escaping probe creates; the isolation probe opens it as another account. */
let documentId = '';

const XSS = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const signIn = (
  key: string,
  options: { next?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  fetch(`${h.origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: h.origin,
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      ...options.headers,
    },
    body: form({ api_key: key, next: options.next ?? '/shipments' }),
  });

const sessionOf = (response: Response): string => {
  const header = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (header === undefined) throw new Error(`no session cookie (status ${response.status})`);
  return header;
};
const cookieOf = (response: Response): string => sessionOf(response).split(';')[0] ?? '';

const page = (path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${h.origin}${path}`, { redirect: 'manual', ...init, headers: { cookie, ...init.headers } });

/** The sign-in throttle counts per address; every test that fails sign-ins waits the window out after. */
const forgetFailures = () => h.clock.advance(SIGN_IN_WINDOW_MS + 1_000);

beforeAll(async () => {
  h = await startTracking();
  await trackBillOfLading(h, { request_number: 'MAEU 135792468', ref_numbers: [XSS], shipment_tags: [IMG] });
  const shipments = (await (await h.api('/v2/shipments')).json()) as {
    data: { id: string; relationships: { containers: { data: { id: string }[] } } }[];
  };
  shipmentId = shipments.data[0]?.id ?? '';
  containerId = shipments.data[0]?.relationships.containers.data[0]?.id ?? '';
  const patched = await h.api(`/v2/containers/${containerId}`, {
    method: 'PATCH',
    json: { data: { type: 'container', attributes: { ref_numbers: [IMG] } } },
  });
  expect(patched.status).toBe(200);
  otherKey = await h.account('other');
});
afterAll(async () => {
  await h?.close();
});

describe('sign-in brute force', () => {
  test('after MAX_FAILED_SIGN_INS wrong keys the address gets a 429 with Retry-After, even with the right key', async () => {
    for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS; attempt += 1) {
      expect((await signIn(`wrong-${attempt}`)).status).toBe(401);
    }
    const refused = await signIn(h.apiKey);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await refused.text()).toContain('Too many failed sign-ins from your address');
    forgetFailures();
    expect((await signIn(h.apiKey)).status).toBe(303);
  });

  test('a spoofed X-Forwarded-For does not give an attacker a fresh count', async () => {
    for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS; attempt += 1) {
      const response = await signIn(`wrong-${attempt}`, {
        headers: { 'x-forwarded-for': `10.0.0.${attempt}` },
      });
      expect(response.status).toBe(401);
    }
    expect((await signIn('wrong', { headers: { 'x-forwarded-for': '10.9.9.9' } })).status).toBe(429);
    forgetFailures();
  });

  test('signing in with the right key again and again is never throttled', async () => {
    for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS * 2; attempt += 1) {
      expect((await signIn(h.apiKey)).status).toBe(303);
    }
  });

  test('a form that is not one (JSON, repeated fields, a huge body) is refused without a crash', async () => {
    const json = await fetch(`${h.origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', origin: h.origin },
      body: JSON.stringify({ api_key: h.apiKey }),
    });
    expect(json.status).toBe(401);
    const repeated = await fetch(`${h.origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.origin },
      body: `api_key=${h.apiKey}&api_key=${h.apiKey}`,
    });
    expect([303, 401]).toContain(repeated.status);
    const huge = await fetch(`${h.origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.origin },
      body: form({ api_key: 'k'.repeat(100_000) }),
    });
    expect(huge.status).toBe(413);
    forgetFailures();
  });
});

describe('session cookies', () => {
  test('HttpOnly, SameSite=Lax, Path=/, and Secure when the request came over HTTPS', async () => {
    const plain = sessionOf(await signIn(h.apiKey));
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Lax/);
    expect(plain).toMatch(/; Path=\//);
    expect(plain).not.toMatch(/; Secure/);
    const proxied = sessionOf(await signIn(h.apiKey, { headers: { 'x-forwarded-proto': 'https' } }));
    expect(proxied).toMatch(/; Secure/);
  });

  test('sign-out ends the session: a copy of the cookie kept elsewhere no longer opens a page', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    expect((await page('/shipments', cookie)).status).toBe(200);
    const out = await page('/sign-out', cookie, { method: 'POST', headers: { origin: h.origin } });
    expect(out.status).toBe(303);
    const replayed = await page('/shipments', cookie);
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toMatch(/^\/sign-in\?next=/);
  });

  test('no session fixation: signing in replaces the cookie the browser brought, and ends it', async () => {
    const planted = cookieOf(await signIn(otherKey));
    const fresh = cookieOf(await signIn(h.apiKey, { cookie: planted }));
    expect(fresh).not.toBe(planted);
    expect((await page('/shipments', planted)).status).toBe(303);
    expect((await page(`/shipments/${shipmentId}`, fresh)).status).toBe(200);
  });

  test(`signing in in a loop keeps at most MAX_SESSIONS_PER_ACCOUNT (${MAX_SESSIONS_PER_ACCOUNT}) sessions: the oldest ends`, async () => {
    const first = cookieOf(await signIn(h.apiKey));
    let last = '';
    for (let attempt = 0; attempt < MAX_SESSIONS_PER_ACCOUNT; attempt += 1) {
      last = cookieOf(await signIn(h.apiKey));
    }
    expect((await page('/shipments', first)).status).toBe(303);
    expect((await page('/shipments', last)).status).toBe(200);
  });

  test('a cross-site sign-in or sign-out is refused', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    expect((await signIn(h.apiKey, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const out = await page('/sign-out', cookie, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(out.status).toBe(403);
    expect((await page('/shipments', cookie)).status).toBe(200);
  });

  test('the session cookie is no API key: /v2 ignores it (no cross-site request can use the API)', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    const response = await fetch(`${h.origin}/v2/shipments`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${h.origin}/v2/shipments`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('a forged session id, or a session of a deleted row, is no session', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    const [name, token = ''] = cookie.split('=');
    const [claims = '', signature = ''] = token.split('--');
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedClaims = Buffer.from(JSON.stringify({ ...decoded, sid: 'guessed' })).toString('base64url');
    expect((await page('/shipments', `${name}=${forgedClaims}--${signature}`)).status).toBe(303);
  });
});

describe('open redirects', () => {
  const offSite = [
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    ` /${'x'.repeat(3_000)}`,
  ];

  test('a next= that leaves the site is replaced by the home page, on the form and after sign-in', async () => {
    for (const next of offSite) {
      const form = await fetch(`${h.origin}/sign-in?next=${encodeURIComponent(next)}`);
      const html = await form.text();
      expect(form.status, next).toBe(200);
      expect(html, next).not.toContain('evil.example');
      const response = await signIn(h.apiKey, { next });
      expect(response.status, next).toBe(303);
      const location = response.headers.get('location') ?? '';
      expect(location.startsWith('/') && !location.startsWith('//'), `${next} → ${location}`).toBe(true);
      expect(location, next).not.toContain('evil.example');
    }
  });

  test('an encoded slash stays a path of this site', async () => {
    const response = await signIn(h.apiKey, { next: '/%2F/evil.example' });
    const location = response.headers.get('location') ?? '';
    expect(new URL(location, h.origin).origin).toBe(h.origin);
  });

  test('a signed link can only be made for a path of this site', async () => {
    for (const path of offSite) {
      const response = await h.api('/v2/app_links', { method: 'POST', json: { path } });
      expect(response.status, path).toBe(422);
    }
  });
});

describe('user data echoed into pages is escaped', () => {
  test('reference numbers and tags of a shipment and its container', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    for (const path of [
      '/shipments',
      `/shipments/${shipmentId}`,
      `/shipments/${shipmentId}?container=${containerId}`,
    ]) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toContain('<script>');
      expect(html, path).not.toContain('<img');
    }
    expect(await (await page('/shipments', cookie)).text()).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  test('the search box echoes the query escaped, and the deep link does not reflect it into a redirect', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    const listed = await page(`/shipments?q=${encodeURIComponent(IMG)}`, cookie);
    const html = await listed.text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&quot;&gt;&lt;img');
    const found = await page(`/shipments/find?q=${encodeURIComponent(`${XSS}\r\nSet-Cookie: x=1`)}`, cookie);
    expect(found.status).toBe(303);
    expect(found.headers.get('location')).toMatch(/^\/shipments\?q=%3Cscript/);
    expect(found.headers.getSetCookie()).toEqual([]);
  });

  test('a document whose file name is markup', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n%probe\n');
    const filename = `${XSS}.pdf`;
    const announced = await h.api('/v2/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: {
          filename,
          content_type: 'application/pdf',
          byte_size: bytes.byteLength,
          checksum: md5Base64(bytes),
        },
      },
    });
    expect(announced.status).toBe(200);
    const blob = (await announced.json()) as {
      signed_id: string;
      direct_upload: { url: string; headers: Record<string, string> };
    };
    expect(
      (
        await fetch(blob.direct_upload.url, {
          method: 'PUT',
          headers: blob.direct_upload.headers,
          body: bytes,
        })
      ).status,
    ).toBe(204);
    const created = await h.api('/v2/documents', {
      method: 'POST',
      json: { data: { type: 'document', attributes: { name: IMG, attached_document: blob.signed_id } } },
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    documentId = data.id;
    const cookie = cookieOf(await signIn(h.apiKey));
    for (const path of ['/documents', `/documents/${data.id}`]) {
      const html = await (await page(path, cookie)).text();
      expect(html, path).not.toContain('<script>');
      expect(html, path).not.toContain('<img');
    }
  });
});

describe('tenant isolation and odd requests', () => {
  test("another account's shipment, container and document pages are 404s", async () => {
    const cookie = cookieOf(await signIn(otherKey));
    for (const path of [`/shipments/${shipmentId}`, `/shipments/${shipmentId}?container=${containerId}`]) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('MAEU');
    }
    expect(documentId).not.toBe('');
    expect((await page(`/documents/${documentId}`, cookie)).status).toBe(404);
    expect(await (await page('/documents', cookie)).text()).not.toContain(documentId);
    const found = await page('/shipments/find?q=MAEU135792468', cookie);
    expect(found.headers.get('location')).not.toContain(shipmentId);
    expect((await page('/shipments', cookie)).status).toBe(200);
    expect(await (await page('/shipments', cookie)).text()).not.toContain(shipmentId);
  });

  test('page numbers, ids and methods that are not what a page expects', async () => {
    const cookie = cookieOf(await signIn(h.apiKey));
    for (const query of [
      'page=-1',
      'page=0',
      'page=1e308',
      'page=99999999999999999999',
      'page=abc',
      'page=1&page=2',
    ]) {
      expect((await page(`/shipments?${query}`, cookie)).status, query).toBe(200);
      expect((await page(`/documents?${query}`, cookie)).status, query).toBe(200);
    }
    for (const id of ['not-a-uuid', '%00', 'x'.repeat(4_000), '..%2F..%2Fetc']) {
      expect((await page(`/shipments/${id}`, cookie)).status, id).toBe(404);
      expect((await page(`/documents/${id}`, cookie)).status, id).toBe(404);
    }
    expect((await page('/shipments', cookie, { method: 'HEAD' })).status).toBe(200);
    const deleted = await page('/shipments', cookie, { method: 'DELETE' });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toContain('GET');
    expect((await page('/sign-in', '', { method: 'PUT' })).status).toBe(405);
  });
});
