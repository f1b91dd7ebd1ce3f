import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../../src/store/database.ts';
import { MAX_RECEIVE_MESSAGES, MAX_SEND_BATCH } from '../../src/store/queue-options.ts';
import { SqliteQueue } from '../../src/store/sqlite-queue.ts';
import { formatRatio, printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress } from './support/timing.ts';

/** The backlog whose drain used to cost minutes of CPU: every receive read and sorted all of it. */
const DEEP_BACKLOG = 100_000;
/** A normal backlog, the baseline: where receive cost was already small. */
const SHALLOW_BACKLOG = 1_000;
/** Messages received and deleted per round on each queue; the deep one loses under a tenth overall. */
const MESSAGES_PER_ROUND = 400;
/** Enough rounds that the median shrugs off a garbage collection or a checkpoint in one of them. */
const ROUNDS = 15;
/** The bar: draining at 100k waiting costs at most twice as much per message as at 1k. */
const TARGET_RATIO = 0.5;
/** A body the size of a real intake message (a claim check: blob key, names, hashes). */
const BODY = JSON.stringify({ v: 1, blobKey: `staging/${'a'.repeat(64)}`, fileName: 'invoice-0042.pdf' });

async function fill(queue: SqliteQueue, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += MAX_SEND_BATCH) {
    await queue.sendBatch(Array.from({ length: Math.min(MAX_SEND_BATCH, count - sent) }, () => BODY));
  }
}

/** Receives and deletes `MESSAGES_PER_ROUND` messages, as a consumer does; messages per second. */
async function drainRound(queue: SqliteQueue): Promise<number> {
  const started = performance.now();
  let drained = 0;
  while (drained < MESSAGES_PER_ROUND) {
    const messages = await queue.receive({ maxMessages: MAX_RECEIVE_MESSAGES });
    if (messages.length === 0) throw new Error(`queue ${queue.name} ran dry after ${drained} messages`);
    for (const message of messages) await queue.delete(message.receiptHandle);
    drained += messages.length;
  }
  return (drained / (performance.now() - started)) * 1000;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

await withTempDir('stevedore-queue-drain-', async (dir) => {
  // Two files, as two deployments would have: the deep queue's pages must not warm the shallow one's cache.
  const databases: DatabaseSync[] = [];
  const open = (name: string): SqliteQueue => {
    const db = openDatabase(join(dir, `${name}.db`));
    databases.push(db);
    return new SqliteQueue(db, { name });
  };
  try {
    const deep = open('deep');
    const shallow = open('shallow');
    progress(`queue-drain: filling ${DEEP_BACKLOG} and ${SHALLOW_BACKLOG} messages`);
    await fill(deep, DEEP_BACKLOG);
    await fill(shallow, SHALLOW_BACKLOG);
    const deepRates: number[] = [];
    const shallowRates: number[] = [];
    const ratios: number[] = [];
    // Interleaved, so a slow moment of the machine hits both sides of a round alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      const deepRate = await drainRound(deep);
      const shallowRate = await drainRound(shallow);
      await fill(shallow, MESSAGES_PER_ROUND); // back to SHALLOW_BACKLOG waiting, outside the timing
      deepRates.push(deepRate);
      shallowRates.push(shallowRate);
      ratios.push(deepRate / shallowRate);
    }
    const ratio = median(ratios);
    progress(`queue-drain: per-round ratios ${ratios.map(formatRatio).join(' ')}`);
    printResult({
      name: `queue drain (receive + delete, ${DEEP_BACKLOG / 1000}k waiting)`,
      value: median(deepRates),
      unit: 'msg/s',
      baseline: { name: `${SHALLOW_BACKLOG / 1000}k waiting`, value: median(shallowRates), unit: 'msg/s' },
      note: `median of per-round ratios ${formatRatio(ratio)}; target >= ${TARGET_RATIO}`,
    });
    if (ratio < TARGET_RATIO) process.exitCode = 1;
  } finally {
    for (const db of databases) db.close();
  }
});
