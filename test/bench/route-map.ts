import { ManualClock } from '../../src/domain/clock.ts';
import type { RouteMapInput, RouteMapPort } from '../../src/domain/geo/route-map-input.ts';
import { makeContainerNumber } from '../../src/domain/iso6346.ts';
import { portCatalog } from '../../src/domain/ports/port-catalog.ts';
import { type Journey, planJourney } from '../../src/domain/tracking/sandbox-journey.ts';
import { routeMap, seaLeg } from '../../src/service/maps/sea-legs.ts';
import { startBenchService } from './support/bench-service.ts';
import { load, median, percentile } from './support/latency.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress } from './support/timing.ts';

/** Interleaved rounds; each figure is the median over them, so one slow round drops out. */
const ROUNDS = 9;
const BUILDS_PER_ROUND = 500;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 0, 5, 8);

/** Rotterdam → Singapore → Shanghai → Los Angeles: Suez, the Malacca Strait and the antimeridian. */
const CALLS: ReadonlyArray<
  Omit<RouteMapPort, `${'inbound' | 'outbound'}${'Eta' | 'Ata' | 'Etd' | 'Atd'}At`>
> = [
  {
    id: 'p1',
    locode: 'NLRTM',
    name: 'Rotterdam',
    stateAbbr: 'ZH',
    state: null,
    countryCode: 'NL',
    country: 'Netherlands',
    timeZone: 'Europe/Amsterdam',
    coordinates: [4.5, 51.91667],
  },
  {
    id: 'p2',
    locode: 'SGSIN',
    name: 'Singapore',
    stateAbbr: null,
    state: null,
    countryCode: 'SG',
    country: 'Singapore',
    timeZone: 'Asia/Singapore',
    coordinates: [103.85, 1.28333],
  },
  {
    id: 'p3',
    locode: 'CNSHA',
    name: 'Shanghai',
    stateAbbr: 'SH',
    state: null,
    countryCode: 'CN',
    country: 'China',
    timeZone: 'Asia/Shanghai',
    coordinates: [121.48333, 31.23333],
  },
  {
    id: 'p4',
    locode: 'USLAX',
    name: 'Los Angeles',
    stateAbbr: 'CA',
    state: 'California',
    countryCode: 'US',
    country: 'United States',
    timeZone: 'America/Los_Angeles',
    coordinates: [-118.25, 34.05],
  },
];

/** The journey at 18 kn with a day in port; actual times are those before `now`. */
function journey(now: number): RouteMapInput {
  const ports: RouteMapPort[] = [];
  let departure = START;
  for (const [index, call] of CALLS.entries()) {
    const previous = CALLS[index - 1];
    let arrival: number | null = null;
    if (previous !== undefined) {
      arrival = departure + (seaLeg(previous.coordinates, call.coordinates).distanceNm / 18) * HOUR;
      departure = arrival + 24 * HOUR;
    }
    const last = index === CALLS.length - 1;
    ports.push({
      ...call,
      inboundEtaAt: arrival === null ? null : new Date(arrival),
      inboundAtaAt: arrival !== null && arrival <= now ? new Date(arrival) : null,
      outboundEtdAt: last ? null : new Date(departure),
      outboundAtdAt: !last && departure <= now ? new Date(departure) : null,
    });
  }
  const legs = CALLS.slice(1).map((_, i) => ({
    vessel: { id: `v${i}`, name: 'SANDBOX STAR', imo: '9999995' },
    voyageNumber: `0${i + 1}E`,
  }));
  return { ports, legs, updatedAt: new Date(START) };
}

// The first leg builds the network (read once per process): not what a map request costs afterwards.
const started = performance.now();
seaLeg(CALLS[0]?.coordinates ?? [0, 0], CALLS[1]?.coordinates ?? [0, 0]);
progress(`route map: network built and first leg routed in ${Math.round(performance.now() - started)} ms`);

// Mid-voyage on the Pacific leg: every feature type is drawn.
const pacificStart = START + 30 * 24 * HOUR;
const sample = routeMap(journey(pacificStart), new Date(pacificStart));
if (!sample.features.some((f) => f.properties.feature_type === 'current_vessel')) {
  throw new Error('the measured moment is not at sea: the journey changed, move pacificStart');
}
const staticBody = JSON.stringify(sample);
const timeOne = (work: () => string): number => {
  const t = performance.now();
  work();
  return performance.now() - t;
};

