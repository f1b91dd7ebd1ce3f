/** An opaque timer, returned by `Clock.setTimeout` and given back to `Clock.clearTimeout`. */
export interface Timer {
  readonly id: number;
}

export interface TimerOptions {
  /** false lets the process exit while only this timer is pending (a periodic background pass). */
  readonly keepAlive?: boolean;
}

/**
 * Time comes in as a dependency so tests can run multi-hour schedules in milliseconds: the clock both tells
 * the time and runs timers, so a test that advances it fires every heartbeat, pause and deadline due by then.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Calls `callback` once, `ms` from now. */
  setTimeout(callback: () => void, ms: number, options?: TimerOptions): Timer;
  /** Cancels a timer; a timer that already fired or was cleared is ignored. */
  clearTimeout(timer: Timer | undefined): void;
  /** Resolves true after `ms`, or false as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
}

/** `sleep` for any clock, from its `setTimeout`; the timer is cleared when the signal wins. */
const sleepOn = (clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<boolean> =>
  new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    // Nothing to wait for: a zero drain limit must not depend on a manual clock being advanced.
    if (ms <= 0) {
      resolve(true);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(timer);
      resolve(false);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const systemTimers = new Map<number, NodeJS.Timeout>();
let nextSystemTimer = 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms, options = {}) {
    const id = nextSystemTimer++;
    const handle = setTimeout(() => {
      systemTimers.delete(id);
      callback();
    }, ms);
    if (options.keepAlive === false) handle.unref();
    systemTimers.set(id, handle);
    return { id };
  },
  clearTimeout(timer) {
    if (timer === undefined) return;
    clearTimeout(systemTimers.get(timer.id));
    systemTimers.delete(timer.id);
  },
  sleep(ms, signal) {
    return sleepOn(systemClock, ms, signal);
  },
};

interface PendingTimer {
  readonly id: number;
  readonly due: number;
  readonly callback: () => void;
}

/** A clock that moves only when told to; its timers fire, in due order, as `advance` passes them. For tests. */
export class ManualClock implements Clock {
  private readonly timers: PendingTimer[] = [];
  private nextId = 1;

  constructor(private current = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): Timer {
    const timer = { id: this.nextId++, due: this.current + Math.max(0, ms), callback };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimeout(timer: Timer | undefined): void {
    const index = this.timers.findIndex((pending) => pending.id === timer?.id);
    if (index >= 0) this.timers.splice(index, 1);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    return sleepOn(this, ms, signal);
  }

  /** Timers not yet fired; a test can check that nothing is left scheduled. */
  pendingTimers(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward, firing each timer due on the way at its own due time, so a callback that schedules
   * another timer inside the window sees it fire too.
   */
  advance(ms: number): void {
    this.runUntil(this.current + ms);
  }

  set(ms: number): void {
    this.runUntil(ms);
  }

  private runUntil(target: number): void {
    for (;;) {
      const next = this.nextDue(target);
      if (next === undefined) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.current = Math.max(this.current, next.due);
      next.callback();
    }
    this.current = target;
  }

  private nextDue(target: number): PendingTimer | undefined {
    let next: PendingTimer | undefined;
    for (const timer of this.timers) {
      // Ties fire in the order they were set, as Node's timers do.
      if (timer.due <= target && (next === undefined || timer.due < next.due)) next = timer;
    }
    return next;
  }
}
