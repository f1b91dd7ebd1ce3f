import { setNewest } from '../../domain/bounded-map.ts';
import type { Clock } from '../../domain/clock.ts';
import { FailureThrottle } from '../../domain/failure-throttle.ts';

/**
 * Unknown keys one client address may present in a minute before it is answered 429: a person or a
 * misconfigured program sends a handful, a key-guessing script thousands. Room for a client's check that
 * every route answers a wrong key with 401 (about 70 operations) within one minute.
 */
export const MAX_REFUSED_KEYS_PER_MINUTE = 100;
export const REFUSED_KEYS_WINDOW_MS = 60_000;

/**
 * 429s an address is answered at once while refused: a client that reads them stops long before this. A
 * guesser that ignores them (every key is still looked up, so that a real key from the same address is
 * served) is answered past this one refusal at a time, each later than the previous by a penalty that
 * doubles from REFUSAL_PENALTY_BASE_MS up to REFUSAL_PENALTY_MAX_MS: however many connections it opens, its
 * guesses are answered at that pace.
 */
export const FREE_REFUSALS = 100;
export const REFUSAL_PENALTY_BASE_MS = 100;
export const REFUSAL_PENALTY_MAX_MS = 10_000;
/** A held refusal is answered at most this long after it came (the pace then holds each guess this long). */
export const MAX_REFUSAL_HOLD_MS = 30_000;
/**
 * Refusals held at once, all addresses together: each holds a socket and a request. Past this a refusal is
 * answered at once with `Connection: close`, so the guesser pays a new connection for its next guess.
 */
export const MAX_HELD_REFUSALS = 2_000;
/** Addresses whose penalty is remembered; the oldest is forgotten past this. */
const MAX_PENALISED_ADDRESSES = 10_000;

interface Penalty {
  /** Refusals while refused, since the address was last let through. */
  strikes: number;
  /** When the address's next held refusal may be answered. */
  nextAt: number;
}

/** What `requireApiKey` asks about an unknown key from an address. */
export interface KeyRefusals {
  /** Seconds the address must wait before its next unknown key, or undefined when it may try one now. */
  retryAfterSeconds(address: string): number | undefined;
  /** Counts an unknown key the address presented while it could. */
  failed(address: string): void;
  /**
   * Waits as long as the address's refusal is to be held (a guesser ignoring 429); resolves with true when
   * the answer should close the connection (too many held already).
   */
  hold(address: string): Promise<boolean>;
}

/** The REST API's count of refused keys per client address, with the growing penalty past FREE_REFUSALS. */
export class RefusedKeys implements KeyRefusals {
  private readonly throttle: FailureThrottle;
  private readonly penalties = new Map<string, Penalty>();
  private held = 0;

  constructor(private readonly clock: Clock) {
    this.throttle = new FailureThrottle(clock, MAX_REFUSED_KEYS_PER_MINUTE, REFUSED_KEYS_WINDOW_MS);
  }

  retryAfterSeconds(address: string): number | undefined {
    const wait = this.throttle.retryAfterSeconds(address);
    // Let through again: the penalty starts over the next time the address is refused.
    if (wait === undefined) this.penalties.delete(address);
    return wait;
  }

  failed(address: string): void {
    this.throttle.failed(address);
  }

  async hold(address: string): Promise<boolean> {
    const now = this.clock.now();
    const penalty = this.penalties.get(address) ?? { strikes: 0, nextAt: now };
    penalty.strikes += 1;
    setNewest(this.penalties, address, penalty, MAX_PENALISED_ADDRESSES);
    const over = penalty.strikes - FREE_REFUSALS;
    if (over <= 0) return false;
    if (this.held >= MAX_HELD_REFUSALS) return true;
    const answerAt = Math.min(Math.max(now, penalty.nextAt), now + MAX_REFUSAL_HOLD_MS);
    const spacing = Math.min(REFUSAL_PENALTY_MAX_MS, REFUSAL_PENALTY_BASE_MS * 2 ** Math.min(over - 1, 30));
    penalty.nextAt = answerAt + spacing;
    this.held += 1;
    try {
      await this.clock.sleep(answerAt - now);
    } finally {
      this.held -= 1;
    }
    return false;
  }
}
