import type { Clock } from '../domain/clock.ts';
import { systemClock } from '../domain/clock.ts';
import { ValidationError } from '../domain/errors.ts';

// The limits mirror SQS, so code that runs against the embedded queue also runs against the deployed one
// (both pass the same contract suite).

/** Queue messages carry claim checks (blob keys), never files; 256 KiB is SQS's long-standing default. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** SQS's maximum delay. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** SQS's maximum visibility timeout. */
export const MAX_VISIBILITY_TIMEOUT_SECONDS = 12 * 60 * 60;
/** SQS returns at most 10 messages per receive. */
export const MAX_RECEIVE_MESSAGES = 10;
/** SQS's longest long poll. */
export const MAX_WAIT_SECONDS = 20;
/** SQS's range for a redrive policy's maxReceiveCount. */
export const MAX_RECEIVE_COUNT_LIMIT = 1_000;
/** A batch is one transaction holding the write lock that the other process waits for; keep it short. */
export const MAX_SEND_BATCH = 1_000;
/** SQS queue names: letters, digits, hyphens and underscores, at most 80 characters. */
const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;

export interface SqliteQueueOptions {
  readonly name: string;
  /** How long a received message stays hidden unless deleted or extended. */
  readonly visibilityTimeoutSeconds?: number;
  /**
   * Deliveries before a message moves to `deadLetter` (SQS redrive policy). Without `deadLetter` it has no
   * effect and a failing message is delivered forever, as on an SQS queue without a redrive policy.
   */
  readonly maxReceiveCount?: number;
  /** Name of the dead-letter queue, another `SqliteQueue` in the same database. */
  readonly deadLetter?: string;
  readonly clock?: Clock;
  /** How often a long poll checks the table again. */
  readonly pollIntervalMs?: number;
}

export interface ResolvedQueueOptions {
  readonly name: string;
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
  readonly deadLetter: string | undefined;
  readonly clock: Clock;
  readonly pollIntervalMs: number;
}

export function resolveQueueOptions(options: SqliteQueueOptions): ResolvedQueueOptions {
  const {
    name,
    visibilityTimeoutSeconds = 30,
    maxReceiveCount = 5,
    deadLetter,
    clock = systemClock,
    pollIntervalMs = 50,
  } = options;
  checkQueueName('name', name);
  if (deadLetter !== undefined) {
    checkQueueName('deadLetter', deadLetter);
    if (deadLetter === name) throw new ValidationError(`queue ${name} cannot be its own dead-letter queue`);
  }
  checkSeconds('visibilityTimeoutSeconds', visibilityTimeoutSeconds, MAX_VISIBILITY_TIMEOUT_SECONDS);
  checkInteger('maxReceiveCount', maxReceiveCount, 1, MAX_RECEIVE_COUNT_LIMIT);
  checkInteger('pollIntervalMs', pollIntervalMs, 1, 60_000);
  return { name, visibilityTimeoutSeconds, maxReceiveCount, deadLetter, clock, pollIntervalMs };
}

function checkQueueName(option: string, value: string): void {
  if (!QUEUE_NAME.test(value)) {
    throw new ValidationError(
      `${option} must be 1 to 80 letters, digits, hyphens or underscores, got ${JSON.stringify(value)}`,
      { option },
    );
  }
}

/** Seconds may be fractional: only SQS itself needs whole seconds, and tests like short timeouts. */
export function checkSeconds(option: string, value: number, max: number): void {
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new ValidationError(`${option} must be between 0 and ${max} seconds, got ${value}`, {
      option,
      value,
    });
  }
}

export function checkInteger(option: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(`${option} must be an integer from ${min} to ${max}, got ${value}`, {
      option,
      value,
    });
  }
}
