import type { Clock } from '../../domain/clock.ts';
import { FailureThrottle } from '../../domain/failure-throttle.ts';

/** Failed sign-ins an address may make in one window; a person mistypes a key a few times, a script thousands. */
export const MAX_FAILED_SIGN_INS = 10;
/** The window the failures are counted in. */
export const SIGN_IN_WINDOW_MS = 10 * 60_000;

/** The web app's sign-in throttle: failed sign-ins per client address. */
export const signInThrottle = (clock: Clock): FailureThrottle =>
  new FailureThrottle(clock, MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS);
