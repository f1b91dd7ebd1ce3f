import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { acceptDelivery } from '../../../pipeline/receiver/accept-delivery.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { RecordingQueue } from './events-fakes.ts';

describe('a delivery that arrives before the webhook secret is known', () => {
  // `stevedore up` listens before it has the subscription, and a restart finds deliveries waiting.
  it('is answered with a retryable 503 and logs nothing at info or above', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    const queue = new RecordingQueue();
    const reply = await acceptDelivery(
      Buffer.from('{}'),
      {},
      {
        secret: () => '',
        queue,
        logger,
        clock: new ManualClock(),
      },
    );
    expect(reply).toMatchObject({ status: 503, outcome: 'unavailable' });
    expect(queue.sent).toEqual([]);
    expect(lines).toEqual([]);
  });
});
