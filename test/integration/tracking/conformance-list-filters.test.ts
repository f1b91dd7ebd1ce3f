import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  advance,
  createRequest,
  type Document,
  expectError,
  type Resource,
  read,
} from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The date, fee, hold, port, status and search filters and the sort tokens of `GET /containers` and
 * `GET /shipments`, as the upstream's list-filter reference and SDK name them. Each filter's answer is
 * checked against the same rule applied to the unfiltered list's attributes, so the test holds whatever
 * the sandbox's journeys happen to be.
 */
let h: TrackingHarness;
const DAY_MS = 86_400_000;
const CARRIERS = ['MAEU', 'MSCU', 'CMDU', 'HLCU', 'ONEY', 'EGLV', 'COSU', 'ZIMU'];
let containers: Resource[];
let shipments: Resource[];

beforeAll(async () => {
  h = await startTracking();
  for (const [index, scac] of CARRIERS.entries()) {
    const response = await createRequest(h, {
      request_type: 'bill_of_lading',
      request_number: `${scac}7${String(index).padStart(8, '0')}`,
      scac,
    });
    expect(response.status).toBe(201);
  }
  await advance(h, PLAY_INTERVAL_MS);
  // The API derives every attribute from the journey at the service's now: a jump is enough.
  h.clock.advance(24 * DAY_MS);
  containers = (await list('/v2/containers?page[size]=100')).data;
  shipments = (await list('/v2/shipments?page[size]=100')).data;
  expect(containers.length).toBeGreaterThanOrEqual(CARRIERS.length);
});
afterAll(async () => {
  await h.close();
});

async function list(path: string): Promise<Document> {
  const response = await h.api(path);
  expect(response.status).toBe(200);
  return read(response);
}

const ids = (resources: readonly Resource[]) => resources.map((resource) => resource.id).sort();
const day = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 10) : null);
const attr = (resource: Resource, name: string): unknown => resource.attributes[name];
const shipmentOf = (container: Resource): Resource | undefined => {
  const data = container.relationships?.shipment?.data;
  const id = data !== null && data !== undefined && !Array.isArray(data) ? data.id : undefined;
  return shipments.find((shipment) => shipment.id === id);
};

/** The filtered list (every page of 100), with its total, against the expected ids. */
async function expectFiltered(path: string, expected: readonly Resource[]): Promise<void> {
  const body = await list(`${path}${path.includes('?') ? '&' : '?'}page[size]=100`);
  expect(ids(body.data)).toEqual(ids(expected));
  expect(body.meta?.total).toBe(expected.length);
}

describe('GET /containers date filters', () => {
  test('filter[pickup_lfd] bounds as repeated [] values (AND), presence markers', async () => {
    const days = containers.map((container) => day(attr(container, 'pickup_lfd'))).filter((d) => d !== null);
    expect(days.length).toBeGreaterThan(0);
    const from = [...days].sort()[0] as string;
    await expectFiltered(
      `/v2/containers?filter[pickup_lfd][]=>=${from}&filter[pickup_lfd][]=<=${from}`,
      containers.filter((container) => day(attr(container, 'pickup_lfd')) === from),
    );
    await expectFiltered(
      '/v2/containers?filter[pickup_lfd]=@exists',
      containers.filter((container) => attr(container, 'pickup_lfd') !== null),
    );
    await expectFiltered(
      '/v2/containers?filter[pickup_lfd]=@not_exists',
      containers.filter((container) => attr(container, 'pickup_lfd') === null),
    );
  });

  test('filter[pod_arrived_at], filter[pod_discharged_at] and filter[arrival] (actual else estimated POD arrival)', async () => {
    const arrivals = containers
      .map((container) => day(attr(container, 'pod_arrived_at')))
      .filter((d) => d !== null);
    const cut = [...arrivals].sort()[Math.floor(arrivals.length / 2)] ?? '2100-01-01';
    await expectFiltered(
      `/v2/containers?filter[pod_arrived_at]=<${cut}`,
      containers.filter((container) => (day(attr(container, 'pod_arrived_at')) ?? '9999') < cut),
    );
    await expectFiltered(
      '/v2/containers?filter[pod_discharged_at]=@exists',
      containers.filter((container) => attr(container, 'pod_discharged_at') !== null),
    );
    const today = new Date(h.clock.now()).toISOString().slice(0, 10);
    await expectFiltered(
      '/v2/containers?filter[arrival]=>=today',
      containers.filter((container) => {
        const shipment = shipmentOf(container);
        const at = day(attr(shipment as Resource, 'pod_ata_at') ?? attr(shipment as Resource, 'pod_eta_at'));
        return at !== null && at >= today;
      }),
    );
  });

  test('a malformed date is a 400 naming the filter', async () => {
    await expectError(await h.api('/v2/containers?filter[pickup_lfd]=next-week'), 400, {
      title: 'Bad Request',
      source: { parameter: 'filter[pickup_lfd]' },
    });
  });
});

