import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/observability/logger.ts';
import type { JobOutcome } from '../../../src/service/documents/process-extraction-job.ts';
import { extractionMessageHandler, extractionRetry } from '../../../src/service/documents/processing-loop.ts';

const NOW = Date.UTC(2026, 0, 1);
const job = JSON.stringify({ documentId: 'doc-1', attempt: 1 });
const message = (body: string, receiveCount = 1) => ({ id: 'm1', body, receiveCount, receiptHandle: 'h1' });
const context = (signal = new AbortController().signal) => ({ signal, logger: silentLogger });
const handlerFor = (outcome: JobOutcome) => extractionMessageHandler(async () => outcome);

describe('extraction jobs on the consumer', () => {
  it('resolves for a job that is done, so the consumer deletes it', async () => {
    await expect(handlerFor('done')(message(job), context())).resolves.toBeUndefined();
  });

  it('throws a retryable error for a crashed extraction, which comes back on the extraction schedule', async () => {
    const error = await handlerFor('retry')(message(job, 2), context()).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'extraction_crashed', retryable: true });
    expect([1, 2, 3, 5].map((attempt) => extractionRetry(attempt, error, NOW))).toEqual(
      [5, 10, 20, 60].map((delaySeconds) => ({ kind: 'retry', delaySeconds })),
    );
  });

  it('never reports an abandoned job as done: it throws the reason the signal was aborted with', async () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    controller.abort(reason);
    await expect(handlerFor('abandoned')(message(job), context(controller.signal))).rejects.toBe(reason);
  });

  it('stops on a malformed job, so it goes to the dead-letter queue with its reason', async () => {
    let called = false;
    const handler = extractionMessageHandler(async () => {
      called = true;
      return 'done';
    });
    for (const body of ['{', JSON.stringify({ documentId: 7 })]) {
      const error = await handler(message(body), context()).catch((thrown: unknown) => thrown);
      expect(extractionRetry(1, error, NOW)).toEqual({
        kind: 'stop',
        reason: 'malformed_extraction_job: the extraction job is not a valid job',
      });
    }
    expect(called).toBe(false);
  });
});
