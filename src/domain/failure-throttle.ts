import { setNewest } from './bounded-map.ts';
import type { Clock } from './clock.ts';

/** Distinct clients remembered at once; past this the oldest is forgotten, so a spread-out attack cannot fill memory. */
const MAX_CLIENTS = 10_000;

/**
 * Counts failures (wrong keys) per client over a rolling window. Only failures count, so a client that
 * gets it right is never refused; once a client has `limit` failures in the window it is refused without
 * its next attempt being looked at, until the oldest failure ages out.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds the client must wait before its next attempt, or undefined when it may try now. */
  retryAfterSeconds(client: string): number | undefined {
    const now = this.clock.now();
    const times = this.recent(client, now);
    if (times.length < this.limit) return undefined;
    const oldest = times[times.length - this.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1_000));
  }

  failed(client: string): void {
    const now = this.clock.now();
    const times = this.recent(client, now);
    times.push(now);
    // Only the last `limit` failures decide anything; older ones need not be kept.
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    // The newest failure last, so the client forgotten past the bound is the stalest.
    setNewest(this.failures, client, times, MAX_CLIENTS);
  }

  succeeded(client: string): void {
    this.failures.delete(client);
  }

  private recent(client: string, now: number): number[] {
    const times = (this.failures.get(client) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length === 0) this.failures.delete(client);
    return times;
  }
}
