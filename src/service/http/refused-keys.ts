import type { Clock } from '../../domain/clock.ts';
import { FailureThrottle } from '../../domain/failure-throttle.ts';

/**
 * Unknown keys one client address may present in a minute before it is answered 429: a person or a
 * misconfigured program sends a handful, a key-guessing script thousands. Room for a client's check that
 * every route answers a wrong key with 401 (about 70 operations) within one minute.
 */
export const MAX_REFUSED_KEYS_PER_MINUTE = 100;
export const REFUSED_KEYS_WINDOW_MS = 60_000;

/** The REST API's count of refused keys per client address. */
export const refusedKeysThrottle = (clock: Clock): FailureThrottle =>
  new FailureThrottle(clock, MAX_REFUSED_KEYS_PER_MINUTE, REFUSED_KEYS_WINDOW_MS);
