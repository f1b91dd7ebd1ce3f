import { simpleParser } from 'mailparser';
import { ImapMailSource } from '../../pipeline/adapters/imap-mail-source.ts';
import { mailboxKeyOf, writeCheckpoint } from '../../pipeline/ledger/mailbox.ts';
import type { MailPoller } from '../../pipeline/sources/mail-poller.ts';
import { createMailReaderPool } from '../../src/mail/mail-reader.ts';
import { silentLogger } from '../../src/observability/logger.ts';
import { createMailState, createPoller } from '../integration/imap/mail-rig.ts';
import { type Dovecot, dovecotAvailable, startDovecot } from '../support/dovecot.ts';
import { mailWithPdf } from '../support/mail-messages.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { median } from './support/cost-counters.ts';
import { formatFigure, printResult } from './support/result-line.ts';
import { progress, timed } from './support/timing.ts';

/** The mailbox sizes the issue names: a day's backlog, and a mailbox that was never cleaned. */
const MESSAGES = 2_000;
const LARGE_MAILBOX = 50_000;
const ROUNDS = 5;
const EMPTY_POLL_ROUNDS = 9;

if (!dovecotAvailable()) {
  process.stderr.write('imap-throughput: Dovecot is not installed; nothing measured\n');
  process.exit(1);
}

/** The least any importer must do: fetch every message's source and parse it, attachments included. */
async function bareFetchAndParse(dovecot: Dovecot, mailbox: string): Promise<number> {
  const client = await dovecot.client();
  let parsed = 0;
  try {
    await client.mailboxOpen(mailbox, { readOnly: true });
    for await (const message of client.fetch('1:*', { uid: true, source: true })) {
      if (message.source === undefined) continue;
      const mail = await simpleParser(message.source);
      if (mail.attachments.length > 0) parsed += 1;
    }
  } finally {
    await client.logout();
  }
  return parsed;
}

async function pollAll(poller: MailPoller): Promise<number> {
  let taken = 0;
  for (;;) {
    const report = await poller.poll();
    taken += report.processed + report.failed;
    if (!report.more) return taken;
  }
}

const dovecot = await startDovecot();
// As `stevedore up` runs it: whole messages are read in worker threads beside the poller's own work.
const reader = createMailReaderPool();
try {
  progress(`imap throughput: composing ${MESSAGES} messages`);
  const messages = await Promise.all(Array.from({ length: MESSAGES }, (_, n) => mailWithPdf(n)));

  const rounds: Array<{ pollerRate: number; bareRate: number }> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const poll = `Poll${round}`;
    const bare = `Bare${round}`;
    await dovecot.seedMaildir(poll, messages);
    await dovecot.seedMaildir(bare, messages);
    const state = await createMailState();
    const source = new ImapMailSource({
      server: {
        host: dovecot.host,
        port: dovecot.port,
        tls: false,
        credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
      },
      logger: silentLogger,
    });
    try {
      const poller = createPoller(state, source, { dovecot, mailbox: poll, reader });
      // Interleaved: the baseline and the poller see the same machine load, round by round, each going
      // first in every other round so neither always meets a warmer (or busier) machine.
      const bareFirst = round % 2 === 1;
      const before = bareFirst ? await timed(() => bareFetchAndParse(dovecot, bare)) : undefined;
      const pollRun = await timed(() => pollAll(poller));
      const bareRun = before ?? (await timed(() => bareFetchAndParse(dovecot, bare)));
      if (bareRun.result !== MESSAGES || pollRun.result !== MESSAGES) {
        throw new Error(`round ${round}: bare ${bareRun.result}, poller ${pollRun.result} of ${MESSAGES}`);
      }
      const pollerRate = (MESSAGES * 1000) / pollRun.ms;
      const bareRate = (MESSAGES * 1000) / bareRun.ms;
      rounds.push({ pollerRate, bareRate });
      progress(
        `imap throughput: round ${round}: poller ${formatFigure(pollerRate)}/s, bare ${formatFigure(bareRate)}/s`,
      );
    } finally {
      await source.close();
      await state.close();
    }
  }
  printResult({
    name: `mail poller, ${MESSAGES}-message mailbox`,
    value: median(rounds.map((r) => r.pollerRate)),
    unit: 'messages/s',
    ratio: median(rounds.map((r) => r.pollerRate / r.bareRate)),
    baseline: {
      name: 'bare imapflow fetch + mailparser',
      value: median(rounds.map((r) => r.bareRate)),
      unit: 'messages/s',
    },
    note: 'target 0.8x; the poller also stages, enqueues, records and moves each message',
  });

  progress(`imap empty poll: seeding ${LARGE_MAILBOX} messages`);
  const sample = messages.slice(0, 100);
  const large = Array.from({ length: LARGE_MAILBOX }, (_, n) => sample[n % sample.length] as Buffer);
  await dovecot.seedMaildir('Large', large);
  const admin = await dovecot.client();
  // The first SELECT makes Dovecot index the Maildir: done here, outside the measure.
  const opened = await admin.mailboxOpen('Large');
  const uidValidity = Number(opened.uidValidity);
  const lastUid = opened.uidNext - 1;
  await admin.logout();

  const proxy = await startTcpProxy(dovecot.port);
  const state = await createMailState();
  const box = mailboxKeyOf({ host: dovecot.host, port: dovecot.port, user: dovecot.user }, 'Large');
  await writeCheckpoint(state.ledger, box, { uidValidity, lastUid });
  const source = new ImapMailSource({
    server: {
      host: dovecot.host,
      port: proxy.port,
      tls: false,
      credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
    },
    logger: silentLogger,
  });
  const baseline = await dovecot.client();
  try {
    const poller = createPoller(state, source, { dovecot, mailbox: 'Large' });
    await poller.poll(); // connects and logs in: a poll of the long-running loop reuses the connection
    const polls: number[] = [];
    const statuses: number[] = [];
    const commands: number[] = [];
    for (let round = 1; round <= EMPTY_POLL_ROUNDS; round += 1) {
      proxy.resetCount();
      const run = await timed(() => poller.poll());
      if (run.result.processed + run.result.failed !== 0) throw new Error('the empty poll took a message');
      commands.push(proxy.commands().length);
      polls.push(run.ms);
      statuses.push((await timed(() => baseline.status('Large', { uidNext: true }))).ms);
    }
    printResult({
      name: `empty poll of a ${LARGE_MAILBOX}-message mailbox`,
      value: median(polls),
      unit: 'ms',
      ratio: median(polls.map((ms, i) => ms / (statuses[i] ?? ms))),
      baseline: { name: 'one bare STATUS', value: median(statuses), unit: 'ms' },
      note: `${Math.max(...commands)} IMAP commands per poll (${proxy.commands().join(', ')}); target at most 3`,
    });
  } finally {
    await baseline.logout();
    await source.close();
    await proxy.close();
    await state.close();
  }
} finally {
  await reader.close();
  await dovecot.stop();
}