const rounds = { map: [] as number[], base: [] as number[] };
for (let round = 1; round <= ROUNDS; round += 1) {
  const map: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < BUILDS_PER_ROUND; i += 1) {
    // The vessel moves a minute per build, so the track and position are recomputed every time.
    const now = pacificStart + (round * BUILDS_PER_ROUND + i) * 60_000;
    map.push(timeOne(() => JSON.stringify(routeMap(journey(now), new Date(now)))));
    base.push(timeOne(() => JSON.stringify(JSON.parse(staticBody))));
  }
  rounds.map.push(percentile(map, 0.99));
  rounds.base.push(percentile(base, 0.99));
  progress(`route map: round ${round}/${ROUNDS}`);
}
printResult({
  name: 'map_geojson build p99 (three legs, at sea)',
  value: median(rounds.map),
  unit: 'ms',
  baseline: { name: 'static body', value: median(rounds.base), unit: 'ms' },
  note: `body ${Math.round(staticBody.length / 1024)} KiB`,
});

// The same over HTTP: GET /v2/containers/{id}/map_geojson of a tracked container on a three-leg route
// (two transshipments), its vessel at sea, against the health endpoint's static body in the same rounds.
const HTTP_REQUESTS_PER_ROUND = 300;
const HTTP_CONCURRENCY = 8;
const PLAY_INTERVAL_MS = HOUR;

await withTempDir('stevedore-bench-map-', async (dir) => {
  const clock = new ManualClock(Date.now());
  const bench = await startBenchService(dir, {}, { clock, trackingPlayIntervalMs: PLAY_INTERVAL_MS });
  try {
    const anchorAt = clock.now();
    const { number, journey } = threeLegContainer(anchorAt);
    const headers = { Authorization: `Token ${bench.service.apiKey}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${bench.url}/v2/tracking_requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'container', request_number: number, scac: 'MAEU' },
        },
      }),
    });
    if (created.status !== 201) throw new Error(`tracking request answered ${created.status}`);
    clock.advance(PLAY_INTERVAL_MS);
    const found = (await (
      await fetch(`${bench.url}/v2/containers?filter[number]=${number}`, { headers })
    ).json()) as {
      data: Array<{ id: string }>;
    };
    const containerId = found.data[0]?.id;
    if (containerId === undefined) throw new Error(`${number} was not tracked`);
    // Mid-way through the middle leg: ports, a past track, the vessel, the partial leg and a full leg ahead.
    const middle = journey.legs[1];
    if (middle === undefined) throw new Error('no middle leg');
    clock.set(Math.round((middle.departAt + middle.arriveAt) / 2));

    const url = `${bench.url}/v2/containers/${containerId}/map_geojson`;
    let bytes = 0;
    const map = async (): Promise<void> => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`map_geojson answered ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
    };
    const baseline = async (): Promise<void> => {
      const response = await fetch(`${bench.url}/v2/health`);
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      await response.arrayBuffer();
    };
    const first = (await (await fetch(url, { headers })).json()) as {
      features: Array<{ properties: { feature_type: string } }>;
    };
    if (!first.features.some((f) => f.properties.feature_type === 'current_vessel'))
      throw new Error('the measured moment is not at sea');
    await load(50, HTTP_CONCURRENCY, map);
    await load(50, HTTP_CONCURRENCY, baseline);

    const p99 = { map: [] as number[], base: [] as number[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      p99.map.push(percentile((await load(HTTP_REQUESTS_PER_ROUND, HTTP_CONCURRENCY, map)).latencies, 0.99));
      p99.base.push(
        percentile((await load(HTTP_REQUESTS_PER_ROUND, HTTP_CONCURRENCY, baseline)).latencies, 0.99),
      );
      progress(`map_geojson over HTTP: round ${round}/${ROUNDS}`);
    }
    printResult({
      name: 'map_geojson p99 for a three-leg route',
      value: median(p99.map),
      unit: 'ms',
      baseline: { name: 'static body', value: median(p99.base), unit: 'ms' },
      note: `${HTTP_CONCURRENCY} concurrent over loopback HTTP, body ${Math.round(bytes / 1024)} KiB`,
    });
  } finally {
    await bench.close();
  }
});

/** The first sandbox container (by serial) whose journey, planned now, calls at four ports. */
function threeLegContainer(anchorAt: number): { number: string; journey: Journey } {
  const deps = { ports: portCatalog(), router: { leg: seaLeg } };
  for (let serial = 0; serial < 5_000; serial += 1) {
    const number = makeContainerNumber('MSKU', 200_000 + serial);
    const journey = planJourney(
      { requestType: 'container', requestNumber: number, scac: 'MAEU', anchorAt },
      deps,
    );
    if (journey.legs.length === 3 && (journey.legs[0]?.departAt ?? 0) > anchorAt + PLAY_INTERVAL_MS)
      return { number, journey };
  }
  throw new Error('no three-leg journey found');
}
