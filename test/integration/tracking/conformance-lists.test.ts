import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advance, createRequest, type Document, expectError, read, relIds } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Pagination of the tracking lists as the upstream's spec (`links`: first/prev/next/last/self; `meta`:
 * size/total) and live service (`links.current`, `meta.pagination`) send it, and as its SDK walks it
 * (`iterate` follows `links.next` until it is empty).
 */
let h: TrackingHarness;
const NUMBERS = ['MAEU100000001', 'MAEU100000002', 'MAEU100000003', 'MAEU100000004', 'MAEU100000005'];

beforeAll(async () => {
  h = await startTracking();
  for (const number of NUMBERS) {
    const response = await createRequest(h, {
      request_type: 'bill_of_lading',
      request_number: number,
      scac: 'MAEU',
      ref_numbers: [`REF-${number.slice(-1)}`],
    });
    expect(response.status).toBe(201);
  }
  await advance(h, PLAY_INTERVAL_MS);
});
afterAll(async () => {
  await h.close();
});

const page = async (path: string): Promise<Document> => {
  const response = await h.api(path);
  expect(response.status).toBe(200);
  return read(response);
};

/** Every page of a list, following `links.next` as the SDK's iterator does. */
async function walk(path: string): Promise<{ ids: string[]; pages: Document[] }> {
  const pages: Document[] = [];
  let next: string | null | undefined = `${h.origin}${path}`;
  while (typeof next === 'string' && pages.length < 20) {
    const body = await page(next.slice(h.origin.length));
    pages.push(body);
    next = body.links?.next;
  }
  return { ids: pages.flatMap((body) => body.data.map((resource) => resource.id)), pages };
}

describe.each([
  ['/v2/shipments', 'shipment'],
  ['/v2/containers', 'container'],
  ['/v2/tracking_requests', 'tracking_request'],
])('GET %s', (path, type) => {
  test('links self/current and those of the pages that exist, meta size/total/pagination on every page', async () => {
    const first = await page(`${path}?page[size]=2`);
    expect(first.data.every((resource) => resource.type === type)).toBe(true);
    const total = first.meta?.total ?? 0;
    expect(total).toBeGreaterThanOrEqual(NUMBERS.length);
    const last = Math.ceil(total / 2);
    expect(first.meta).toEqual({
      size: 2,
      total,
      pagination: { current: 1, next: 2, last, records: total },
    });
    // Page 1 has no first or prev link (round 6: the upstream's jsonapi.rb pagination).
    expect(Object.keys(first.links ?? {}).sort()).toEqual(['current', 'last', 'next', 'self']);
    expect(new URL(first.links?.next ?? '').searchParams.get('page[number]')).toBe('2');
    expect(new URL(first.links?.last ?? '').searchParams.get('page[number]')).toBe(String(last));
    expect(new URL(first.links?.self ?? '').searchParams.get('page[size]')).toBe('2');

    const end = await page(`${path}?page[size]=2&page[number]=${last}`);
    expect(end.links).not.toHaveProperty('next');
    expect(end.meta?.pagination).toEqual({ current: last, first: 1, prev: last - 1, records: total });
  });

  test('following links.next visits every record once, newest first', async () => {
    const { ids, pages } = await walk(`${path}?page[size]=2`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0]?.meta?.total);
  });

  test('page[size] above 100 is clamped; page[number] below 1 is page 1, as upstream', async () => {
    // meta.size counts the records on the page (as live); the cut itself: test/unit/service/pagination.
    const big = await page(`${path}?page[size]=500`);
    expect(big.data.length).toBeLessThanOrEqual(100);
    expect(big.meta?.size).toBe(big.data.length);
    expect(big.meta?.pagination).not.toHaveProperty('next');
    expect((await page(`${path}?page[number]=0`)).meta?.pagination?.current).toBe(1);
  });
});

describe('GET /containers/{id}/transport_events', () => {
  test('a paged list with the same links and meta', async () => {
    await advance(h, 20 * 24 * PLAY_INTERVAL_MS);
    const containers = await page('/v2/containers?page[size]=1');
    const id = containers.data[0]?.id ?? '';
    const events = await page(`/v2/containers/${id}/transport_events?page[size]=2`);
    expect(events.data.every((resource) => resource.type === 'transport_event')).toBe(true);
    expect(events.meta).toMatchObject({ size: 2, pagination: { current: 1, records: events.meta?.total } });
    expect(events.links).toHaveProperty('next');
  });
});

