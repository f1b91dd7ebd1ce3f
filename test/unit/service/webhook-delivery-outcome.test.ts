import { describe, expect, it } from 'vitest';
import {
  type AttemptReport,
  MAX_RETRY_AFTER_MS,
  nextStep,
  parseRetryAfter,
} from '../../../src/service/webhooks/delivery-outcome.ts';

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const middle = () => 0.5;
const status = (statusCode: number, retryAfter?: string): AttemptReport => ({
  statusCode,
  transportError: null,
  retryAfter,
});

describe('nextStep', () => {
  it.each([200, 201, 202, 204])('accepts %i', (code) => {
    expect(nextStep(status(code), 1, middle, NOW)).toEqual({ kind: 'succeeded' });
  });

  it.each([203, 206, 301, 302, 307, 400, 404, 500])('retries %i on the schedule', (code) => {
    expect(nextStep(status(code), 1, middle, NOW)).toMatchObject({ kind: 'retry', delayMs: 5_000 });
  });

  it('says why a redirect failed', () => {
    const step = nextStep(status(302), 1, middle, NOW);
    expect(step.kind === 'retry' && step.error).toMatch(/redirect \(HTTP 302\) not followed/);
  });

  it('treats 410 as gone for good', () => {
    expect(nextStep(status(410), 1, middle, NOW)).toMatchObject({ kind: 'gone', error: 'HTTP 410' });
  });

  it('retries a transport error with its reason', () => {
    const report = { statusCode: null, transportError: 'timed out after 15000 ms', retryAfter: undefined };
    expect(nextStep(report, 2, middle, NOW)).toEqual({
      kind: 'retry',
      delayMs: 5 * 60_000,
      error: 'timed out after 15000 ms',
    });
  });

  it('gives up after the 13th attempt', () => {
    expect(nextStep(status(500), 13, middle, NOW)).toEqual({ kind: 'give_up', error: 'HTTP 500' });
  });

  it.each([429, 502, 503, 504])('honours a later Retry-After on %i', (code) => {
    expect(nextStep(status(code, '120'), 1, middle, NOW)).toMatchObject({ kind: 'retry', delayMs: 120_000 });
  });

  it('keeps the schedule when Retry-After asks for less, or on other statuses', () => {
    expect(nextStep(status(429, '1'), 1, middle, NOW)).toMatchObject({ delayMs: 5_000 });
    expect(nextStep(status(500, '120'), 1, middle, NOW)).toMatchObject({ delayMs: 5_000 });
  });

  it('caps Retry-After', () => {
    expect(nextStep(status(503, String(30 * 24 * 3600)), 1, middle, NOW)).toMatchObject({
      delayMs: MAX_RETRY_AFTER_MS,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('60', NOW)).toBe(60_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
  });
});
