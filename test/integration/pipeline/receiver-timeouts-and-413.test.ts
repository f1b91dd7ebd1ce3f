import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { createReceiver, type Receiver } from '../../../pipeline/receiver/webhook-receiver.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { answerHeaders, rawExchange } from '../../support/raw-http.ts';

const SECRET = 'whsec_aW50ZWdyYXRpb24tc2VjcmV0LWZvci10ZXN0cw==';
const MAX_BODY = 1024;
/** Short limits so the tests take a moment; the shipped ones are 5 s and 10 s, checked every second. */
const TIMEOUTS = { headersMs: 300, requestMs: 600, checkIntervalMs: 50 };

/**
 * The findings: a trickled body was cut only after 25 s though the limit is 10 s (Node checks its
 * timeouts every 30 s by default), and a 413 must end the connection rather than leave it half-read.
 */
describe('webhook receiver: timeouts and 413', () => {
  let dir: string;
  let db: DatabaseSync;
  let receiver: Receiver;
  let origin: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stevedore-receiver-slow-'));
    db = openDatabase(join(dir, 'worker.db'));
    const queue = new EmbeddedQueue(new SqliteQueue(db, { name: 'events' }));
    receiver = createReceiver({
      secret: () => SECRET,
      queue,
      logger: silentLogger,
      clock: systemClock,
      maxBodyBytes: MAX_BODY,
      timeouts: TIMEOUTS,
    });
    origin = (await receiver.listen(0)).url;
  });
  afterEach(async () => {
    await receiver.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const head = (length: number) =>
    `POST /webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('cuts a body trickled past the request timeout with a 408, within a check interval of it', async () => {
    const exchange = await rawExchange(origin, head(100), { trickle: Array(40).fill('{'), everyMs: 50 });
    expect(exchange.status).toBe(408);
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 500);
  });

  it('cuts a request head that never ends after the headers timeout', async () => {
    const exchange = await rawExchange(origin, 'POST /webhooks HTTP/1.1\r\nHost: x\r\n', {
      trickle: Array(20).fill('X-Slow: 1\r\n'),
    });
    expect(exchange.status).toBe(408);
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 500);
  });

  it('answers a declared oversize body 413 with Connection: close, and closes', async () => {
    const exchange = await rawExchange(origin, `${head(MAX_BODY + 1)}{"a":`);
    expect(exchange.status).toBe(413);
    expect(answerHeaders(exchange.text).connection).toBe('close');
    expect(exchange.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs);
  });

  it('answers a chunked body that grows past the cap 413 with Connection: close, and closes', async () => {
    const chunk = `${(600).toString(16)}\r\n${'x'.repeat(600)}\r\n`;
    const exchange = await rawExchange(
      origin,
      'POST /webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      { trickle: [chunk, chunk, chunk], everyMs: 20 },
    );
    expect(exchange.status).toBe(413);
    expect(answerHeaders(exchange.text).connection).toBe('close');
  });
});
