import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BAD_SIGNATURE_WARN_INTERVAL_MS,
  createReceiver,
  type Receiver,
} from '../../../pipeline/receiver/webhook-receiver.ts';
import { ManualClock } from '../../../src/domain/clock.ts';

/** The finding: every request with a bad signature put a warning on the screen of `up`, so anyone who
 * could reach the receiver's port could fill it. */
describe('webhook receiver: warnings about bad signatures', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
  });

  it('warns once per BAD_SIGNATURE_WARN_INTERVAL_MS and then says how many it kept quiet', async () => {
    const lines: Array<{ level: number; msg: string; alsoRefusedSinceLastWarning?: number }> = [];
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text));
    });
    const clock = new ManualClock(Date.UTC(2026, 10, 24));
    receiver = createReceiver({
      secret: () => 'whsec_aW50ZWdyYXRpb24tc2VjcmV0LWZvci10ZXN0cw==',
      queue: { send: async () => 'message-id' },
      logger: pino({ level: 'debug' }, destination),
      clock,
    });
    const { url } = await receiver.listen(0);
    const forge = () =>
      fetch(`${url}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-t49-webhook-signature': 'forged' },
        body: '{}',
      });

    for (let i = 0; i < 5; i++) expect((await forge()).status).toBe(401);
    clock.advance(BAD_SIGNATURE_WARN_INTERVAL_MS);
    expect((await forge()).status).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));

    const about = lines.filter((line) => line.msg === 'webhook delivery with a bad signature');
    const warnings = about.filter((line) => line.level === pino.levels.values.warn);
    expect(about).toHaveLength(6);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.alsoRefusedSinceLastWarning).toBeUndefined();
    expect(warnings[1]?.alsoRefusedSinceLastWarning).toBe(4);
  });
});
