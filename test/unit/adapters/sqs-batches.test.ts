import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeAwsError } from '../../../pipeline/adapters/aws-errors.ts';
import { planBatches, refusalOf, SQS_MAX_MESSAGE_BYTES } from '../../../pipeline/adapters/sqs-batches.ts';
import type { SqsQueue } from '../../../pipeline/adapters/sqs-queue.ts';
import type { AdmissionQueue } from '../../../pipeline/admission/admission.ts';
import type { Queue } from '../../../pipeline/ports.ts';
import type { ConsumerQueue } from '../../../src/runtime/consumer-queue.ts';

describe('planBatches', () => {
  it('cuts at 10 entries', () => {
    const bodies = Array.from({ length: 23 }, (_, n) => `m${n}`);
    expect(planBatches(bodies, SQS_MAX_MESSAGE_BYTES).map((batch) => batch.length)).toEqual([10, 10, 3]);
  });

  it('cuts before the total would pass the byte limit, counting UTF-8 bytes, keeping order', () => {
    const bodies = ['ü'.repeat(30), 'a'.repeat(40), 'b'.repeat(50), 'c'];
    // 'ü' is 2 bytes: 60 + 40 = 100 fits, + 50 does not.
    expect(planBatches(bodies, 100)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(planBatches([], 100)).toEqual([]);
  });
});

describe('refusalOf', () => {
  it('accepts exactly the limit and refuses one byte more, with the reason', () => {
    expect(refusalOf('x'.repeat(SQS_MAX_MESSAGE_BYTES), SQS_MAX_MESSAGE_BYTES)).toBeUndefined();
    expect(refusalOf('x'.repeat(SQS_MAX_MESSAGE_BYTES + 1), SQS_MAX_MESSAGE_BYTES)).toMatch(
      /262145 bytes, over the 262144-byte limit.*claim check/,
    );
  });

  it('refuses characters SQS cannot carry and accepts tabs, newlines and astral ones', () => {
    expect(refusalOf('bell \u0007', 100)).toMatch(/character/);
    expect(refusalOf('\t\n\r ✓ 😀', 100)).toBeUndefined();
  });
});

describe('describeAwsError', () => {
  const sdkError = (name: string, status: number) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });

  it.each([
    ['SlowDown', 503, true],
    ['ThrottlingException', 400, true],
    ['InternalError', 500, true],
    ['ConditionalRequestConflict', 409, true],
    ['AccessDenied', 403, false],
    ['NoSuchBucket', 404, false],
    ['QueueDoesNotExist', 400, false],
  ])('%s (HTTP %d) is retryable: %s', (name, status, retryable) => {
    expect(describeAwsError(sdkError(name, status))).toEqual({ name, status, retryable });
  });

  it('treats a dropped connection as retryable', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(describeAwsError(reset).retryable).toBe(true);
    expect(describeAwsError('not even an error').retryable).toBe(false);
  });
});

describe('SqsQueue', () => {
  it('fits the port, the consumer runtime and the admission', () => {
    expectTypeOf<SqsQueue>().toExtend<Queue>();
    expectTypeOf<SqsQueue>().toExtend<ConsumerQueue>();
    expectTypeOf<SqsQueue>().toExtend<AdmissionQueue>();
  });
});
