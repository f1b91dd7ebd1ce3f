import type { ScheduledEvent } from 'aws-lambda';
import { localClients, stackSettings, startLocalStack } from '../../pipeline/aws-local/local-stack.ts';
import { createAwsComposition } from '../../pipeline/handlers/aws-composition.ts';
import { requireAwsConfig } from '../../pipeline/handlers/aws-config.ts';
import { createImapPollHandler } from '../../pipeline/handlers/imap-poll.handler.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { quietPowertools } from '../integration/aws/aws-local-harness.ts';
import { lambdaContext } from '../integration/handlers/handler-harness.ts';
import { createMailState, createPoller, imapSource } from '../integration/imap/mail-rig.ts';
import { type Dovecot, dovecotAvailable, startDovecot } from '../support/dovecot.ts';
import { mailWithPdf } from '../support/mail-messages.ts';
import { beforeEachCall } from './support/aws-calls.ts';
import { median } from './support/cost-counters.ts';
import { formatFigure, printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, timed } from './support/timing.ts';

/** A few chunks of the poller's 250: the per-poll costs (lease, checkpoint, logout) count, but little. */
const MESSAGES = 500;
const ROUNDS = 4;
/**
 * Added to every S3 and SQS call in the second deployed variant: a same-region call from Lambda takes
 * milliseconds to tens of them (S3 PUTs more than SQS sends); fauxqs on loopback answers in well under one.
 */
const AWS_CALL_MS = 10;
/**
 * The fewest AWS calls a message of one document can cost: its record looked up before it is read (one
 * S3 GET: a message enqueued before a crash is not read twice), its document staged (one S3 PUT), its
 * record written (one conditional S3 PUT) and its intake message sent in a batch of ten (0.1 SQS).
 */
const MINIMUM_CALLS = 3.1;
const SCHEDULED = {} as ScheduledEvent;
const FUNCTION_TIME_MS = 900_000;

if (!dovecotAvailable()) {
  process.stderr.write('aws-imap-poll: Dovecot is not installed; nothing measured\n');
  process.exit(1);
}

