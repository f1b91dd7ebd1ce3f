import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import {
  createReceiver,
  MAX_CONCURRENT_DELIVERIES,
  type Receiver,
} from '../../../pipeline/receiver/webhook-receiver.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { bodySignature, signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { attributes, webhookPayload } from '../../unit/pipeline/events-fixtures.ts';
import { post } from './receiver-http.ts';

/**
 * Round 4 of the abuse probe, on the worker's webhook receiver (never probed before): the same signed
 * delivery a thousand times put a thousand messages on the events queue; slow bodies sent together had
 * no bound (each may hold the body cap in memory); a signed unknown event of any length was logged and
 * echoed whole. Signatures, sizes and timeouts were already tested (receiver.test.ts,
 * receiver-timeouts-and-413.test.ts); what is left of them is probed here with hostile shapes.
 */

const SECRET = 'whsec_aW50ZWdyYXRpb24tc2VjcmV0LWZvci10ZXN0cw==';
const SIGNATURE = 'x-t49-webhook-signature';

describe('the webhook receiver against a hostile sender', () => {
  let dir: string;
  let db: DatabaseSync;
  let queue: EmbeddedQueue;
  let receiver: Receiver;
  let url: string;
  let port: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stevedore-receiver-probe-'));
    db = openDatabase(join(dir, 'worker.db'));
    queue = new EmbeddedQueue(new SqliteQueue(db, { name: 'events' }));
    receiver = createReceiver({ secret: () => SECRET, queue, logger: silentLogger, clock: systemClock });
    const listening = await receiver.listen(0);
    url = `${listening.url}/webhooks`;
    port = listening.port;
  });
  afterEach(async () => {
    await receiver.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signedBy = (text: string) => ({ [SIGNATURE]: bodySignature(SECRET, text) });
  const visible = async () => (await queue.stats()).visible;

  it('the same signed delivery 1,000 times: one message on the queue, every answer 202', async () => {
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-replayed'));
    const headers = signatureHeaders(SECRET, 'msg-1', body, new Date());
    const first = await post(url, body, headers);
    expect(first).toMatchObject({ status: 202, json: { status: 'accepted' } });
    const statuses: number[] = [];
    const kinds = new Set<unknown>();
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(url, body, headers)));
      for (const answer of answers) {
        statuses.push(answer.status);
        kinds.add((answer.json as { status?: string }).status);
      }
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
    expect(kinds).toEqual(new Set(['duplicate']));
    expect(await visible()).toBe(1);
    expect(receiver.stats()).toMatchObject({ accepted: 1, duplicate: 1_000 });
    // Another notification is enqueued as usual.
    const other = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-other'));
    expect((await post(url, other, signedBy(other))).status).toBe(202);
    expect(await visible()).toBe(2);
  });

  it('bad signatures in hostile shapes: each 401, nothing enqueued', async () => {
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-bad'));
    const good = bodySignature(SECRET, body);
    const shapes: Record<string, string>[] = [
      { [SIGNATURE]: 'f'.repeat(12_000) },
      { [SIGNATURE]: `${good} ${good}` },
      { [SIGNATURE]: good.toUpperCase().replace(/[0-9]/g, 'Z') },
      { [SIGNATURE]: '' },
      { [SIGNATURE]: Buffer.from(good, 'hex').toString('base64') },
      // The right body signature, with Standard Webhooks headers that do not match it.
      { [SIGNATURE]: good, 'webhook-id': 'x', 'webhook-timestamp': 'soon', 'webhook-signature': 'v1,AAAA' },
    ];
    for (const headers of shapes) {
      const answer = await post(url, body, headers);
      expect(answer.status, JSON.stringify(headers).slice(0, 80)).toBe(401);
    }
    expect(await visible()).toBe(0);
  });

  it('a signed body with the wrong content type is taken (the signature covers the bytes, not the label)', async () => {
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-label'));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const answer = await post(url, body, { ...signedBy(body), 'content-type': type });
      expect(answer.status).toBe(202);
    }
    // Unsigned, any label is 401.
    expect((await post(url, body, { 'content-type': 'text/plain' })).status).toBe(401);
    expect(await visible()).toBe(1);
  });

  it('a valid signature over a hostile payload: deep nesting, a huge event name, __proto__ keys: each answered, no crash', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deeper = `{"data":${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}}`;
    const longEvent = JSON.stringify({ data: { id: 'n', attributes: { event: `x${'y'.repeat(150_000)}` } } });
    const proto = JSON.stringify({
      __proto__: { polluted: true },
      data: { id: 'n-proto', attributes: { event: 'document.extracted', __proto__: { admin: true } } },
    }).replace('"polluted"', '"__proto__":{"polluted":true},"x"');
    const answers = await Promise.all(
      [deep, deeper, longEvent, proto].map((text) => post(url, text, signedBy(text))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 202, 400]);
    const ignored = answers[2]?.json as { status: string; event: string };
    expect(ignored.status).toBe('ignored');
    expect(ignored.event.length).toBeLessThanOrEqual(101);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await visible()).toBe(0);
    // And the receiver still takes a real delivery.
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-after-hostile'));
    expect((await post(url, body, signedBy(body))).status).toBe(202);
  });

  it(`slow bodies sent together hold at most ${MAX_CONCURRENT_DELIVERIES} deliveries; past that 503 with Retry-After, and a real delivery gets in once they go`, async () => {
    const sockets: Socket[] = [];
    for (let index = 0; index < MAX_CONCURRENT_DELIVERIES + 10; index += 1) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        `POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"data":`,
      );
      sockets.push(socket);
    }
    const refused = await Promise.all(
      sockets.slice(MAX_CONCURRENT_DELIVERIES).map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk: Buffer) => {
              text += chunk.toString('latin1');
            });
            socket.once('close', () => resolve(text));
          }),
      ),
    );
    for (const text of refused) {
      expect(text).toMatch(/^HTTP\/1\.1 503/);
      expect(text.toLowerCase()).toContain('retry-after: 1');
    }
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-after-slow'));
    const blocked = await post(url, body, signedBy(body));
    expect(blocked.status).toBe(503);
    for (const socket of sockets) socket.destroy();
    await expect.poll(async () => (await post(url, body, signedBy(body))).status).toBe(202);
    expect(await visible()).toBe(1);
  });

  it('a flood of 2,000 unsigned deliveries at once: each 401 or 503, then a real delivery is taken', async () => {
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'n-flood'));
    const answers = await Promise.all(Array.from({ length: 2_000 }, () => post(url, body)));
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect((await post(url, body, signedBy(body))).status).toBe(202);
    expect(await visible()).toBe(1);
  });
});