describe('GET /containers hold, fee, status and port filters', () => {
  const holds = (container: Resource) => (attr(container, 'holds_at_pod_terminal') as unknown[]).length > 0;
  const fees = (container: Resource) => (attr(container, 'fees_at_pod_terminal') as unknown[]).length > 0;

  test('filter[has_holds], filter[has_fees], filter[has_fees_or_holds], filter[has_demurrage_fees]', async () => {
    await expectFiltered('/v2/containers?filter[has_holds]=true', containers.filter(holds));
    await expectFiltered(
      '/v2/containers?filter[has_holds]=false',
      containers.filter((c) => !holds(c)),
    );
    await expectFiltered('/v2/containers?filter[has_fees]=true', containers.filter(fees));
    await expectFiltered(
      '/v2/containers?filter[has_fees_or_holds]=true',
      containers.filter((c) => fees(c) || holds(c)),
    );
    await expectFiltered(
      '/v2/containers?filter[has_demurrage_fees]=true',
      containers.filter((c) =>
        (attr(c, 'fees_at_pod_terminal') as Array<{ type: string }>).some((fee) => fee.type === 'demurrage'),
      ),
    );
    await expectError(await h.api('/v2/containers?filter[has_holds]=yes'), 400, {
      source: { parameter: 'filter[has_holds]' },
    });
  });

  test('filter[current_status] (comma OR), filter[pod_code], filter[vessel_name], filter[pod_terminal_id]', async () => {
    const statuses = [...new Set(containers.map((container) => String(attr(container, 'current_status'))))];
    const two = statuses.slice(0, 2);
    await expectFiltered(
      `/v2/containers?filter[current_status]=${two.join(',')}`,
      containers.filter((container) => two.includes(String(attr(container, 'current_status')))),
    );
    const first = containers[0] as Resource;
    const shipment = shipmentOf(first) as Resource;
    const pod = String(attr(shipment, 'port_of_discharge_locode'));
    await expectFiltered(
      `/v2/containers?filter[pod_code]=${pod.toLowerCase()}`,
      containers.filter(
        (container) => attr(shipmentOf(container) as Resource, 'port_of_discharge_locode') === pod,
      ),
    );
    const vessel = String(attr(shipment, 'pod_vessel_name'));
    await expectFiltered(
      `/v2/containers?filter[vessel_name]=${encodeURIComponent(vessel)}`,
      containers.filter((container) => attr(shipmentOf(container) as Resource, 'pod_vessel_name') === vessel),
    );
    const terminal = first.relationships?.pod_terminal?.data as { id: string };
    await expectFiltered(
      `/v2/containers?filter[pod_terminal_id]=${terminal.id}`,
      containers.filter(
        (container) =>
          (container.relationships?.pod_terminal?.data as { id: string } | null)?.id === terminal.id,
      ),
    );
  });

  test('filter[search_by_shipment_number] is a prefix of the B/L', async () => {
    await expectFiltered(
      '/v2/containers?filter[search_by_shipment_number]=MAEU7',
      containers.filter((container) =>
        String(attr(shipmentOf(container) as Resource, 'bill_of_lading_number')).startsWith('MAEU7'),
      ),
    );
  });
});

describe('sort', () => {
  test('GET /containers?sort=pickup_lfd and -pickup_lfd: by the date, missing ones last', async () => {
    for (const [token, descending] of [
      ['pickup_lfd', false],
      ['-pickup_lfd', true],
    ] as const) {
      const body = await list(`/v2/containers?sort=${token}&page[size]=100`);
      expect(body.data).toHaveLength(containers.length);
      const values = body.data.map((container) => attr(container, 'pickup_lfd') as string | null);
      const present = values.filter((value): value is string => value !== null);
      expect(values.slice(0, present.length)).toEqual(present);
      const ordered = [...present].sort();
      expect(present).toEqual(descending ? ordered.reverse() : ordered);
    }
  });

  test('a sort pages: page 2 continues page 1', async () => {
    const all = await list('/v2/containers?sort=pod_arrived_at&page[size]=100');
    const first = await list('/v2/containers?sort=pod_arrived_at&page[size]=3');
    const second = await list('/v2/containers?sort=pod_arrived_at&page[size]=3&page[number]=2');
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual(all.data.slice(0, 6).map((c) => c.id));
    expect(second.meta?.total).toBe(containers.length);
  });

  test('an unknown sort field is a 400 on sort', async () => {
    await expectError(await h.api('/v2/containers?sort=colour'), 400, { source: { parameter: 'sort' } });
    await expectError(await h.api('/v2/shipments?sort=pickup_lfd'), 400, { source: { parameter: 'sort' } });
  });
});

