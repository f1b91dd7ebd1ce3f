import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { parseMessage } from '../../../pipeline/messages.ts';
import {
  createReceiver,
  MAX_WEBHOOK_BODY_BYTES,
  type Receiver,
} from '../../../pipeline/receiver/webhook-receiver.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { bodySignature, signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { attributes, DOC, webhookPayload } from '../../unit/pipeline/events-fixtures.ts';
import { post } from './receiver-http.ts';

const SECRET = 'whsec_aW50ZWdyYXRpb24tc2VjcmV0LWZvci10ZXN0cw==';
const body = JSON.stringify(webhookPayload('document.extracted', attributes()));

describe('webhook receiver over HTTP', () => {
  let dir: string;
  let db: DatabaseSync;
  let queue: EmbeddedQueue;
  let receiver: Receiver;
  let url: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stevedore-receiver-'));
    db = openDatabase(join(dir, 'worker.db'));
    queue = new EmbeddedQueue(new SqliteQueue(db, { name: 'events' }));
    receiver = createReceiver({ secret: () => SECRET, queue, logger: silentLogger, clock: systemClock });
    url = `${(await receiver.listen(0)).url}/webhooks`;
  });
  afterEach(async () => {
    await receiver.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signed = (text: string, at = new Date()): Record<string, string> =>
    signatureHeaders(SECRET, 'msg-1', text, at);

  it('answers 202 to a signed delivery once it is on the queue', async () => {
    const answer = await post(url, body, signed(body));

    expect(answer).toMatchObject({ status: 202, json: { status: 'accepted', notification_id: 'n-1' } });
    const [message] = await queue.receive({ maxMessages: 10 });
    expect(parseMessage(message?.body ?? '')).toMatchObject({ kind: 'document_event', documentId: DOC });
  });

  it('answers 401 to a tampered body', async () => {
    const tampered = body.replace('invoice.pdf', 'invoice.pdX');
    expect((await post(url, tampered, signed(body))).status).toBe(401);
    expect(await queue.stats()).toMatchObject({ visible: 0 });
  });

  it('answers 401 to a delivery signed with another secret', async () => {
    const headers = signatureHeaders('whsec_b3RoZXItc2VjcmV0LW90aGVyLXNlY3JldA==', 'msg-1', body, new Date());
    expect((await post(url, body, headers)).status).toBe(401);
  });

  it('answers 401 to a replay outside the timestamp tolerance', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const answer = await post(url, body, signed(body, tenMinutesAgo));
    expect(answer.status).toBe(401);
    expect(JSON.stringify(answer.json)).toMatch(/timestamp/i);
  });

  it('answers 401 to a delivery without a signature', async () => {
    expect((await post(url, body)).status).toBe(401);
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    const text = '{"data": [';
    const answer = await post(url, text, { 'x-t49-webhook-signature': bodySignature(SECRET, text) });
    expect(answer).toMatchObject({ status: 400, json: { errors: [{ code: 'malformed_json' }] } });
  });

  it('answers 413 to a declared body over the cap without reading it', async () => {
    const big = Buffer.alloc(MAX_WEBHOOK_BODY_BYTES + 1, 0x20);
    expect((await post(url, big)).status).toBe(413);
  });

  it('answers 413 to a chunked body that grows past the cap', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const chunks = Array.from({ length: Math.ceil(MAX_WEBHOOK_BODY_BYTES / chunk.length) + 1 }, () => chunk);
    expect((await post(url, { chunks })).status).toBe(413);
    // The receiver keeps serving after refusing one.
    expect((await post(url, body, signed(body))).status).toBe(202);
  });

  it('serves /health and refuses other methods and paths', async () => {
    const base = url.replace(/\/webhooks$/, '');
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(url)).status).toBe(405);
    expect((await fetch(`${base}/elsewhere`, { method: 'POST' })).status).toBe(404);
  });

  it('counts what it answered', async () => {
    await post(url, body, signed(body));
    await post(url, body);
    expect(receiver.stats()).toMatchObject({ accepted: 1, unauthorized: 1 });
  });
});