describe('GET /shipments filters', () => {
  test('number is the request number; the deprecated q also finds a reference or a container number', async () => {
    const byNumber = await page('/v2/shipments?number=MAEU100000003');
    expect(byNumber.data).toHaveLength(1);
    const shipment = byNumber.data[0];
    const byRef = await page('/v2/shipments?q=ref-3');
    expect(byRef.data.map((resource) => resource.id)).toEqual([shipment?.id]);
    const container = await page(`/v2/containers/${relIds(shipment, 'containers')[0]}`);
    const byContainer = await page(`/v2/shipments?q=${container.data.attributes.number}`);
    expect(byContainer.data.map((resource) => resource.id)).toEqual([shipment?.id]);
    // The documented `number` filter ignores container numbers (reference §10).
    expect((await page(`/v2/shipments?number=${container.data.attributes.number}`)).data).toEqual([]);
  });

  test('filter[tracking_stopped] takes true or false only', async () => {
    expect((await page('/v2/shipments?filter[tracking_stopped]=true')).data).toEqual([]);
    await expectError(await h.api('/v2/shipments?filter[tracking_stopped]=maybe'), 400, {
      source: { parameter: 'filter[tracking_stopped]' },
    });
  });
});

describe('filter[...] the SDK sends', () => {
  test('shipments: filter[pol_code]/[pod_code] (comma = any), filter[tags], filter[actively_tracked], filter[q]', async () => {
    const all = await page('/v2/shipments?page[size]=100');
    const first = all.data[0];
    const pod = String(first?.attributes.port_of_discharge_locode);
    const pol = String(first?.attributes.port_of_lading_locode);
    const byPod = await page(`/v2/shipments?filter[pod_code]=${pod.toLowerCase()},XXXXX&page[size]=1`);
    const expected = all.data.filter((shipment) => shipment.attributes.port_of_discharge_locode === pod);
    expect(byPod.meta?.total).toBe(expected.length);
    expect(byPod.data.map((shipment) => shipment.id)).toEqual([expected[0]?.id]);
    expect(byPod.links?.next === undefined).toBe(expected.length <= 1);
    const both = await page(`/v2/shipments?filter[pol_code]=${pol}&filter[pod_code]=${pod}`);
    expect(both.data.every((shipment) => shipment.attributes.port_of_lading_locode === pol)).toBe(true);
    expect((await page('/v2/shipments?filter[pod_code]=XXXXX')).data).toEqual([]);

    const tagged = await h.api(`/v2/shipments/${first?.id}`, {
      method: 'PATCH',
      json: { data: { attributes: { tags: ['Hot', 'reefer'] } } },
    });
    expect(tagged.status).toBe(200);
    expect(
      (await page('/v2/shipments?filter[tags]=hot,nothing')).data.map((shipment) => shipment.id),
    ).toEqual([first?.id]);
    expect((await page('/v2/shipments?filter[actively_tracked]=true')).meta?.total).toBe(all.meta?.total);
    expect((await page('/v2/shipments?filter[actively_tracked]=false')).data).toEqual([]);
    expect((await page('/v2/shipments?filter[q]=REF-2')).data).toHaveLength(1);
  });

  test('containers: filter[shipping_line_scac], filter[current_status], filter[search_by_number], filter[pod_code]', async () => {
    const all = await page('/v2/containers?page[size]=100');
    const total = all.meta?.total;
    expect((await page('/v2/containers?filter[shipping_line_scac]=MAEU')).meta?.total).toBe(total);
    expect((await page('/v2/containers?filter[shipping_line_scac]=MSCU')).data).toEqual([]);
    const status = String(all.data[0]?.attributes.current_status);
    const byStatus = await page(`/v2/containers?filter[current_status]=${status}&page[size]=100`);
    expect(byStatus.data.length).toBeGreaterThan(0);
    expect(byStatus.data.every((container) => container.attributes.current_status === status)).toBe(true);
    expect(byStatus.meta?.total).toBe(
      all.data.filter((container) => container.attributes.current_status === status).length,
    );
    const number = String(all.data[0]?.attributes.number);
    const byPrefix = await page(`/v2/containers?filter[search_by_number]=${number.slice(0, 8)}`);
    expect(byPrefix.data.map((container) => container.id)).toContain(all.data[0]?.id);
    expect((await page('/v2/containers?filter[pod_code]=XXXXX')).meta?.total).toBe(0);
    await expectError(await h.api('/v2/containers?filter[actively_tracked]=yes'), 400, {
      source: { parameter: 'filter[actively_tracked]' },
    });
  });
});
