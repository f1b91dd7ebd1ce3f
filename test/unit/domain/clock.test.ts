import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../../src/domain/clock.ts';

describe('ManualClock timers', () => {
  it('fires due timers in due order as time advances, each at its own time', () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`c@${clock.now()}`), 500);
    clock.advance(300);
    expect(fired).toEqual(['a@100', 'b@200']);
    expect(clock.now()).toBe(300);
    expect(clock.pendingTimers()).toBe(1);
  });

  it('fires a timer set by another timer when it falls due inside the same advance', () => {
    const clock = new ManualClock(0);
    const fired: number[] = [];
    const tick = (): void => {
      fired.push(clock.now());
      clock.setTimeout(tick, 100);
    };
    clock.setTimeout(tick, 100);
    clock.advance(350);
    expect(fired).toEqual([100, 200, 300]);
  });

  it('never fires a cleared timer', () => {
    const clock = new ManualClock(0);
    let fired = false;
    const timer = clock.setTimeout(() => {
      fired = true;
    }, 10);
    clock.clearTimeout(timer);
    clock.advance(1_000);
    expect(fired).toBe(false);
  });

  it('resolves sleep true when the time passes and false when the signal aborts first', async () => {
    const clock = new ManualClock(0);
    const slept = clock.sleep(1_000);
    clock.advance(1_000);
    await expect(slept).resolves.toBe(true);
    const controller = new AbortController();
    const interrupted = clock.sleep(1_000, controller.signal);
    controller.abort();
    await expect(interrupted).resolves.toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('resolves a sleep of zero at once, without an advance', async () => {
    const clock = new ManualClock(0);
    await expect(clock.sleep(0)).resolves.toBe(true);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('systemClock', () => {
  it('ends a sleep as soon as its signal aborts, without waiting out the time', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).resolves.toBe(false);
    await expect(systemClock.sleep(60_000, AbortSignal.abort())).resolves.toBe(false);
  });
});
