import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScheduledEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImapPollHandler } from '../../../pipeline/handlers/imap-poll.handler.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { mailWithPdf } from '../../support/mail-messages.ts';
import { captureStdout, lambdaContext, powertools } from '../handlers/handler-harness.ts';
import {
  appendAll,
  CountingSource,
  contents,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
  resetAccount,
} from './mail-rig.ts';

const available = requireDovecot('imap-poll handler');
const SCHEDULED = {} as ScheduledEvent; // the handler reads nothing of the event

describe.runIf(available)('the imap-poll function against Dovecot', () => {
  let dovecot: Dovecot;
  let state: MailState;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot.stop();
  });
  beforeEach(async () => {
    await resetAccount(dovecot);
    state = await createMailState();
  });
  afterEach(async () => {
    await state.close();
  });

  const handlerWith = (clock: ManualClock, batchSize: number, onPoll?: () => void) => {
    let closed = 0;
    const handler = createImapPollHandler({
      ...powertools('imap-poll'),
      clock,
      open: () => {
        const source = new CountingSource(imapSource(dovecot));
        const poller = createPoller(state, source, { dovecot, batchSize, clock });
        const poll = poller.poll.bind(poller);
        poller.poll = async (deadline) => {
          onPoll?.();
          return poll(deadline);
        };
        return {
          poller,
          close: async () => {
            closed += 1;
            await source.close();
          },
        };
      },
    });
    return { handler, closed: () => closed };
  };

  it('takes the mailbox batch by batch within its time, logs out, and publishes MailPolls', async () => {
    await appendAll(dovecot, 'INBOX', await Promise.all(Array.from({ length: 7 }, (_, n) => mailWithPdf(n))));
    const output = captureStdout();
    try {
      const { handler, closed } = handlerWith(new ManualClock(), 3);
      const summary = await handler(SCHEDULED, lambdaContext(120_000));
      expect(summary).toMatchObject({ processed: 7, failed: 0, more: false });
      expect(closed()).toBe(1);
      expect(output.metricNames()).toContain('MailPolls');
    } finally {
      output.restore();
    }
    expect((await contents(dovecot, 'Processed')).size).toBe(7);
    expect(await state.intake()).toHaveLength(7);
  });

  it('stops when its time runs low, and the next run continues from the checkpoint', async () => {
    await appendAll(dovecot, 'INBOX', await Promise.all(Array.from({ length: 6 }, (_, n) => mailWithPdf(n))));
    const clock = new ManualClock();
    const output = captureStdout();
    try {
      // Each poll finds the clock 40 s later: the first batch fits, then the 20 s reserve is reached.
      const first = handlerWith(clock, 2, () => clock.advance(40_000));
      expect(await first.handler(SCHEDULED, lambdaContext(100_000))).toMatchObject({
        processed: 2,
        more: true,
      });
      const second = handlerWith(clock, 10);
      expect(await second.handler(SCHEDULED, lambdaContext(100_000))).toMatchObject({
        processed: 4,
        more: false,
      });
    } finally {
      output.restore();
    }
    expect(await state.intake()).toHaveLength(6);
  });

  it('reports the taken messages a failed move left in the mailbox, and moves them on a later run', async () => {
    await appendAll(dovecot, 'INBOX', await Promise.all(Array.from({ length: 3 }, (_, n) => mailWithPdf(n))));
    // A file where the Processed folder would be: the server cannot create it.
    await writeFile(join(dovecot.maildir, '.Processed'), 'not a folder');
    const output = captureStdout();
    try {
      const blocked = await handlerWith(new ManualClock(), 10).handler(SCHEDULED, lambdaContext(100_000));
      expect(blocked).toMatchObject({
        processed: 3,
        deferred: 0,
        unmoved: { messages: 3, detail: expect.stringMatching(/Processed/) },
      });
      await rm(join(dovecot.maildir, '.Processed'));
      const mended = await handlerWith(new ManualClock(), 10).handler(SCHEDULED, lambdaContext(100_000));
      expect(mended).toMatchObject({ processed: 0, resettled: 3 });
      expect(mended.unmoved).toBeUndefined();
    } finally {
      output.restore();
    }
    expect((await contents(dovecot, 'Processed')).size).toBe(3);
    expect(await state.intake()).toHaveLength(3);
  });
});
