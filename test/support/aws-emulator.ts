import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';

/** The emulator accepts any credentials; fixed ones keep the SDK from looking for real ones. */
const TEST_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };
const REGION = 'us-east-1';
/** fauxqs binds 0.0.0.0, but tests only ever talk to loopback. */
const LOOPBACK = '127.0.0.1';

export interface QueueOptions {
  readonly deadLetter?: { readonly maxReceiveCount: number };
  /** The queue's default; SQS's own is 30 s. */
  readonly visibilityTimeoutSeconds?: number;
}

export interface AwsEmulator {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  readonly sqs: SQSClient;
  readonly s3: S3Client;
  /** A client of its own bound to the emulator, for a test that adds middleware (to count calls, say). */
  newS3Client(): S3Client;
  /** Creates a standard queue (and `<name>-dlq` with a redrive policy when asked); returns its URL. */
  createQueue(name: string, options?: QueueOptions): Promise<string>;
  createBucket(name: string): Promise<void>;
  /**
   * Creates `<stem>-<n>`, a bucket no earlier call made, and returns its name: fauxqs keeps state for the
   * whole file, so a test that wants to see only its own objects takes a fresh one.
   */
  createFreshBucket(stem: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts fauxqs in this process on a free port, with SQS and S3 clients bound to it. One per test file. */
export async function startAwsEmulator(): Promise<AwsEmulator> {
  // `host` only names the host in queue URLs; the SDK sends queue calls to the queue URL's host.
  const server = await startFauxqs({ port: 0, logger: false, host: LOOPBACK });
  const endpoint = `http://${LOOPBACK}:${server.port}`;
  const common = { endpoint, region: REGION, credentials: TEST_CREDENTIALS };
  const sqs = new SQSClient(common);
  const s3 = new S3Client({ ...common, forcePathStyle: true });

  const createQueue = async (name: string, options: QueueOptions = {}): Promise<string> => {
    const attributes: Record<string, string> = {};
    if (options.visibilityTimeoutSeconds !== undefined) {
      attributes.VisibilityTimeout = String(options.visibilityTimeoutSeconds);
    }
    if (options.deadLetter !== undefined) {
      const dlqUrl = await createQueue(`${name}-dlq`);
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
      );
      const deadLetterTargetArn = Attributes?.QueueArn;
      if (deadLetterTargetArn === undefined) throw new Error(`the emulator gave ${dlqUrl} no ARN`);
      attributes.RedrivePolicy = JSON.stringify({
        deadLetterTargetArn,
        maxReceiveCount: options.deadLetter.maxReceiveCount,
      });
    }
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    if (QueueUrl === undefined) throw new Error(`the emulator created ${name} without a URL`);
    return QueueUrl;
  };

  const createBucket = async (name: string): Promise<void> => {
    await s3.send(new CreateBucketCommand({ Bucket: name }));
  };
  let buckets = 0;

  return {
    endpoint,
    sqs,
    s3,
    newS3Client: () => new S3Client({ ...common, forcePathStyle: true }),
    createQueue,
    createBucket,
    createFreshBucket: async (stem) => {
      buckets += 1;
      const name = `${stem}-${buckets}`;
      await createBucket(name);
      return name;
    },
    stop: async () => {
      sqs.destroy();
      s3.destroy();
      await server.stop();
    },
  };
}
