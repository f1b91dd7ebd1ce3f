import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailWatch } from '../../../pipeline/sources/mail-watch.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { createLogger, silentLogger } from '../../../src/observability/logger.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { mailWithPdf } from '../../support/mail-messages.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.ts';
import { waitFor } from '../../support/wait-for.ts';
import {
  appendAll,
  contents,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
  resetAccount,
} from './mail-rig.ts';

const available = requireDovecot('mail-watch');
const WAIT_MS = 20_000;

describe.runIf(available)('MailWatch (the IDLE loop of `up`) against Dovecot', () => {
  let dovecot: Dovecot;
  let proxy: TcpProxy;
  let state: MailState;
  let watch: MailWatch | undefined;

  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot.stop();
  });
  beforeEach(async () => {
    await resetAccount(dovecot);
    state = await createMailState();
    proxy = await startTcpProxy(dovecot.port);
  });
  afterEach(async () => {
    await watch?.stop();
    watch = undefined;
    await proxy.close();
    await state.close();
  });

  const startWatch = (mailbox = 'INBOX'): void => {
    const source = imapSource(dovecot, proxy.port);
    const poller = createPoller(state, source, { dovecot, mailbox });
    watch = new MailWatch({
      poller,
      waitForMail: (maxMs, signal) => source.waitForMail(mailbox, maxMs, signal),
      reset: () => source.close(),
      clock: systemClock,
      logger: process.env.DEBUG_MAIL ? createLogger({ level: 'debug' }) : silentLogger,
      idleMs: 500,
    });
    watch.start();
  };
  const intakeCount = async (n: number) => (await state.intake()).length >= n;

  it('takes mail as it arrives and goes on after the connection drops, mid-fetch included', async () => {
    startWatch();
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(1)]);
    await waitFor(() => intakeCount(1), 'the first message taken', WAIT_MS);

    proxy.dropAll();
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(2)]);
    await waitFor(() => intakeCount(2), 'a message taken after the drop', WAIT_MS);

    // The connection dies while the message body is being fetched.
    proxy.dropOn(/BODY\.PEEK\[\]/);
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(3)]);
    await waitFor(() => intakeCount(3), 'a message taken after a drop mid-fetch', WAIT_MS);
    await waitFor(async () => (await contents(dovecot, 'Processed')).size === 3, 'all three moved', WAIT_MS);
    const names = (await state.intake()).map((message) => message.origin.fileName).sort();
    expect(names).toEqual(['notice-1.pdf', 'notice-2.pdf', 'notice-3.pdf']);
  });

  it('survives its mailbox being deleted, and takes mail again once it is back', async () => {
    const admin = await dovecot.client();
    await admin.mailboxCreate('Shared');
    await admin.logout();
    startWatch('Shared');
    await appendAll(dovecot, 'Shared', [await mailWithPdf(1)]);
    await waitFor(() => intakeCount(1), 'the first message taken', WAIT_MS);

    const again = await dovecot.client();
    await again.mailboxDelete('Shared');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await again.mailboxCreate('Shared');
    await again.logout();
    await appendAll(dovecot, 'Shared', [await mailWithPdf(2)]);
    await waitFor(() => intakeCount(2), 'a message taken from the recreated mailbox', WAIT_MS);
  });
});
