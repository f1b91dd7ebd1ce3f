/**
 * `npm run chaos -- --documents 1000 --kills 100 [--seed 7] [--keep]`: drops documents, kills the whole
 * stack with SIGKILL at seeded random moments, restarts it, and prints after each restart what the service
 * and the outcome folders hold, then one summary line. Exits 1 when anything was lost or duplicated.
 */
import { parseArgs } from 'node:util';
import { restartLine, runChaos, summaryLine } from './chaos-run.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000' },
    kills: { type: 'string', default: '100' },
    seed: { type: 'string', default: '6346' },
    keep: { type: 'boolean', default: false },
  },
});

const count = (name: string, text: string, min: number): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    process.stderr.write(`--${name} must be a whole number of at least ${min}, got ${text}\n`);
    process.exit(2);
  }
  return value;
};

const documents = count('documents', values.documents, 1);
const kills = count('kills', values.kills, 0);
const seed = count('seed', values.seed, 0);
if (kills >= documents) {
  process.stderr.write(
    '--kills must be fewer than --documents: each kill follows a batch of new documents\n',
  );
  process.exit(2);
}

const summary = await runChaos({ documents, kills, seed, keep: values.keep }, (report) => {
  process.stdout.write(`${restartLine(report)}\n`);
});
process.stdout.write(`${summaryLine(summary)}\n`);
if (summary.census.failed > 0 || summary.notRecovered > 0) {
  process.stderr.write(
    `${summary.census.failed} failed extractions, ${summary.notRecovered} restarts not recovered in time\n`,
  );
}
if (summary.census.lost > 0 || summary.census.duplicated > 0) {
  process.stderr.write(`folders kept for a look: ${summary.root}\n`);
  process.exitCode = 1;
}