await withTempDir('stevedore-aws-imap-poll-', async (dir) => {
  const [dovecot, stack] = await Promise.all([startDovecot(), startLocalStack({ port: 0 })]);
  const calls = { s3: 0, sqs: 0 };
  const counting = { on: false };

  /** The deployed imap-poll function on `mailbox`, its AWS calls `slowed` by AWS_CALL_MS each. */
  const deployedPoll = (mailbox: string, slowed: boolean) => {
    const clients = localClients(stack.endpoint);
    const wait = () => new Promise<void>((resolve) => setTimeout(resolve, AWS_CALL_MS));
    const sqs = beforeEachCall(clients.sqs, () => (slowed ? wait() : void (counting.on && calls.sqs++)));
    const s3 = beforeEachCall(clients.s3, () => (slowed ? wait() : void (counting.on && calls.s3++)));
    const config = requireAwsConfig(
      loadConfig(
        {},
        {
          dataDir: dir,
          logLevel: 'silent',
          apiBaseUrl: 'http://127.0.0.1:9/v2',
          ...stackSettings(stack),
          apiTokenParameter: '/bench/api-token',
          webhookSecretParameter: '/bench/webhook-secret',
          imapHost: dovecot.host,
          imapPort: dovecot.port,
          imapUser: dovecot.user,
          imapTls: false,
          imapMailbox: mailbox,
          imapPasswordParameter: '/bench/imap-password',
        },
      ),
    );
    const functions = createAwsComposition({
      config,
      clients: { sqs, s3 },
      secrets: {
        apiToken: async () => 'unused',
        webhookSecret: async () => 'unused',
        imapPassword: async () => dovecot.password,
      },
      powertools: quietPowertools,
      // As deployed: S3 honours If-None-Match, so a record is one PUT (fauxqs ignores it; one poller
      // under its lease writes each key once all the same).
      trustConditionalWrites: true,
    });
    const handler = createImapPollHandler(functions.imapPoll());
    return async (): Promise<number> => {
      const summary = await handler(SCHEDULED, lambdaContext(FUNCTION_TIME_MS));
      if (summary.more) throw new Error(`${mailbox}: the function left mail for another run`);
      return summary.processed;
    };
  };

  /** The long-running worker's poller on `mailbox`: SQLite ledger and queue, staging in a folder. */
  const embeddedPoll = async (dovecot: Dovecot, mailbox: string): Promise<number> => {
    const state = await createMailState();
    const source = imapSource(dovecot);
    try {
      // The function reads on its calling thread (no worker threads in the bundle): so does this one.
      const poller = createPoller(state, source, { dovecot, mailbox });
      let taken = 0;
      for (;;) {
        const report = await poller.poll();
        taken += report.processed;
        if (!report.more) return taken;
      }
    } finally {
      await source.close();
      await state.close();
    }
  };

  try {
    progress(`aws-imap-poll: composing ${MESSAGES} messages`);
    const messages = await Promise.all(Array.from({ length: MESSAGES }, (_, n) => mailWithPdf(n)));
    const rounds: Array<{ deployed: number; slowed: number; embedded: number }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const boxes = { deployed: `Deployed${round}`, slowed: `Slowed${round}`, embedded: `Embedded${round}` };
      for (const box of Object.values(boxes)) await dovecot.seedMaildir(box, messages);
      const runs = {
        deployed: async () => {
          counting.on = true;
          try {
            return await deployedPoll(boxes.deployed, false)();
          } finally {
            counting.on = false;
          }
        },
        slowed: () => deployedPoll(boxes.slowed, true)(),
        embedded: () => embeddedPoll(dovecot, boxes.embedded),
      };
      // Each variant goes first in turn, so none always meets a warmer (or busier) machine.
      const order = (['deployed', 'slowed', 'embedded'] as const).map(
        (_, n, all) => all[(n + round) % all.length] as keyof typeof runs,
      );
      const rates = { deployed: 0, slowed: 0, embedded: 0 };
      for (const name of order) {
        const run = await timed(runs[name]);
        if (run.result !== MESSAGES) throw new Error(`round ${round}: ${name} took ${run.result}`);
        rates[name] = (MESSAGES * 1000) / run.ms;
      }
      rounds.push(rates);
      progress(
        `aws-imap-poll: round ${round}: deployed ${formatFigure(rates.deployed)}/s, ` +
          `+${AWS_CALL_MS} ms a call ${formatFigure(rates.slowed)}/s, embedded ${formatFigure(rates.embedded)}/s`,
      );
    }
    const embedded = {
      name: 'the embedded poller (SQLite ledger and queue)',
      value: median(rounds.map((r) => r.embedded)),
      unit: 'messages/s',
    };
    printResult({
      name: `imap-poll function on S3 and SQS (fauxqs), ${MESSAGES}-message mailbox`,
      value: median(rounds.map((r) => r.deployed)),
      unit: 'messages/s',
      ratio: median(rounds.map((r) => r.deployed / r.embedded)),
      baseline: embedded,
      note: 'both read on their calling thread',
    });
    printResult({
      name: `imap-poll function with ${AWS_CALL_MS} ms added to each AWS call`,
      value: median(rounds.map((r) => r.slowed)),
      unit: 'messages/s',
      ratio: median(rounds.map((r) => r.slowed / r.embedded)),
      baseline: embedded,
    });
    const taken = MESSAGES * ROUNDS;
    printResult({
      name: 'imap-poll AWS calls per message',
      value: (calls.s3 + calls.sqs) / taken,
      unit: 'calls',
      baseline: { name: 'argued minimum', value: MINIMUM_CALLS, unit: 'calls' },
      note: `S3 ${formatFigure(calls.s3 / taken)}, SQS ${formatFigure(calls.sqs / taken)}`,
    });
  } finally {
    await Promise.all([dovecot.stop(), stack.stop()]);
  }
});
