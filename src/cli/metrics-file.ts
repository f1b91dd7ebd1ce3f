import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Clock } from '../domain/clock.ts';
import { type MetricStage, type Metrics, noMetrics } from '../observability/metrics.ts';
import { createEmfWriter } from '../observability/metrics-emf.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../store/database.ts';

/** Where `up --metrics` without a file writes: beside the log file, in the data dir. */
export const DEFAULT_METRICS_FILE = join('logs', 'metrics.emf.jsonl');

export interface MetricsOutput {
  readonly forStage: (stage: MetricStage) => Metrics;
  close(): Promise<void>;
}

/**
 * `--metrics [file]` / `STEVEDORE_METRICS`: EMF lines, the same names and dimensions as the Lambda
 * functions publish, appended to a file (`-` is stdout), so a local run can be charted or tested
 * without AWS. `true` (the flag without a file) means the data dir's default file.
 */
export const openMetricsOutput = async (
  target: string | true | undefined,
  options: { dataDir: string; stdout: NodeJS.WritableStream; clock: Clock },
): Promise<MetricsOutput> => {
  if (target === undefined) return { forStage: () => noMetrics, close: async () => {} };
  const forStream = (write: (line: string) => void) => (stage: MetricStage) =>
    createEmfWriter({ stage, write, now: () => options.clock.now() });
  if (target === '-') {
    return { forStage: forStream((line) => options.stdout.write(line)), close: async () => {} };
  }
  const file = target === true ? join(options.dataDir, DEFAULT_METRICS_FILE) : target;
  // In the data dir, owner-only like every other file there; a file the user names is theirs to share.
  const inDataDir = target === true;
  await mkdir(dirname(file), { recursive: true, ...(inDataDir ? { mode: PRIVATE_DIRECTORY_MODE } : {}) });
  const stream = createWriteStream(file, { flags: 'a', ...(inDataDir ? { mode: PRIVATE_FILE_MODE } : {}) });
  return {
    forStage: forStream((line) => stream.write(line)),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
};
