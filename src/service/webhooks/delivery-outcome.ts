import { retryDelay } from './retry-schedule.ts';

/** The upstream counts only these as delivered. */
export const ACCEPTED_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204]);

/** Statuses that mean "slow down"; their `Retry-After`, when later than our schedule, wins. */
export const THROTTLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** A receiver cannot push a retry further out than our longest step, nor past the retry budget. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** 410 Gone: the receiver says the endpoint will never come back; we deactivate the webhook. */
const GONE = 410;

/** What one attempt produced, as the sender saw it. */
export interface AttemptReport {
  /** null when no response arrived (refused, timed out, connection error). */
  readonly statusCode: number | null;
  /** Why no response arrived; null when one did. */
  readonly transportError: string | null;
  readonly retryAfter: string | undefined;
}

export type NextStep =
  | { readonly kind: 'succeeded' }
  | { readonly kind: 'retry'; readonly delayMs: number; readonly error: string }
  | { readonly kind: 'give_up'; readonly error: string }
  | { readonly kind: 'gone'; readonly error: string };

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month; Date.parse would also read "-5" as a year.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The error text stored with a failed attempt. */
export function attemptError(report: AttemptReport): string | null {
  if (report.statusCode === null) return report.transportError ?? 'no response';
  if (ACCEPTED_STATUSES.has(report.statusCode)) return null;
  if (report.statusCode >= 300 && report.statusCode < 400) {
    return `redirect (HTTP ${report.statusCode}) not followed: webhook URLs must answer directly`;
  }
  return `HTTP ${report.statusCode}`;
}

/** Decides what follows attempt number `attempt` (1 for the first). Pure. */
export function nextStep(
  report: AttemptReport,
  attempt: number,
  random: () => number,
  now: number,
): NextStep {
  const error = attemptError(report);
  if (error === null) return { kind: 'succeeded' };
  if (report.statusCode === GONE) return { kind: 'gone', error };
  const scheduled = retryDelay(attempt, random);
  if (scheduled === 'give_up') return { kind: 'give_up', error };
  const asked =
    report.statusCode !== null && THROTTLE_STATUSES.has(report.statusCode)
      ? parseRetryAfter(report.retryAfter, now)
      : undefined;
  const delayMs = asked === undefined ? scheduled : Math.max(scheduled, Math.min(asked, MAX_RETRY_AFTER_MS));
  return { kind: 'retry', delayMs, error };
}
