import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advance, createRequest, type Document, type Resource, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Round 5: what the upstream TypeScript SDK's newest sources send and read that rounds 1-4 did not replay:
 * the `Authorization: Token token=<key>` form its earlier client sent (Rails' token helper reads it), the
 * container list filters its generated list-filter module names (`hold_names`, `eta_changed_in_last_24h`,
 * `eta_changed_in_past_3_days`), and the `included` its JSON:API deserializer (jsona) resolves
 * relationships from: every included resource whole, once, and every identifier of an included type
 * found there.
 */
let h: TrackingHarness;
const DAY_MS = 86_400_000;
const CARRIERS = ['MAEU', 'MSCU', 'CMDU', 'HLCU', 'ONEY', 'EGLV', 'COSU', 'ZIMU'];
let containers: Resource[];

beforeAll(async () => {
  h = await startTracking();
  for (const [index, scac] of CARRIERS.entries()) {
    const response = await createRequest(h, {
      request_type: 'bill_of_lading',
      request_number: `${scac}5${String(index).padStart(8, '0')}`,
      scac,
    });
    expect(response.status).toBe(201);
  }
  await advance(h, PLAY_INTERVAL_MS);
  h.clock.advance(20 * DAY_MS);
  // On to a day when some box is held at its terminal, so the hold filter has something to find.
  for (let day = 0; day < 60; day += 1) {
    containers = (await list('/v2/containers?page[size]=100')).data;
    if (containers.some((container) => activeHolds(container).length > 0)) break;
    h.clock.advance(DAY_MS);
  }
  expect(containers.length).toBeGreaterThanOrEqual(CARRIERS.length);
  expect(containers.some((container) => activeHolds(container).length > 0)).toBe(true);
});
afterAll(async () => {
  await h.close();
});

async function list(path: string): Promise<Document> {
  const response = await h.api(path);
  expect(response.status, path).toBe(200);
  return read(response);
}

/** The names of a box's active holds, lower case; its holds are the API's own attribute. */
const activeHolds = (container: Resource): string[] =>
  (container.attributes.holds_at_pod_terminal as Array<{ name: string; status: string }>)
    .filter((hold) => hold.status === 'hold')
    .map((hold) => hold.name.toLowerCase());

const ids = (resources: readonly Resource[]) => resources.map((resource) => resource.id).sort();

describe('authentication', () => {
  test('Token token=<key>, quoted or not, as the earlier SDK client and Rails’ token helper write it', async () => {
    for (const header of [`Token token=${h.apiKey}`, `Token token="${h.apiKey}"`, `Token ${h.apiKey}`]) {
      const response = await fetch(`${h.origin}/v2/shipping_lines/MAEU`, {
        headers: { Authorization: header, Accept: 'application/json' },
      });
      expect(response.status, header).toBe(200);
    }
    const wrong = await fetch(`${h.origin}/v2/shipping_lines/MAEU`, {
      headers: { Authorization: 'Token token=not-a-key' },
    });
    expect(wrong.status).toBe(401);
  });
});

test('a duplicate tracking request: 422 code duplicate, whose meta.tracking_request_id is the live request (the error schema’s meta)', async () => {
  const attributes = { request_type: 'container', request_number: 'MSCU1234566', scac: 'MSCU' };
  const first = await createRequest(h, attributes);
  expect(first.status).toBe(201);
  const existing = (await read(first)).data.id;
  const again = await createRequest(h, attributes);
  expect(again.status).toBe(422);
  const [error] = (await read(again)).errors ?? [];
  expect(error).toMatchObject({
    status: '422',
    code: 'duplicate',
    source: { pointer: '/data/attributes/request_number' },
    meta: { tracking_request_id: existing },
  });
  const followed = await h.api(`/v2/tracking_requests/${existing}`);
  expect(followed.status).toBe(200);
});

describe('container list filters of the SDK’s list-filter module', () => {
  test('filter[hold_names]: active holds by name, case-insensitive, a comma list or array is any of them', async () => {
    for (const [query, wanted] of [
      ['filter[hold_names]=customs', ['customs']],
      ['filter[hold_names]=FREIGHT', ['freight']],
      ['filter[hold_names]=customs,usda', ['customs', 'usda']],
      ['filter[hold_names][]=freight&filter[hold_names][]=USDA', ['freight', 'usda']],
      ['filter[hold_names]=no-such-hold', ['no-such-hold']],
    ] as const) {
      const expected = containers.filter((container) =>
        activeHolds(container).some((name) => (wanted as readonly string[]).includes(name)),
      );
      const found = await list(`/v2/containers?${query}&page[size]=100`);
      expect(ids(found.data), query).toEqual(ids(expected));
      expect(found.meta?.total, query).toBe(expected.length);
    }
  });

  test('filter[eta_changed_in_last_24h] and [eta_changed_in_past_3_days]: a selector (true or false alike); a sandbox ETA never moves, so none', async () => {
    for (const query of [
      'filter[eta_changed_in_last_24h]=true',
      'filter[eta_changed_in_last_24h]=false',
      'filter[eta_changed_in_past_3_days]=true',
    ]) {
      const found = await list(`/v2/containers?${query}`);
      expect(found.data, query).toEqual([]);
      expect(found.meta?.total, query).toBe(0);
    }
  });
});

describe('included, as the SDK’s deserializer resolves it', () => {
  const integrity = (document: Document): string[] => {
    const problems: string[] = [];
    const included = document.included ?? [];
    const keys = included.map((resource) => `${resource.type}/${resource.id}`);
    if (new Set(keys).size !== keys.length) problems.push('a resource is included twice');
    const primary = new Set(
      (Array.isArray(document.data) ? document.data : [document.data]).map((r) => `${r.type}/${r.id}`),
    );
    for (const resource of included) {
      if (primary.has(`${resource.type}/${resource.id}`))
        problems.push(`${resource.type} is data and included`);
      if (resource.attributes === undefined)
        problems.push(`${resource.type}/${resource.id} has no attributes`);
    }
    return problems;
  };

  test.each([
    '/v2/shipments?include=containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal',
    '/v2/containers?include=shipment,pod_terminal',
    '/v2/tracking_requests?include=tracked_object',
  ])(
    '%s: each included resource once, whole, and every related identifier of an included type resolves',
    async (path) => {
      const document = await list(path);
      expect(integrity(document)).toEqual([]);
      const included = new Set(
        (document.included ?? []).map((resource) => `${resource.type}/${resource.id}`),
      );
      const includedTypes = new Set((document.included ?? []).map((resource) => resource.type));
      const requested = new URL(path, 'http://x').searchParams.get('include')?.split(',') ?? [];
      for (const resource of document.data) {
        for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
          if (!requested.includes(name)) continue;
          const linked = relationship.data === null ? [] : [relationship.data].flat();
          for (const identifier of linked) {
            if (!includedTypes.has(identifier.type)) continue;
            expect(included.has(`${identifier.type}/${identifier.id}`), `${name} ${identifier.id}`).toBe(
              true,
            );
          }
        }
      }
    },
  );
});
