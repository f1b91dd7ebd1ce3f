import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';

/** The bucket of the local AWS run: the drop prefixes, the staged bytes, the ledger and the outcomes. */
export const LOCAL_BUCKET = 'stevedore-local';
/** The emulator takes any credentials; fixed ones keep the SDK from looking for real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };
export const LOCAL_REGION = 'us-east-1';
/** fauxqs binds 0.0.0.0 whatever it is told; everything here talks to it on loopback only. */
export const LOOPBACK = '127.0.0.1';
/** As the deployed queues' redrive policy: five deliveries, then the DLQ. */
export const DEFAULT_MAX_RECEIVE_COUNT = 5;
/** The deployed queues' visibility timeout is 6× a function timeout; locally a stuck record returns sooner. */
export const DEFAULT_VISIBILITY_TIMEOUT_SECONDS = 30;

export const QUEUE_NAMES = ['drop', 'intake', 'events', 'failures'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface LocalQueue {
  readonly url: string;
  readonly arn: string;
  readonly dlqUrl: string;
}

export interface LocalStack {
  /** `http://127.0.0.1:<port>`: what `AWS_ENDPOINT_URL` should be for any other client. */
  readonly endpoint: string;
  readonly port: number;
  readonly sqs: SQSClient;
  readonly s3: S3Client;
  readonly bucket: string;
  readonly queues: Readonly<Record<QueueName, LocalQueue>>;
  stop(): Promise<void>;
}

/** The settings that name the stack's bucket and queues, as `loadConfig` overrides. */
export const stackSettings = (stack: Pick<LocalStack, 'bucket' | 'queues'>) => ({
  bucket: stack.bucket,
  dropQueueUrl: stack.queues.drop.url,
  intakeQueueUrl: stack.queues.intake.url,
  eventsQueueUrl: stack.queues.events.url,
  failuresQueueUrl: stack.queues.failures.url,
});

export interface LocalStackOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly maxReceiveCount?: number;
  readonly visibilityTimeoutSeconds?: number;
}

/** SDK clients bound to the emulator: path-style S3, since `<bucket>.127.0.0.1` names no host. */
export const localClients = (endpoint: string) => {
  const common = { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  return { sqs: new SQSClient(common), s3: new S3Client({ ...common, forcePathStyle: true }) };
};

/**
 * Starts fauxqs in this process and creates what `serverless.yml` deploys: the bucket, and each queue
 * with its `-dlq` and a redrive policy (fauxqs moves a message to the DLQ after `maxReceiveCount` itself).
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const server = await startFauxqs({ port: options.port, logger: false });
  const endpoint = `http://${LOOPBACK}:${server.port}`;
  const { sqs, s3 } = localClients(endpoint);
  try {
    const arnOf = async (url: string): Promise<string> => {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
      );
      if (Attributes?.QueueArn === undefined) throw new Error(`the emulator gave ${url} no ARN`);
      return Attributes.QueueArn;
    };
    const create = async (name: string, attributes: Record<string, string>): Promise<string> => {
      const { QueueUrl } = await sqs.send(
        new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
      );
      if (QueueUrl === undefined) throw new Error(`the emulator created ${name} without a URL`);
      // fauxqs names the host `sqs.<region>.localhost`, which no resolver knows, and an SDK client whose
      // endpoint comes from AWS_ENDPOINT_URL sends to the queue URL's host: the URL names the endpoint.
      return `${endpoint}${new URL(QueueUrl).pathname}`;
    };
    const queue = async (name: QueueName): Promise<LocalQueue> => {
      const dlqUrl = await create(`stevedore-${name}-dlq`, {});
      const url = await create(`stevedore-${name}`, {
        VisibilityTimeout: String(options.visibilityTimeoutSeconds ?? DEFAULT_VISIBILITY_TIMEOUT_SECONDS),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: await arnOf(dlqUrl),
          maxReceiveCount: options.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT,
        }),
      });
      return { url, arn: await arnOf(url), dlqUrl };
    };
    await s3.send(new CreateBucketCommand({ Bucket: LOCAL_BUCKET }));
    const queues = {
      drop: await queue('drop'),
      intake: await queue('intake'),
      events: await queue('events'),
      failures: await queue('failures'),
    };
    return {
      endpoint,
      port: server.port,
      sqs,
      s3,
      bucket: LOCAL_BUCKET,
      queues,
      stop: async () => {
        sqs.destroy();
        s3.destroy();
        await server.stop();
      },
    };
  } catch (error) {
    sqs.destroy();
    s3.destroy();
    await server.stop();
    throw error;
  }
}
