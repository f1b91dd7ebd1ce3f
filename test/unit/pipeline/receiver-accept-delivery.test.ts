import { describe, expect, it } from 'vitest';
import { acceptDelivery, type DeliveryDeps } from '../../../pipeline/receiver/accept-delivery.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { bodySignature, signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { RecordingQueue } from './events-fakes.ts';
import { attributes, DOC, webhookPayload } from './events-fixtures.ts';

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

const deliver = (
  body: string,
  options: { secret?: string; signWith?: string; deps?: Partial<DeliveryDeps> } = {},
) => {
  const queue = new RecordingQueue();
  const deps: DeliveryDeps = {
    secret: () => options.secret ?? SECRET,
    queue,
    logger: silentLogger,
    clock: new ManualClock(),
    ...options.deps,
  };
  const headers = signatureHeaders(options.signWith ?? SECRET, 'msg-1', body, new Date());
  return { queue, reply: acceptDelivery(Buffer.from(body), headers, deps) };
};

const extracted = JSON.stringify(webhookPayload('document.extracted', attributes()));

describe('acceptDelivery', () => {
  it('enqueues a verified document event and answers 202', async () => {
    const { queue, reply } = deliver(extracted);
    expect(await reply).toMatchObject({ status: 202, outcome: 'accepted', body: { notification_id: 'n-1' } });
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]?.body).toMatchObject({
      kind: 'document_event',
      notificationId: 'n-1',
      event: 'document.extracted',
      documentId: DOC,
      receivedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('refuses a body signed with another secret, before parsing it', async () => {
    const { queue, reply } = deliver('not json at all', {
      signWith: 'whsec_b3RoZXItb3RoZXItb3RoZXItb3RoZXI=',
    });
    expect(await reply).toMatchObject({ status: 401, outcome: 'unauthorized' });
    expect(queue.sent).toEqual([]);
  });

  it('refuses a delivery without a signature', async () => {
    const queue = new RecordingQueue();
    const reply = await acceptDelivery(
      Buffer.from(extracted),
      {},
      {
        secret: () => SECRET,
        queue,
        logger: silentLogger,
        clock: new ManualClock(),
      },
    );
    expect(reply.status).toBe(401);
  });

  it('reads the secret on every delivery, so a rotated secret applies at once', async () => {
    let current = 'whsec_b2xkLW9sZC1vbGQtb2xkLW9sZC1vbGQtb2xk';
    const queue = new RecordingQueue();
    const deps: DeliveryDeps = {
      secret: () => current,
      queue,
      logger: silentLogger,
      clock: new ManualClock(),
    };
    const headers = signatureHeaders(SECRET, 'msg-1', extracted, new Date());
    expect((await acceptDelivery(Buffer.from(extracted), headers, deps)).status).toBe(401);
    current = SECRET;
    expect((await acceptDelivery(Buffer.from(extracted), headers, deps)).status).toBe(202);
  });

  it('answers 503 while no secret is configured, so the sender retries', async () => {
    const { reply } = deliver(extracted, { secret: '' });
    expect(await reply).toMatchObject({ status: 503, outcome: 'unavailable' });
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    // Body-only signature, as the upstream sends: with the Standard Webhooks headers too, verifyDelivery
    // currently rejects non-JSON as a bad signature (the library parses the body unless told not to).
    const body = '{"data":';
    const queue = new RecordingQueue();
    const headers = { 'x-t49-webhook-signature': bodySignature(SECRET, body) };
    const reply = await acceptDelivery(Buffer.from(body), headers, {
      secret: () => SECRET,
      queue,
      logger: silentLogger,
      clock: new ManualClock(),
    });
    expect(reply).toMatchObject({ status: 400, body: { errors: [{ code: 'malformed_json' }] } });
  });

  it('answers 400 naming what is wrong with a document payload', async () => {
    const payload = webhookPayload('document.extracted', attributes());
    const broken = { ...payload, data: { ...payload.data, type: 'something_else' } };
    const { queue, reply } = deliver(JSON.stringify(broken));
    const answer = await reply;
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('data.type');
    expect(queue.sent).toEqual([]);
  });

  it('accepts and ignores events that are not about documents', async () => {
    const body = JSON.stringify({
      data: { id: 'n-9', type: 'webhook_notification', attributes: { event: 'container.updated' } },
    });
    const { queue, reply } = deliver(body);
    expect(await reply).toMatchObject({ status: 202, outcome: 'ignored' });
    expect(queue.sent).toEqual([]);
  });

  it('answers 503 when the queue cannot take the message, so nothing acknowledged is lost', async () => {
    const failing = { send: async (): Promise<string> => Promise.reject(new Error('disk full')) };
    const { reply } = deliver(extracted, { deps: { queue: failing } });
    expect(await reply).toMatchObject({ status: 503, outcome: 'unavailable' });
  });

  it('answers 413 when the queue says the message is too large', async () => {
    const failing = {
      send: async (): Promise<string> => Promise.reject(new AppError('message_too_large', 'too big')),
    };
    const { reply } = deliver(extracted, { deps: { queue: failing } });
    expect(await reply).toMatchObject({ status: 413, outcome: 'too_large' });
  });
});