describe('GET /shipments date and voyage filters', () => {
  test('filter[voyage_status]=arrived|on_ship and filter[pod_ata_at]', async () => {
    await expectFiltered(
      '/v2/shipments?filter[voyage_status]=arrived',
      shipments.filter((shipment) => attr(shipment, 'pod_ata_at') !== null),
    );
    await expectFiltered(
      '/v2/shipments?filter[voyage_status]=on_ship',
      shipments.filter((shipment) => attr(shipment, 'pod_ata_at') === null),
    );
    await expectFiltered(
      '/v2/shipments?filter[pod_ata_at]=@exists',
      shipments.filter((shipment) => attr(shipment, 'pod_ata_at') !== null),
    );
  });

  test('filter[pod_arrival] and sort=-pod_arrival', async () => {
    const arrival = (shipment: Resource) => day(attr(shipment, 'pod_ata_at') ?? attr(shipment, 'pod_eta_at'));
    const cut = [...shipments.map(arrival)].sort()[Math.floor(shipments.length / 2)] as string;
    await expectFiltered(
      `/v2/shipments?filter[pod_arrival]=>=${cut}`,
      shipments.filter((shipment) => (arrival(shipment) ?? '') >= cut),
    );
    const sorted = await list('/v2/shipments?sort=-pod_arrival&page[size]=100');
    const values = sorted.data.map((shipment) =>
      String(attr(shipment, 'pod_ata_at') ?? attr(shipment, 'pod_eta_at')),
    );
    expect(values).toEqual([...values].sort().reverse());
  });

  test('filter[created_at] takes instants', async () => {
    const created = String(attr(shipments[0] as Resource, 'created_at'));
    await expectFiltered(
      `/v2/shipments?filter[created_at]=>=${encodeURIComponent(created)}`,
      shipments.filter((shipment) => String(attr(shipment, 'created_at')) >= created),
    );
    await expectError(await h.api('/v2/shipments?filter[created_at]=>=2026-10-01'), 400, {
      source: { parameter: 'filter[created_at]' },
    });
  });
});

test('GET /containers?terminal_checked_before=<seconds>: boxes not checked within that many seconds', async () => {
  const seconds = 3 * 86_400;
  const cutoff = h.clock.now() - seconds * 1000;
  await expectFiltered(
    `/v2/containers?terminal_checked_before=${seconds}`,
    containers.filter((container) => {
      const checked = attr(container, 'terminal_checked_at');
      return checked === null || Date.parse(String(checked)) < cutoff;
    }),
  );
  await expectError(await h.api('/v2/containers?terminal_checked_before=soon'), 400, {
    source: { parameter: 'terminal_checked_before' },
  });
});

test('PATCH /shipments/{id} takes the OpenAPI body name shipment_tags as well as tags', async () => {
  const shipment = shipments[0] as Resource;
  const response = await h.api(`/v2/shipments/${shipment.id}`, {
    method: 'PATCH',
    json: { data: { type: 'shipment', attributes: { shipment_tags: ['camembert', 'camembert', 'brie'] } } },
  });
  expect(response.status).toBe(200);
  expect((await read(response)).data.attributes.tags).toEqual(['camembert', 'brie']);
});

test('number: shipment arrays are OR and a scalar is one literal; container commas are OR and arrays AND', async () => {
  const [a, b] = shipments.map((shipment) => String(attr(shipment, 'bill_of_lading_number')));
  const bothShipments = shipments.filter((shipment) =>
    [a, b].includes(String(attr(shipment, 'bill_of_lading_number'))),
  );
  await expectFiltered(`/v2/shipments?filter[number][]=${a}&filter[number][]=${b}`, bothShipments);
  await expectFiltered(`/v2/shipments?filter[number]=${a},${b}`, []);
  const [x, y] = containers.map((container) => String(attr(container, 'number')));
  const bothBoxes = containers.filter((container) => [x, y].includes(String(attr(container, 'number'))));
  await expectFiltered(`/v2/containers?filter[number]=${x},${y}`, bothBoxes);
  await expectFiltered(`/v2/containers?filter[number][]=${x}&filter[number][]=${y}`, []);
  await expectFiltered(
    `/v2/containers?filter[number][]=${x}&filter[number][]=${x}`,
    containers.filter((container) => attr(container, 'number') === x),
  );
});
