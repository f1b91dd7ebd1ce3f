import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { APP_PAGE_PATHS } from '../../../src/service/app/app-routes.ts';
import { type Harness, startService, submit } from './service-harness.ts';

/** Fixed, so a failure names a case that reproduces on every run. */
const SEED = 0x5eed_2026;
/** Requests in all; with the limit below the test stays under a few seconds on a busy machine. */
const CASES = 1_500;
/** A bound on wall time as well as count: past it the test stops sending and checks what it has. */
const TIME_BUDGET_MS = 30_000;
/** Past the keyed JSON body limit (1 MiB), to reach the 413 path. */
const HUGE_BYTES = 2 * 1024 * 1024;
/** Deep enough to overflow a recursive parser's stack. */
const DEEP = 100_000;

const isAppPage = (path: string): boolean => APP_PAGE_PATHS.some((page) => page === path);

/** mulberry32: a tiny seeded generator, so the fuzz is the same sequence on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const next = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

// Webhook targets are loopback or not URLs at all: the fuzz never makes the service call out.
const URLS = [
  'http://127.0.0.1:9/hook',
  'https://localhost/x',
  'ftp://127.0.0.1/',
  'not a url',
  'http://[::1]:9/',
];

const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(10_000),
  'Zoë’s invoice (1).pdf',
  '\u0000\u0001\u001f',
  '😀'.repeat(50),
  '\ud800',
  '../../etc/passwd',
  "'; DROP TABLE documents; --",
  '%00%ff',
  '<script>alert(1)</script>',
  'document.extracted',
  ...URLS,
];

const SCALARS: readonly unknown[] = [...STRINGS, 0, -1, 1.5, 1e308, -1e308, 2 ** 63, true, false, null];

function value(depth = 0): unknown {
  const roll = next();
  if (depth > 2 || roll < 0.6) return pick(SCALARS);
  if (roll < 0.8) return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(next() * 4) }, () => [pick(ATTRIBUTES), value(depth + 1)]),
  );
}

const ATTRIBUTES = [
  'name',
  'attached_document',
  'url',
  'active',
  'events',
  'headers',
  'event',
  'secret',
  'filename',
  'content_type',
  'byte_size',
  'checksum',
  'degrees',
  'type',
  'id',
];

/** A body shaped like what the routes expect, with wrong, huge, deep or odd members. */
function jsonBody(): string {
  const roll = next();
  if (roll < 0.05) return '{"data":';
  if (roll < 0.08) return `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
  if (roll < 0.1) return JSON.stringify({ padding: 'x'.repeat(HUGE_BYTES) });
  if (roll < 0.15) return JSON.stringify(value());
  const attributes = Object.fromEntries(
    Array.from({ length: 1 + Math.floor(next() * 5) }, () => [pick(ATTRIBUTES), value()]),
  );
  if (roll < 0.3) return JSON.stringify({ blob: attributes });
  if (roll < 0.4) return JSON.stringify(attributes);
  return JSON.stringify({ data: { type: pick(['document', 'webhook', 'x', 7, null]), attributes } });
}

const QUERY_NAMES = [
  'page[number]',
  'page[size]',
  'page[after]',
  'page[before]',
  'sort',
  'include',
  'filter[filename]',
  'filter[document_types]',
  'filter[created_at][start]',
  'filter[created_at][end]',
  'filter[delivery_status]',
  'event',
];
const QUERY_VALUES = [
  '1',
  '0',
  '-1',
  '1e308',
  '99999999999999999999999',
  'NaN',
  '',
  'created_at,-document_type',
  'shipments,nope',
  'a,,b',
  '2026-13-45',
  '%',
  '_',
  'ab',
  'invoice',
  'eyJ9',
  'WyJ4IiwxLDIsM10',
  '😀😀😀',
  'x'.repeat(3000),
];

function query(): string {
  const count = Math.floor(next() * 4);
  const params = Array.from(
    { length: count },
    () => `${encodeURIComponent(pick(QUERY_NAMES))}=${encodeURIComponent(pick(QUERY_VALUES))}`,
  );
  if (next() < 0.05) params.push('page[number]=%ZZ', 'sort=%E0%A4%A');
  return params.length === 0 ? '' : `?${params.join('&')}`;
}

const SEGMENTS = [
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(4000),
  '%00',
  '%ZZ',
  '..%2F..%2Fetc',
  encodeURIComponent('😀 ë'),
  'types',
  'events',
  'examples',
  'commercial_invoice@2026-11-01',
  '1e308',
];

const createdId = z.object({ data: z.object({ id: z.string() }) });

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND'];

interface Outcome {
  readonly request: string;
  readonly status: number;
  readonly problem?: string;
}

describe('every route under fuzzed requests', () => {
  let h: Harness;
  let routes: Array<{ method: string; path: string }>;
  const known: string[] = [];

  beforeAll(async () => {
    h = await startService({ startProcessing: false, config: { rateLimitPerMinute: 1_000_000 } });
    const document = await submit(h, new TextEncoder().encode('fuzz target'), { filename: 'fuzz.pdf' });
    known.push(document.id);
    const webhook = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://127.0.0.1:9/', events: ['document.extracted'] },
        },
      },
    });
    const id = createdId.safeParse(await webhook.json());
    if (id.success) known.push(id.data.data.id);
    // Middleware registers as ALL on patterns; what is left is the route table the fuzz walks.
    routes = h.service.app.routes.filter((route) => route.method !== 'ALL');
  });
  afterAll(async () => {
    await h.close();
  });

  const pathFor = (pattern: string): string =>
    pattern
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':') && segment !== '*') return segment;
        if (segment.endsWith('?') && next() < 0.3) return '';
        return next() < 0.3 && known.length > 0 ? pick(known) : pick(SEGMENTS);
      })
      .join('/');

  /** Most requests carry the key, so that they reach the routes; the rest try bad tokens. */
  const authorization = (): string | undefined =>
    next() < 0.6 ? `${pick(['Token', 'Bearer', 'token'])} ${h.apiKey}` : pick(BAD_AUTH)();
  const BAD_AUTH: ReadonlyArray<() => string | undefined> = [
    () => undefined,
    () => 'Token',
    () => `Token ${h.apiKey}x`,
    () => `Basic ${Buffer.from('a:b').toString('base64')}`,
    () => `Token token="${'k'.repeat(5000)}"`,
    () => `Token ${h.apiKey} extra`,
    () => 'Token \u00ff\u00fe',
  ];

  it('answers no 5xx, and a JSON:API error document on every 4xx', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const failures: Outcome[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    let sent = 0;
    for (; sent < CASES && performance.now() - started < TIME_BUDGET_MS; sent += 1) {
      const route = routes[sent % routes.length] ?? { method: 'GET', path: '/' };
      const method = next() < 0.7 ? route.method : pick(METHODS);
      const url = `${h.origin}${pathFor(route.path)}${query()}`;
      const headers = new Headers();
      const auth = authorization();
      if (auth !== undefined) headers.set('Authorization', auth);
      const withBody = method !== 'GET' && method !== 'HEAD' && next() < 0.9;
      if (withBody) {
        headers.set(
          'Content-Type',
          pick([
            'application/json',
            'application/vnd.api+json',
            'text/plain',
            'application/json; charset=utf-8',
            '',
          ]),
        );
      }
      const response = await fetch(url, { method, headers, ...(withBody ? { body: jsonBody() } : {}) });
      const request = `#${sent} ${method} ${url.slice(0, 200)}`;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const text = await response.text();
      if (response.status >= 500)
        failures.push({ request, status: response.status, problem: text.slice(0, 300) });
      // The web app's pages answer browsers in HTML, refusals included; they must not fail, that is all.
      else if (response.status >= 400 && method !== 'HEAD' && !isAppPage(route.path)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const document = errorDocument.safeParse(parsed);
        if (!document.success || !/json/.test(response.headers.get('content-type') ?? '')) {
          failures.push({
            request,
            status: response.status,
            problem: `not a JSON:API error: ${text.slice(0, 200)}`,
          });
        }
      }
    }
    expect(failures).toEqual([]);
    // The fuzz reached past the edge: some requests succeeded and several kinds of refusal were seen.
    expect(sent).toBeGreaterThan(CASES / 4);
    expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
