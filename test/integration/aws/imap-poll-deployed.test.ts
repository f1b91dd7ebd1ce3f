import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { ScheduledEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, stackSettings, startLocalStack } from '../../../pipeline/aws-local/local-stack.ts';
import { createAwsComposition, LEDGER_PREFIX } from '../../../pipeline/handlers/aws-composition.ts';
import { requireAwsConfig } from '../../../pipeline/handlers/aws-config.ts';
import { createImapPollHandler } from '../../../pipeline/handlers/imap-poll.handler.ts';
import { parseMessage } from '../../../pipeline/messages.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { composeMail, mailWithPdf } from '../../support/mail-messages.ts';
import { lambdaContext } from '../handlers/handler-harness.ts';
import { appendAll, contents } from '../imap/mail-rig.ts';
import { listKeys, quietPowertools, tempDataDir } from './aws-local-harness.ts';

const available = requireDovecot('imap-poll on the AWS stack');
const SCHEDULED = {} as ScheduledEvent; // the function reads nothing of its event

/**
 * The imap-poll function as deployed: its composition's S3 ledger (lease, checkpoint, records), S3
 * staging and SQS intake queue on the local AWS stack (fauxqs), the mail from a real Dovecot.
 */
describe.runIf(available)('the deployed imap-poll function on the local AWS stack', () => {
  let dovecot: Dovecot;
  let stack: LocalStack;
  const data = tempDataDir();
  beforeAll(async () => {
    [dovecot, stack] = await Promise.all([startDovecot(), startLocalStack({ port: 0 })]);
  });
  afterAll(async () => {
    await Promise.all([dovecot?.stop(), stack?.stop()]);
    data.remove();
  });

  const handler = () => {
    const config = requireAwsConfig(
      loadConfig(
        {},
        {
          dataDir: data.dir,
          logLevel: 'silent',
          apiBaseUrl: 'http://127.0.0.1:9/v2',
          ...stackSettings(stack),
          apiTokenParameter: '/test/api-token',
          webhookSecretParameter: '/test/webhook-secret',
          imapHost: dovecot.host,
          imapPort: dovecot.port,
          imapUser: dovecot.user,
          imapTls: false,
          imapPasswordParameter: '/test/imap-password',
        },
      ),
    );
    const functions = createAwsComposition({
      config,
      clients: { sqs: stack.sqs, s3: stack.s3 },
      secrets: {
        apiToken: async () => 'unused',
        webhookSecret: async () => 'unused',
        imapPassword: async () => dovecot.password,
      },
      powertools: quietPowertools,
    });
    return createImapPollHandler(functions.imapPoll());
  };

  const receiveAll = async (): Promise<string[]> => {
    const bodies: string[] = [];
    for (;;) {
      const { Messages = [] } = await stack.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: stack.queues.intake.url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
          VisibilityTimeout: 300,
        }),
      );
      if (Messages.length === 0) return bodies;
      bodies.push(...Messages.map((message) => message.Body ?? ''));
    }
  };

  it('stages, enqueues, records and moves each message once; the next run takes nothing', async () => {
    const withPdfs = await Promise.all(Array.from({ length: 12 }, (_, n) => mailWithPdf(n)));
    const bare = await composeMail({ subject: 'Just a note', messageId: '<note@example.com>' });
    await appendAll(dovecot, 'INBOX', [...withPdfs, bare]);

    const first = await handler()(SCHEDULED, lambdaContext(120_000));
    expect(first).toMatchObject({ processed: 12, failed: 1, more: false });

    const intake = (await receiveAll()).map(parseMessage);
    expect(intake).toHaveLength(12);
    const staged = await listKeys(stack.s3, stack.bucket, 'staged/');
    for (const message of intake) {
      if (message.kind !== 'intake') throw new Error(`an intake message was expected, got ${message.kind}`);
      expect(staged).toContain(message.blobKey);
      expect(message.origin.email?.subject).toMatch(/^Arrival notice \d+$/);
    }
    expect((await contents(dovecot, 'Processed')).size).toBe(12);
    expect([...(await contents(dovecot, 'Failed')).keys()]).toEqual(['<note@example.com>']);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
    // The lease, the checkpoint and a record per message live in the bucket.
    expect((await listKeys(stack.s3, stack.bucket, `${LEDGER_PREFIX}/`)).length).toBeGreaterThanOrEqual(13);

    // New mail after the checkpoint is taken by the next run; nothing taken before is sent again.
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(99)]);
    const second = await handler()(SCHEDULED, lambdaContext(120_000));
    expect(second).toMatchObject({ processed: 1, failed: 0, resettled: 0, more: false });
    const again = (await receiveAll()).map(parseMessage);
    expect(again.map((message) => message.kind === 'intake' && message.origin.email?.subject)).toEqual([
      'Arrival notice 99',
    ]);
    const third = await handler()(SCHEDULED, lambdaContext(120_000));
    expect(third).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
    expect(await receiveAll()).toEqual([]);
  });
});
