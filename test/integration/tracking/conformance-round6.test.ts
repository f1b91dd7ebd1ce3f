import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advance, createRequest, type Document, expectError, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Round 6: pagination as the upstream's JSON:API layer answers it, and `include` on every route.
 *
 * The upstream's list `meta.pagination` (`current`, `first`, `prev`, `next`, `last`, `records`) and its
 * default page size of 30 are those of the Rails gem jsonapi.rb's pagination module, so its rules are the
 * upstream's: `page[size]` below 1 (0, negative, not a number) is the default size, `page[number]` below 1
 * is page 1 (both read as Ruby's `to_f.to_i`, so `2.9` is 2); `links.self` is the URL as requested; the
 * other links carry every query parameter of the request with `page[number]` set, `first` and `prev` only
 * past page 1, `next` and `last` only before the last page. An include the resource's serializer does not
 * have is a 400 naming `include` on every route, whether or not the resource has relationships.
 */
let h: TrackingHarness;
const NUMBERS = ['MAEU100000011', 'MAEU100000012', 'MAEU100000013', 'MAEU100000014', 'MAEU100000015'];

const page = async (path: string): Promise<Document> => {
  const response = await h.api(path);
  expect(response.status, path).toBe(200);
  return read(response);
};
const pageNumberOf = (link: string | null | undefined): string | null =>
  new URL(link ?? 'http://invalid/').searchParams.get('page[number]');

beforeAll(async () => {
  h = await startTracking();
  for (const number of NUMBERS) {
    const created = await createRequest(h, {
      request_type: 'bill_of_lading',
      request_number: number,
      scac: 'MAEU',
    });
    expect(created.status).toBe(201);
  }
  await advance(h, 2 * PLAY_INTERVAL_MS);
});
afterAll(async () => {
  await h.close();
});

describe('page[size] and page[number] outside their range', () => {
  test('page[size] of 0, negative or not a number is the default size of 30, not a 400', async () => {
    for (const value of ['0', '-5', 'ten', '']) {
      const body = await page(`/v2/tracking_requests?page[size]=${value}`);
      // Every record on one page; meta.size counts them, as the live upstream does.
      expect(body.data.length, value).toBe(NUMBERS.length);
      expect(body.meta?.size, value).toBe(NUMBERS.length);
      expect(body.meta?.pagination, value).toEqual({ current: 1, records: NUMBERS.length });
    }
  });

  test('meta.size is the records on this page: a full page, the last part page, none past the end', async () => {
    const sizes = [];
    for (const number of [1, 3, 4]) {
      sizes.push((await page(`/v2/tracking_requests?page[size]=2&page[number]=${number}`)).meta?.size);
    }
    expect(sizes).toEqual([2, 1, 0]);
  });

  test('page[number] of 0, negative or not a number is page 1; a fraction is cut to its whole part', async () => {
    for (const value of ['0', '-3', 'x']) {
      const body = await page(`/v2/tracking_requests?page[size]=2&page[number]=${value}`);
      expect(body.meta?.pagination?.current, value).toBe(1);
    }
    const second = await page('/v2/tracking_requests?page[size]=2.7&page[number]=2.9');
    expect(second.meta?.size).toBe(2);
    expect(second.meta?.pagination?.current).toBe(2);
  });

  test('the same on every paged list', async () => {
    for (const path of [
      '/v2/shipments',
      '/v2/containers',
      '/v2/webhooks',
      '/v2/webhook_notifications',
      '/v2/parties',
    ]) {
      const body = await page(`${path}?page[size]=0&page[number]=0`);
      expect(body.meta?.pagination?.current ?? 1, path).toBe(1);
      expect(body.meta?.size, path).toBe(body.data.length);
      expect(body.links).not.toHaveProperty('next');
    }
  });
});

describe('links and meta of a paged list', () => {
  test('page 1: self as requested, current, next and last; no first or prev', async () => {
    const path = '/v2/tracking_requests?page[size]=2&filter[scac]=MAEU&include=tracked_object';
    const body = await page(path);
    expect(Object.keys(body.links ?? {}).sort()).toEqual(['current', 'last', 'next', 'self']);
    expect(body.links?.self).toBe(`${h.origin}${path}`);
    expect(pageNumberOf(body.links?.current)).toBe('1');
    expect(pageNumberOf(body.links?.next)).toBe('2');
    expect(pageNumberOf(body.links?.last)).toBe('3');
    for (const name of ['current', 'next', 'last']) {
      const link = new URL(body.links?.[name] ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(`${h.origin}/v2/tracking_requests`);
      // Filters, includes and the page size go along.
      expect(link.searchParams.get('filter[scac]'), name).toBe('MAEU');
      expect(link.searchParams.get('include'), name).toBe('tracked_object');
      expect(link.searchParams.get('page[size]'), name).toBe('2');
    }
    expect(body.meta).toEqual({
      size: 2,
      total: NUMBERS.length,
      pagination: { current: 1, next: 2, last: 3, records: NUMBERS.length },
    });
  });

  test('the links read as the live upstream writes them (the SDK CLI’s captured parties list)', async () => {
    const body = await page('/v2/tracking_requests?page[size]=2');
    const base = `${h.origin}/v2/tracking_requests`;
    expect(body.links).toEqual({
      self: `${base}?page[size]=2`,
      current: `${base}?page[number]=1&page[size]=2`,
      next: `${base}?page[number]=2&page[size]=2`,
      last: `${base}?page[number]=3&page[size]=2`,
    });
  });

  test('a middle page has every link; the last page has first and prev, no next or last', async () => {
    const middle = await page('/v2/tracking_requests?page[size]=2&page[number]=2');
    expect(Object.keys(middle.links ?? {}).sort()).toEqual([
      'current',
      'first',
      'last',
      'next',
      'prev',
      'self',
    ]);
    expect(pageNumberOf(middle.links?.first)).toBe('1');
    expect(pageNumberOf(middle.links?.prev)).toBe('1');
    expect(middle.meta?.pagination).toEqual({ current: 2, first: 1, prev: 1, next: 3, last: 3, records: 5 });

    const last = await page('/v2/tracking_requests?page[size]=2&page[number]=3');
    expect(last.data).toHaveLength(1);
    expect(Object.keys(last.links ?? {}).sort()).toEqual(['current', 'first', 'prev', 'self']);
    expect(last.meta?.pagination).toEqual({ current: 3, first: 1, prev: 2, records: 5 });
  });

  test('a page past the end is empty, its prev the page before it', async () => {
    const beyond = await page('/v2/tracking_requests?page[size]=2&page[number]=9');
    expect(beyond.data).toEqual([]);
    expect(pageNumberOf(beyond.links?.prev)).toBe('8');
    expect(beyond.links).not.toHaveProperty('next');
    expect(beyond.meta?.pagination).toEqual({ current: 9, first: 1, prev: 8, records: 5 });
  });

  test('a list of one page has only self and current', async () => {
    const body = await page('/v2/shipments');
    expect(Object.keys(body.links ?? {}).sort()).toEqual(['current', 'self']);
    expect(body.meta?.pagination).toEqual({ current: 1, records: body.meta?.total });
  });

  test('following next from page 1 visits every record once', async () => {
    const seen: string[] = [];
    let next: string | null | undefined = `${h.origin}/v2/containers?page[size]=2`;
    while (typeof next === 'string' && seen.length < 100) {
      const body = await page(next.slice(h.origin.length));
      seen.push(...body.data.map((resource) => resource.id));
      next = body.links?.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await page('/v2/containers')).meta?.total);
  });
});

describe('sorting by every documented key', () => {
  const sortKeys = async (path: string, keys: readonly string[]) => {
    for (const key of keys) {
      for (const token of [key, `-${key}`]) {
        const body = await page(`${path}?sort=${token}&page[size]=100`);
        const ids = body.data.map((resource) => resource.id);
        expect(new Set(ids).size, token).toBe(ids.length);
        expect(body.links?.self, token).toContain(`sort=${token}`);
        if (body.links?.current !== undefined) {
          expect(new URL(body.links.current ?? '').searchParams.get('sort'), token).toBe(token);
        }
      }
    }
  };

  test('shipments: created_at, pod_arrival, tracking_stopped_at, each ascending and descending', async () => {
    await sortKeys('/v2/shipments', ['created_at', 'pod_arrival', 'tracking_stopped_at']);
    const ascending = await page('/v2/shipments?sort=created_at');
    const descending = await page('/v2/shipments?sort=-created_at');
    const stamps = (body: Document) => body.data.map((resource) => String(resource.attributes.created_at));
    expect(stamps(ascending)).toEqual([...stamps(ascending)].sort());
    expect(stamps(descending)).toEqual([...stamps(ascending)].sort().reverse());
  });

  test('containers: the SDK sort tokens, each ascending and descending', async () => {
    await sortKeys('/v2/containers', [
      'pickup_lfd',
      'pod_arrived_at',
      'arrival',
      'shipment_number',
      'last_status_refresh_at',
    ]);
  });
});

describe('an unknown include is a 400 naming include on every route', () => {
  test('parties, webhooks, shipping lines, ports, terminals, metro areas, search, event categories and notification examples', async () => {
    const party = await h.api('/v2/parties', {
      method: 'POST',
      json: { data: { type: 'party', attributes: { company_name: 'Acme Imports' } } },
    });
    expect(party.status).toBe(201);
    const partyId = (await read(party)).data.id;
    const webhook = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://example.com/hook', active: true, events: ['container.updated'] },
        },
      },
    });
    expect(webhook.status).toBe(201);
    const webhookId = (await read(webhook)).data.id;
    const port = await page('/v2/ports/USNYC');
    const terminal = port.data.relationships?.terminals?.data;
    const terminalId = Array.isArray(terminal) ? terminal[0]?.id : undefined;
    expect(terminalId).toBeDefined();
    for (const [path, serializer] of [
      ['/v2/parties?include=bogus', 'PartySerializer'],
      [`/v2/parties/${partyId}?include=bogus`, 'PartySerializer'],
      ['/v2/webhooks?include=bogus', 'WebhookSerializer'],
      [`/v2/webhooks/${webhookId}?include=bogus`, 'WebhookSerializer'],
      ['/v2/shipping_lines?include=bogus', 'ShippingLineSerializer'],
      ['/v2/shipping_lines/MAEU?include=bogus', 'ShippingLineSerializer'],
      ['/v2/ports/USNYC?include=bogus', 'PortSerializer'],
      [`/v2/terminals/${terminalId}?include=bogus`, 'TerminalSerializer'],
      ['/v2/metro_areas/USNYC?include=bogus', 'MetroAreaSerializer'],
      ['/v2/search?query=MAEU&include=bogus', 'SearchResultSerializer'],
      ['/v2/webhooks/events?include=bogus', 'WebhookEventCategorySerializer'],
      [
        '/v2/webhook_notifications/examples?event=container.updated&include=bogus',
        'WebhookNotificationSerializer',
      ],
    ] as const) {
      await expectError(await h.api(path), 400, {
        title: 'Bad Request',
        source: { parameter: 'include' },
        detail: `bogus is not specified as a relationship on V2::${serializer}`,
      });
    }
  });

  test('the relationships they have are included: a port its terminals, a terminal its port', async () => {
    const port = await page('/v2/ports/USNYC?include=terminals');
    const terminals = port.data.relationships?.terminals?.data;
    expect(Array.isArray(terminals) && terminals.length > 0).toBe(true);
    expect((port.included ?? []).map((resource) => `${resource.type}/${resource.id}`)).toEqual(
      (Array.isArray(terminals) ? terminals : []).map((identifier) => `terminal/${identifier.id}`),
    );
    const terminalId = Array.isArray(terminals) ? (terminals[0]?.id ?? '') : '';
    const terminal = await page(`/v2/terminals/${terminalId}?include=port`);
    const portOf = terminal.data.relationships?.port?.data;
    expect(portOf).toMatchObject({ type: 'port' });
    expect((terminal.included ?? []).map((resource) => resource.type)).toEqual(['port']);
    // No include, nothing included, as before.
    expect(await page('/v2/ports/USNYC')).not.toHaveProperty('included');
    // An empty include is no include.
    expect((await h.api('/v2/shipping_lines?include=')).status).toBe(200);
  });
});
