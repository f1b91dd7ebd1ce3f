import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMail } from '../../../pipeline/sources/mail-check.ts';
import { createProgram, type ProgramDeps } from '../../../src/cli/program.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { composeMail, mailWithPdf, tinyPdf } from '../../support/mail-messages.ts';
import { appendAll, contents } from './mail-rig.ts';

const available = requireDovecot('mail-check');

describe.runIf(available)('stevedore mail check against Dovecot', () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot.stop();
  });

  const run = async (args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    let code = -1;
    const unused = () => {
      throw new Error('not used by mail check');
    };
    // Only what `mail check` uses is real; the rest of the program's dependencies are never reached.
    const deps = {
      startWorker: unused,
      checkMail,
      localQueues: { names: [] },
      rejected: {},
      output: { stdout, stderr },
      env,
      signal: new AbortController().signal,
      version: '0.0.0',
    } as unknown as ProgramDeps;
    await createProgram(deps, (exit) => {
      code = exit;
    }).parseAsync(['node', 'stevedore', ...args]);
    return { code, out };
  };

  it('shows what the rules take and refuse, and leaves the mailbox untouched', async () => {
    await appendAll(dovecot, 'INBOX', [
      await mailWithPdf(1, { subject: 'Arrival notice MSKU1234565' }),
      await composeMail({
        subject: 'newsletter',
        from: 'news@spam.example',
        messageId: '<news@spam.example>',
        attachments: [{ filename: 'promo.pdf', content: tinyPdf('promo') }],
      }),
      await composeMail({ subject: 'thanks', messageId: '<thanks@example.com>' }),
    ]);
    const env = {
      IMAP_HOST: dovecot.host,
      IMAP_PORT: String(dovecot.port),
      IMAP_USER: dovecot.user,
      IMAP_PASSWORD: dovecot.password,
      IMAP_TLS: 'false',
      STEVEDORE_MAIL_RULES: JSON.stringify({
        mailboxes: { INBOX: { senders: { deny: ['@spam.example'] } } },
      }),
    };
    const { code, out } = await run(['mail', 'check', '--since', '30d'], env);
    expect(code).toBe(0);
    expect(out).toContain('takes 1');
    expect(out).toContain('+ notice-1.pdf (application/pdf');
    expect(out).toContain('Failed (sender_denied');
    expect(out).toContain('Failed (no_documents)');
    expect(out).toContain('3 message(s), 1 document(s) would be taken');

    const inbox = await contents(dovecot, 'INBOX');
    expect(inbox.size).toBe(3);
    // No flag set; even `\Recent` survives, which only a read-only (EXAMINE) session leaves in place.
    for (const flags of inbox.values()) expect(flags).toEqual(['\\Recent']);
    expect((await contents(dovecot, 'Processed')).size).toBe(0);
  });

  it('a message over the size cap is refused unread, and the messages after it are still checked', async () => {
    const admin = await dovecot.client();
    await admin.mailboxCreate('Large');
    await admin.logout();
    const large = await composeMail({
      subject: 'too large',
      messageId: '<large@example.com>',
      attachments: [
        { filename: 'big.pdf', content: Buffer.concat([tinyPdf('big'), Buffer.alloc(300_000, 65)]) },
      ],
    });
    await appendAll(dovecot, 'Large', [large, await mailWithPdf(2)]);
    const { code, out } = await run(['mail', 'check', '--since', '30d'], {
      IMAP_HOST: dovecot.host,
      IMAP_PORT: String(dovecot.port),
      IMAP_USER: dovecot.user,
      IMAP_PASSWORD: dovecot.password,
      IMAP_TLS: 'false',
      IMAP_MAILBOX: 'Large',
      STEVEDORE_MAIL_MAX_MESSAGE_BYTES: '100000',
    });
    expect(code).toBe(0);
    expect(out).toContain('Failed (too_large');
    expect(out).toContain('+ notice-2.pdf');
  });

  it('refuses a --since it cannot read', async () => {
    const { code, out } = await run(['mail', 'check', '--since', 'last week'], {
      IMAP_HOST: dovecot.host,
      IMAP_USER: dovecot.user,
      IMAP_PASSWORD: dovecot.password,
    });
    expect(code).toBe(2);
    expect(out).toContain('--since last week');
  });
});
