/**
 * How long a message that failed stays hidden before its next delivery, from its receive count (1 on the
 * first delivery) and the error. `undefined` leaves the message's visibility as it is, so it reappears
 * when its current timeout runs out.
 */
export type RedeliveryBackoff = (receiveCount: number, error: unknown) => number | undefined;

export interface ExponentialBackoffOptions {
  readonly baseSeconds?: number;
  /** Caps the delay; with the queue's maxReceiveCount it bounds how long a poison message takes to the DLQ. */
  readonly maxSeconds?: number;
  readonly random?: () => number;
}

/**
 * Doubles the delay with each delivery, with "equal jitter" (half fixed, half random) so that messages that
 * failed together, during an outage, do not all come back at the same instant. A `retryAfterMs` on the error
 * (the service's `Retry-After`) is honoured up to the cap.
 */
export function exponentialBackoff(options: ExponentialBackoffOptions = {}): RedeliveryBackoff {
  const { baseSeconds = 2, maxSeconds = 300, random = Math.random } = options;
  return (receiveCount, error) => {
    const ceiling = Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, receiveCount - 1));
    const jittered = ceiling / 2 + (random() * ceiling) / 2;
    const retryAfter = retryAfterSeconds(error);
    return Math.min(maxSeconds, Math.max(jittered, retryAfter ?? 0));
  };
}

const retryAfterSeconds = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null || !('retryAfterMs' in error)) return undefined;
  const { retryAfterMs } = error;
  return typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? retryAfterMs / 1000 : undefined;
};
