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
