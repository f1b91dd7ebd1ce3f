import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

/** Far longer than the test's timeout: a long poll that ends in time was woken, not timed out. */
const SLOW_POLL_MS = 60_000;

describe('SqliteQueue long poll woken by a send', () => {
  const setup = () =>
    new SqliteQueue(openDatabase(':memory:'), {
      name: 'ingest',
      visibilityTimeoutSeconds: 30,
      pollIntervalMs: SLOW_POLL_MS,
    });

  it('ends a waiting receive as soon as a message is sent through the same queue', async () => {
    const queue = setup();
    const receiving = queue.receive({ maxMessages: 1, waitSeconds: 20 });
    await queue.send('hello');
    const [message] = await receiving;
    expect(message?.body).toBe('hello');
  });

  it('wakes on a batch send too, and still ends on abort', async () => {
    const queue = setup();
    const receiving = queue.receive({ maxMessages: 10, waitSeconds: 20 });
    await queue.sendBatch(['a', 'b']);
    expect((await receiving).map((message) => message.body)).toEqual(['a', 'b']);
    const controller = new AbortController();
    const idle = queue.receive({ maxMessages: 1, waitSeconds: 20, signal: controller.signal });
    controller.abort();
    expect(await idle).toEqual([]);
  });
});
