import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
import { BUSY_WEBHOOK_DEFER_SECONDS, WebhookBusyError } from '../../../src/service/webhooks/delivery-job.ts';
import { deliveryRetry } from '../../../src/service/webhooks/delivery-worker.ts';

const NOW = Date.UTC(2026, 0, 1);
const BUDGET_SECONDS = 80;

describe('deliveryRetry', () => {
  it('brings a job for a busy webhook back after the short defer, however often it was deferred', () => {
    const rule = deliveryRetry(BUDGET_SECONDS);
    for (const attempt of [1, 5, 50]) {
      expect(rule(attempt, new WebhookBusyError(), NOW)).toEqual({
        kind: 'retry',
        delaySeconds: BUSY_WEBHOOK_DEFER_SECONDS,
      });
    }
  });

  it('brings any other failed job back after a whole attempt budget, as its visibility timeout would', () => {
    const rule = deliveryRetry(BUDGET_SECONDS);
    expect(rule(1, new Error('database is locked'), NOW)).toEqual({
      kind: 'retry',
      delaySeconds: BUDGET_SECONDS,
    });
    expect(rule(1, new AppError('bug', 'not retryable'), NOW)).toMatchObject({ kind: 'stop' });
  });
});
