import type { Clock } from '../../domain/clock.ts';

/** Failed sign-ins an address may make in one window; a person mistypes a key a few times, a script thousands. */
export const MAX_FAILED_SIGN_INS = 10;
/** The window the failures are counted in. */
export const SIGN_IN_WINDOW_MS = 10 * 60_000;
/** Addresses remembered at once; past this the oldest is forgotten, so a spread-out attack cannot fill memory. */
const MAX_ADDRESSES = 10_000;

/**
 * Counts failed sign-ins per client address over a rolling window. Only failures count, so signing in
 * again and again with the right key is never refused; once an address has MAX_FAILED_SIGN_INS failures
 * in the window, it is refused without its key being looked at until the oldest failure ages out.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number = MAX_FAILED_SIGN_INS,
    private readonly windowMs: number = SIGN_IN_WINDOW_MS,
  ) {}

  /** Seconds the address must wait before its next attempt, or undefined when it may try now. */
  retryAfterSeconds(address: string): number | undefined {
    const now = this.clock.now();
    const times = this.recent(address, now);
    if (times.length < this.limit) return undefined;
    const oldest = times[times.length - this.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1_000));
  }

  failed(address: string): void {
    const times = this.recent(address, this.clock.now());
    times.push(this.clock.now());
    // Only the last `limit` failures decide anything; older ones need not be kept.
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    this.failures.delete(address);
    this.failures.set(address, times);
    if (this.failures.size > MAX_ADDRESSES) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  succeeded(address: string): void {
    this.failures.delete(address);
  }

  private recent(address: string, now: number): number[] {
    const times = (this.failures.get(address) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length === 0) this.failures.delete(address);
    return times;
  }
}
