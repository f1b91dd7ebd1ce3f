import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { createService, SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { deliveryJobBody } from '../../../src/service/webhooks/delivery-job.ts';
import { NotificationStore } from '../../../src/service/webhooks/notification-store.ts';
import { DELIVERY_QUEUE_NAME } from '../../../src/service/webhooks/webhook-module.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { readInteger, readText } from '../../../src/store/sql-row.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { waitFor } from '../../support/wait-for.ts';
import { makeDataDir, startService, submit } from './service-harness.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

/** A visibility long enough that only a reclaim, not its expiry, brings the job back during the test. */
const KILLED_RUN_VISIBILITY_SECONDS = 600;
/** What the module's lease is for its default timeout: far beyond the test's wait. */
const KILLED_RUN_LEASE_MS = 90_000;

describe('a webhook delivery killed mid-attempt, which waited out its lease after a locked start', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * A data dir with one document, one webhook to `receiver`, and one notification whose delivery a
   * killed run left as it was mid-attempt: its job received (in flight) and the notification claimed.
   */
  async function killedMidAttempt(receiver: Receiver): Promise<{ dataDir: string; notificationId: string }> {
    const dataDir = await makeDataDir();
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await startService({
      dataDir,
      startProcessing: false,
      config: { allowPrivateWebhooks: true },
    });
    const document = await submit(first, new TextEncoder().encode('lease'));
    const created = await first.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: receiver.url, active: true, events: ['document.extracted'] },
        },
      },
    });
    expect(created.status).toBe(201);
    await first.close();

    const db = openDatabase(join(dataDir, SERVICE_DATABASE_FILE));
    try {
      const webhook = db.prepare('SELECT id, account_id FROM webhooks').get();
      if (webhook === undefined) throw new Error('the webhook was not stored');
      const notificationId = randomUUID();
      const now = Date.now();
      new NotificationStore(db).insertIfAbsent({
        id: notificationId,
        accountId: readText(webhook, 'account_id'),
        webhookId: readText(webhook, 'id'),
        event: 'document.extracted',
        referenceType: 'document',
        referenceId: document.id,
        extractionAttempt: 1,
        body: '{"data":{}}',
        createdAt: now,
      });
      const queue = new SqliteQueue(db, { name: DELIVERY_QUEUE_NAME });
      await queue.send(deliveryJobBody(notificationId, readText(webhook, 'id')));
      const received = await queue.receive({
        maxMessages: 1,
        visibilityTimeoutSeconds: KILLED_RUN_VISIBILITY_SECONDS,
      });
      expect(received).toHaveLength(1);
      expect(new NotificationStore(db).claim(notificationId, now, now + KILLED_RUN_LEASE_MS)).toBe(true);
      return { dataDir, notificationId };
    } finally {
      db.close();
    }
  }

  it('a start holding the lock gives the lease back, so the delivery goes out at once', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { dataDir, notificationId } = await killedMidAttempt(receiver);

    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, allowPrivateWebhooks: true });
    const service = await createService({ config, startProcessing: false, reclaimInFlight: true });
    cleanups.push(() => service.close());

    await waitFor(() => receiver.requests.length === 1, 'the delivery a killed run left');
    const db = openDatabase(join(dataDir, SERVICE_DATABASE_FILE));
    try {
      const row = await waitFor(
        () =>
          db
            .prepare(
              "SELECT leased, attempts FROM webhook_notifications WHERE id = ? AND delivery_status = 'succeeded'",
            )
            .get(notificationId),
        'the notification settled',
      );
      expect(readInteger(row, 'leased')).toBe(0);
      expect(readInteger(row, 'attempts')).toBe(1);
    } finally {
      db.close();
    }
  });

  it('a start without the lock leaves the lease alone: another process may hold it', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { dataDir, notificationId } = await killedMidAttempt(receiver);

    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, allowPrivateWebhooks: true });
    const service = await createService({ config, startProcessing: false });
    await service.close();

    const db = openDatabase(join(dataDir, SERVICE_DATABASE_FILE));
    try {
      const row = db
        .prepare('SELECT leased, next_attempt_at FROM webhook_notifications WHERE id = ?')
        .get(notificationId);
      if (row === undefined) throw new Error('the notification vanished');
      expect(readInteger(row, 'leased')).toBe(1);
      expect(readInteger(row, 'next_attempt_at')).toBeGreaterThan(Date.now());
    } finally {
      db.close();
    }
    expect(receiver.requests).toHaveLength(0);
  });
});
