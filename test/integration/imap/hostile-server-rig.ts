import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MailMessage } from '../../../pipeline/ports.ts';
import type { MailPoller, PollReport } from '../../../pipeline/sources/mail-poller.ts';
import { type Dovecot, type DovecotOptions, startDovecot } from '../../support/dovecot.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import { type ImapProxy, type ImapProxyOptions, startImapProxy } from './imap-proxy.ts';
import { CountingSource, createMailState, imapSource, type MailState, resetAccount } from './mail-rig.ts';

/** A source on which another client acts at set points of a poll: before the fetch, before the move. */
export class MeddledSource extends CountingSource {
  beforeFetch: ((messages: readonly MailMessage[]) => Promise<void>) | undefined;
  beforeMove: ((messages: readonly MailMessage[]) => Promise<void>) | undefined;

  override async *sources(
    messages: readonly MailMessage[],
  ): AsyncGenerator<{ message: MailMessage; body: Readable | Buffer }> {
    const meddle = this.beforeFetch;
    this.beforeFetch = undefined;
    if (meddle !== undefined && messages.length > 0) await meddle(messages);
    yield* super.sources(messages);
  }

  override async settle(messages: readonly MailMessage[], folder: string, keywords: readonly string[]) {
    const meddle = this.beforeMove;
    this.beforeMove = undefined;
    if (meddle !== undefined) await meddle(messages);
    await super.settle(messages, folder, keywords);
  }
}

/**
 * Polls as the IDLE loop does, a failed poll followed by another, until one says there is no more (and,
 * with `untilMoved`, that no taken message is left unmoved).
 */
export async function pollUntilDone(
  poller: MailPoller,
  rounds = 40,
  options: { untilMoved?: boolean } = {},
): Promise<{ reports: PollReport[]; errors: unknown[] }> {
  const reports: PollReport[] = [];
  const errors: unknown[] = [];
  for (let round = 0; round < rounds; round += 1) {
    try {
      const report = await poller.poll();
      reports.push(report);
      if (!report.more && (options.untilMoved !== true || report.unmoved === undefined)) break;
    } catch (error) {
      errors.push(error);
    }
  }
  return { reports, errors };
}

/** `n` messages, each with one PDF named `<prefix>-<i>.pdf` and Message-ID `<<prefix>-<i>@hostile.example>`. */
export const numberedMails = (prefix: string, n: number): Promise<Buffer[]> =>
  Promise.all(
    Array.from({ length: n }, (_, index) =>
      composeMail({
        subject: `${prefix} ${index + 1}`,
        messageId: `<${prefix}-${index + 1}@hostile.example>`,
        attachments: [{ filename: `${prefix}-${index + 1}.pdf`, content: tinyPdf(`${prefix} ${index + 1}`) }],
      }),
    ),
  );

/** File names enqueued so far, sorted, with repeats kept (a repeat is a document taken twice). */
export const takenNames = async (state: MailState): Promise<string[]> =>
  (await state.intake()).map((message) => message.origin.fileName).sort();

/** Sets a flag on every message of `mailbox` (as another client would), or expunges some by UID. */
export async function otherClient<T>(
  dovecot: Dovecot,
  work: (client: Awaited<ReturnType<Dovecot['client']>>) => Promise<T>,
): Promise<T> {
  const client = await dovecot.client();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** What a hostile-mailbox test file works with; `dovecot` and `state` are set once its hooks have run. */
export interface HostileRig {
  readonly dovecot: Dovecot;
  readonly state: MailState;
  /** A source on the server (or on a proxy's port), closed after the test. */
  meddled(port?: number): MeddledSource;
  /** A proxy in front of the server, closed after the test. */
  proxy(options: ImapProxyOptions): Promise<ImapProxy>;
}

/**
 * Registers a hostile-mailbox file's hooks: its own Dovecot (with `dovecot` options), a fresh poller state
 * for each test (the account emptied first when `resetEach`), and every source and proxy a test opened
 * closed after it.
 */
export function useHostileRig(options: { dovecot?: DovecotOptions; resetEach?: boolean } = {}): HostileRig {
  const sources: MeddledSource[] = [];
  const proxies: ImapProxy[] = [];
  let dovecot: Dovecot | undefined;
  let state: MailState | undefined;
  const rig: HostileRig = {
    get dovecot(): Dovecot {
      if (dovecot === undefined) throw new Error('Dovecot has not started: use the rig inside a test');
      return dovecot;
    },
    get state(): MailState {
      if (state === undefined) throw new Error('no poller state: use the rig inside a test');
      return state;
    },
    meddled(port?: number): MeddledSource {
      const source = new MeddledSource(imapSource(rig.dovecot, port));
      sources.push(source);
      return source;
    },
    async proxy(proxyOptions: ImapProxyOptions): Promise<ImapProxy> {
      const started = await startImapProxy(rig.dovecot.port, proxyOptions);
      proxies.push(started);
      return started;
    },
  };
  beforeAll(async () => {
    dovecot = await startDovecot(options.dovecot);
  });
  afterAll(async () => {
    await dovecot?.stop();
  });
  beforeEach(async () => {
    if (options.resetEach === true) await resetAccount(rig.dovecot);
    state = await createMailState();
  });
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
    await Promise.all(proxies.splice(0).map((started) => started.close()));
    await state?.close();
    state = undefined;
  });
  return rig;
}
