import { CARRIER_CATALOG } from '../../src/domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../src/domain/carriers/infer-number.ts';
import heldout1 from '../fixtures/carriers/heldout-numbers.json' with { type: 'json' };
import heldout2 from '../fixtures/carriers/heldout-numbers-2.json' with { type: 'json' };
import heldout3 from '../fixtures/carriers/heldout-numbers-3.json' with { type: 'json' };
import heldout4 from '../fixtures/carriers/heldout-numbers-4.json' with { type: 'json' };
import heldout5 from '../fixtures/carriers/heldout-numbers-5.json' with { type: 'json' };
import heldout6 from '../fixtures/carriers/heldout-numbers-6.json' with { type: 'json' };
import heldout7 from '../fixtures/carriers/heldout-numbers-7.json' with { type: 'json' };
import labelled from '../fixtures/carriers/labelled-numbers.json' with { type: 'json' };
import { startBenchService } from './support/bench-service.ts';
import { load, median, percentile } from './support/latency.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress } from './support/timing.ts';

/** Interleaved rounds; each figure is the median over them, so one slow round drops out. */
const ROUNDS = 9;
const REQUESTS_PER_ROUND = 400;
/** A few clients at once, as an integrator's batch job would send them. */
const CONCURRENCY = 8;
/** infer_number allows 200 a minute per key (the upstream's bucket): the load spreads over enough keys. */
const PER_KEY_PER_MINUTE = 200;

const numbers = labelled.numbers.map((entry) => entry.number);
/** What users paste: the labelled numbers and every held-out input (labels, sentences, links, junk). */
const pastes = [
  ...numbers,
  ...[heldout1, heldout2, heldout3, heldout4, heldout5, heldout6, heldout7].flatMap((batch) =>
    batch.numbers.map((entry) => entry.input),
  ),
];
/** Passes over the pastes per round: enough for a round to take tens of milliseconds. */
const PASSES_PER_ROUND = 20;

/**
 * The inference alone, in process: microseconds per number, against parsing the request body that
 * carries it (what every request costs before any inference), rounds interleaved.
 */
function inProcess(): void {
  const bodies = pastes.map((number) => JSON.stringify({ number }));
  const timePasses = (each: (index: number) => void): number => {
    const started = performance.now();
    for (let pass = 0; pass < PASSES_PER_ROUND; pass += 1) {
      for (let index = 0; index < pastes.length; index += 1) each(index);
    }
    return ((performance.now() - started) * 1000) / (PASSES_PER_ROUND * pastes.length);
  };
  let sink = 0;
  const infer = (index: number): void => {
    const result = inferNumber(pastes[index] ?? '', CARRIER_CATALOG);
    sink += 'unreadable' in result ? 1 : result.candidates.length;
  };
  const parse = (index: number): void => {
    sink += (JSON.parse(bodies[index] ?? '{}') as { number: string }).number.length;
  };
  timePasses(infer);
  timePasses(parse);
  const rounds = { infer: [] as number[], parse: [] as number[], ratio: [] as number[] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const a = timePasses(infer);
    const b = timePasses(parse);
    rounds.infer.push(a);
    rounds.parse.push(b);
    rounds.ratio.push(a / b);
  }
  if (sink === 0) throw new Error('nothing was inferred');
  printResult({
    name: 'infer_number in process',
    value: median(rounds.infer),
    unit: 'us/number',
    baseline: { name: 'JSON.parse of its body', value: median(rounds.parse), unit: 'us' },
    ratio: median(rounds.ratio),
    note: `${pastes.length} pastes`,
  });
}

inProcess();

await withTempDir('stevedore-bench-infer-', async (dir) => {
  const bench = await startBenchService(dir);
  try {
    const origin = bench.url;
    const keyCount = Math.ceil((ROUNDS * REQUESTS_PER_ROUND) / PER_KEY_PER_MINUTE) + 1;
    const keys = [bench.service.apiKey];
    for (let i = 1; i < keyCount; i += 1) keys.push((await bench.service.createAccount(`bench-${i}`)).apiKey);
    let sent = 0;
    const infer = async (index: number): Promise<void> => {
      const key = keys[Math.floor(sent / PER_KEY_PER_MINUTE) % keys.length] ?? '';
      sent += 1;
      const response = await fetch(`${origin}/v2/tracking_requests/infer_number`, {
        method: 'POST',
        headers: { Authorization: `Token ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ number: numbers[index % numbers.length] }),
      });
      if (response.status !== 200) throw new Error(`infer_number answered ${response.status}`);
      await response.arrayBuffer();
    };
    // The static body: health answers a constant without touching anything.
    const baseline = async (): Promise<void> => {
      const response = await fetch(`${origin}/v2/health`);
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      await response.arrayBuffer();
    };
    await load(50, CONCURRENCY, baseline);

    const rounds = {
      infer: [] as number[],
      base: [] as number[],
      inferP99: [] as number[],
      baseP99: [] as number[],
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const a = await load(REQUESTS_PER_ROUND, CONCURRENCY, infer);
      const b = await load(REQUESTS_PER_ROUND, CONCURRENCY, baseline);
      rounds.infer.push(a.perSecond);
      rounds.base.push(b.perSecond);
      rounds.inferP99.push(percentile(a.latencies, 0.99));
      rounds.baseP99.push(percentile(b.latencies, 0.99));
      progress(`infer_number: round ${round}/${ROUNDS}`);
    }
    printResult({
      name: 'infer_number throughput',
      value: median(rounds.infer),
      unit: 'req/s',
      baseline: { name: 'static body', value: median(rounds.base), unit: 'req/s' },
      note: `${CONCURRENCY} concurrent over loopback HTTP`,
    });
    printResult({
      name: 'infer_number p99',
      value: median(rounds.inferP99),
      unit: 'ms',
      baseline: { name: 'static body', value: median(rounds.baseP99), unit: 'ms' },
    });
  } finally {
    await bench.close();
  }
});
