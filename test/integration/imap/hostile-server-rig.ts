import type { Readable } from 'node:stream';
import type { MailMessage } from '../../../pipeline/ports.ts';
import type { MailPoller, PollReport } from '../../../pipeline/sources/mail-poller.ts';
import type { Dovecot } from '../../support/dovecot.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import { CountingSource, type MailState } from './mail-rig.ts';

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

/** Polls as the IDLE loop does, a failed poll followed by another, until one says there is no more. */
export async function pollUntilDone(
  poller: MailPoller,
  rounds = 40,
): Promise<{ reports: PollReport[]; errors: unknown[] }> {
  const reports: PollReport[] = [];
  const errors: unknown[] = [];
  for (let round = 0; round < rounds; round += 1) {
    try {
      const report = await poller.poll();
      reports.push(report);
      if (!report.more) break;
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
