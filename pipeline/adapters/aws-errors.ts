import { AppError } from '../../src/domain/errors.ts';

/** Error names AWS uses for "slow down": the same call succeeds later. */
const THROTTLING = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'ProvisionedThroughputExceededException',
  'KMS.ThrottlingException',
]);
/** 409s S3 asks to retry: another write of the same key or bucket was in flight. */
const CONFLICTS_TO_RETRY = new Set(['ConditionalRequestConflict', 'OperationAborted']);
/** Node's codes for a connection that failed or dropped: nothing reached the service, or no answer did. */
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/** What an SDK error tells about itself, read without trusting its shape. */
export interface AwsFailure {
  readonly name: string;
  readonly status: number | undefined;
  readonly retryable: boolean;
}

export function describeAwsError(error: unknown): AwsFailure {
  const name = error instanceof Error ? error.name : 'UnknownError';
  const metadata: unknown = error instanceof Object ? Reflect.get(error, '$metadata') : undefined;
  const rawStatus: unknown = metadata instanceof Object ? Reflect.get(metadata, 'httpStatusCode') : undefined;
  const status = typeof rawStatus === 'number' ? rawStatus : undefined;
  const code: unknown = error instanceof Object ? Reflect.get(error, 'code') : undefined;
  const network =
    (typeof code === 'string' && NETWORK.has(code)) || name === 'TimeoutError' || name === 'RequestTimeout';
  const retryable =
    THROTTLING.has(name) ||
    CONFLICTS_TO_RETRY.has(name) ||
    status === 429 ||
    (status !== undefined && status >= 500) ||
    network;
  return { name, status, retryable };
}

/** A failed SQS call; `queueUrl` names the queue, `details.messageIds` the messages when known. */
export class SqsError extends AppError {
  readonly queueUrl: string;
  constructor(action: string, queueUrl: string, cause: unknown, details: Record<string, unknown> = {}) {
    const failure = describeAwsError(cause);
    super('sqs_failed', `SQS ${action} on ${queueUrl} failed: ${failure.name}${statusText(failure)}`, {
      retryable: failure.retryable,
      cause,
      details: { queueUrl, action, awsError: failure.name, status: failure.status, ...details },
    });
    this.queueUrl = queueUrl;
  }
}

/** A failed S3 call, naming the bucket and key. */
export class S3Error extends AppError {
  readonly bucket: string;
  readonly key: string;
  constructor(action: string, where: { bucket: string; key: string }, cause: unknown) {
    const failure = describeAwsError(cause);
    const checksum = codeOf(failure) === 's3_checksum_mismatch';
    super(
      codeOf(failure),
      `S3 ${action} of s3://${where.bucket}/${where.key} failed: ${messageOf(failure)}${statusText(failure)}`,
      {
        // The SDK computed the checksum from the bytes it sent, so a mismatch is damage in transit.
        retryable: failure.retryable || checksum,
        cause,
        details: { ...where, action, awsError: failure.name, status: failure.status },
      },
    );
    this.bucket = where.bucket;
    this.key = where.key;
  }
}

/** Runs one S3 call and turns its failure into an `S3Error` naming the action, bucket and key. */
export async function s3Call<T>(
  action: string,
  where: { bucket: string; key: string },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new S3Error(action, where, error);
  }
}

/** Bytes that arrived other than sent (BadDigest): a retry resends them and may well succeed. */
const codeOf = (failure: AwsFailure): string =>
  failure.name === 'BadDigest' || failure.name === 'InvalidDigest' ? 's3_checksum_mismatch' : 's3_failed';

const messageOf = (failure: AwsFailure): string =>
  codeOf(failure) === 's3_checksum_mismatch'
    ? `${failure.name}: the bytes S3 received do not match their checksum (changed in transit)`
    : failure.name;

const statusText = (failure: AwsFailure): string =>
  failure.status === undefined ? '' : ` (HTTP ${failure.status})`;

/** True for S3's "no such key" answers: `NoSuchKey` on GET, a bare 404 `NotFound` on HEAD. */
export const isS3NotFound = (error: unknown): boolean => {
  const failure = describeAwsError(error);
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.status === 404;
};

/** 412: a conditional write found the key already there. */
export const isPreconditionFailed = (error: unknown): boolean => {
  const failure = describeAwsError(error);
  return failure.name === 'PreconditionFailed' || failure.status === 412;
};

/** 409: another conditional write of the key was in flight; S3 asks to retry. */
export const isConditionalConflict = (error: unknown): boolean => {
  const failure = describeAwsError(error);
  return failure.name === 'ConditionalRequestConflict' || failure.status === 409;
};
