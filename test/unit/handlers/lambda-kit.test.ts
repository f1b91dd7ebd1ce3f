import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, it, vi } from 'vitest';
import {
  ensureTimeLeft,
  OutOfTimeError,
  stageLoggerOn,
  withCorrelationId,
  withVisibilityHeartbeat,
} from '../../../pipeline/handlers/lambda-kit.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';

/** Lets the promise chains a timer started run to their end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('withVisibilityHeartbeat', () => {
  it('renews the visibility every third of the timeout while the work runs, and stops when it ends', async () => {
    const clock = new ManualClock();
    const renewals: string[] = [];
    const queue = {
      changeVisibility: async (handle: string, seconds: number) => void renewals.push(`${handle} ${seconds}`),
    };
    let finish: () => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = () => resolve('uploaded');
    });
    const running = withVisibilityHeartbeat(
      { queue, receiptHandle: 'h', visibilityTimeoutSeconds: 60, clock, logger: silentLogger },
      () => work,
    );
    clock.advance(19_999);
    await settle();
    expect(renewals).toEqual([]);
    clock.advance(1);
    await settle();
    clock.advance(20_000);
    await settle();
    expect(renewals).toEqual(['h 60', 'h 60']);

    finish();
    expect(await running).toBe('uploaded');
    clock.advance(60_000);
    await settle();
    expect(renewals).toHaveLength(2);
  });

  it('keeps beating after a failed renewal, and stops when the work throws', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const queue = {
      changeVisibility: async () => {
        calls += 1;
        if (calls === 1) throw new Error('SQS unreachable');
      },
    };
    let fail: (error: Error) => void = () => undefined;
    const work = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    const running = withVisibilityHeartbeat(
      { queue, receiptHandle: 'h', visibilityTimeoutSeconds: 30, clock, logger: silentLogger },
      () => work,
    );
    for (let beat = 0; beat < 2; beat += 1) {
      clock.advance(10_000);
      await settle();
    }
    expect(calls).toBe(2);
    fail(new Error('upload failed'));
    await expect(running).rejects.toThrow('upload failed');
    clock.advance(30_000);
    await settle();
    expect(calls).toBe(2);
  });
});

describe('the Powertools logger under the stages', () => {
  it('carries the correlation id on the lines of one record only, and redacts secrets', async () => {
    const powertools = new Logger({ serviceName: 'stevedore' });
    const lines: Array<Record<string, unknown>> = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    try {
      const logger = stageLoggerOn(powertools, 'info');
      await withCorrelationId(powertools, 'corr-1', async () => {
        logger.info({ documentId: 'd-1', secret: 'whsec_x' }, 'inside');
      });
      logger.info('outside');
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual([
      expect.objectContaining({
        message: 'inside',
        correlationId: 'corr-1',
        documentId: 'd-1',
        secret: '[redacted]',
      }),
      expect.not.objectContaining({ correlationId: expect.anything() }),
    ]);
    expect(lines[1]).toMatchObject({ message: 'outside', level: 'INFO', service: 'stevedore' });
  });
});

describe('ensureTimeLeft', () => {
  it('refuses to start a record with less time left than asked, with a retryable error', () => {
    // Only the time left is read; the rest of a Lambda context does not matter here.
    const context = { getRemainingTimeInMillis: () => 999 } as Parameters<typeof ensureTimeLeft>[0];
    expect(() => ensureTimeLeft(context, 1_000)).toThrow(OutOfTimeError);
    expect(() => ensureTimeLeft(context, 999)).not.toThrow();
    expect(() => ensureTimeLeft(undefined, 1_000)).not.toThrow();
  });
});
