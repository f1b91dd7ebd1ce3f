/**
 * A second process for the store's integration tests; the parent talks to it in JSON lines.
 *   hold <db> <count>     receive <count> messages, report them, then keep them until killed
 *   consume <db> <name>   after "go" on stdin, receive and delete until the queue is empty
 *   race <db> <name> <n>  after "go" on stdin, try to write ledger keys race/0 .. race/<n-1>
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { openDatabase } from '../../../src/store/database.ts';
import type { ReceivedMessage } from '../../../src/store/queue-types.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

/** The parent uses the same queue name and knows this timeout. */
const QUEUE = 'shared';
const VISIBILITY_TIMEOUT_SECONDS = 60;

const report = (line: unknown): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

async function waitForGo(): Promise<void> {
  report({ ready: true });
  const lines = createInterface({ input: process.stdin });
  await once(lines, 'line');
  lines.close();
}

async function hold(queue: SqliteQueue, count: number): Promise<void> {
  const held: ReceivedMessage[] = [];
  while (held.length < count) {
    held.push(...(await queue.receive({ maxMessages: Math.min(10, count - held.length), waitSeconds: 5 })));
  }
  report({ held });
  // Keep the event loop alive until the parent's SIGKILL.
  setInterval(() => {}, 60_000);
}

async function consume(queue: SqliteQueue, name: string): Promise<void> {
  await waitForGo();
  const ids: string[] = [];
  for (;;) {
    const messages = await queue.receive({ maxMessages: 10 });
    for (const message of messages) {
      ids.push(message.id);
      // Stands for the work on a message. Without any, one process keeps the write lock almost all the
      // time: SQLite's busy handler sleeps between retries, so the others rarely get a turn.
      await delay(1);
      await queue.delete(message.receiptHandle);
    }
    if (messages.length > 0) continue;
    const { visible, inFlight, delayed } = await queue.stats();
    if (visible + inFlight + delayed === 0) break;
    // The other consumers hold the rest; look again shortly in case one of them fails.
    await delay(10);
  }
  report({ consumer: name, ids });
}

async function race(ledger: SqliteLedger, name: string, keys: number): Promise<void> {
  await waitForGo();
  let won = 0;
  for (let index = 0; index < keys; index += 1) {
    if (await ledger.putIfAbsent(`race/${index}`, name)) won += 1;
  }
  report({ racer: name, won });
}

const [mode, dbPath, arg] = process.argv.slice(2);
if (dbPath === undefined || arg === undefined) throw new Error('usage: queue-child <mode> <db> <arg> [n]');
const db = openDatabase(dbPath);
const queue = new SqliteQueue(db, {
  name: QUEUE,
  visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
  pollIntervalMs: 5,
});
if (mode === 'hold') await hold(queue, Number(arg));
else if (mode === 'consume') await consume(queue, arg);
else if (mode === 'race') await race(new SqliteLedger(db), arg, Number(process.argv[5]));
else throw new Error(`unknown mode ${mode}`);
if (mode !== 'hold') db.close();
