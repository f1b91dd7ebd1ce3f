/** Each later re-extraction waits this many times longer than the one before. */
export const REEXTRACT_DELAY_FACTOR = 4;
/** The longest delay a queue message can carry (SQS DelaySeconds and the SQLite queue alike). */
export const REEXTRACT_MAX_DELAY_SECONDS = 15 * 60;

export type ReextractBackoff = (attempt: number) => number;

/**
 * Seconds to wait before re-extraction number `attempt` (1-based): with the default base of 30 s
 * (`STEVEDORE_REEXTRACT_BACKOFF_SECONDS`), 30 s, 2 min, 8 min, then 15 min. No jitter: the client's
 * rate limiter already spreads a burst of re-extractions out.
 */
export const reextractBackoff =
  (baseSeconds: number): ReextractBackoff =>
  (attempt) => {
    const exponent = Math.max(0, Math.floor(attempt) - 1);
    return Math.min(REEXTRACT_MAX_DELAY_SECONDS, baseSeconds * REEXTRACT_DELAY_FACTOR ** exponent);
  };

/** The default schedule, from a first delay long enough for a transient upstream fault to clear. */
export const reextractBackoffSeconds: ReextractBackoff = reextractBackoff(30);
