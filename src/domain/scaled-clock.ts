import type { Clock, Timer } from './clock.ts';

/**
 * A clock running `scale` times faster than `base` from the moment it is made: for demos of the sandbox
 * carrier, where a month-long voyage should play in minutes. Timers are shortened by the same factor.
 */
export function scaledClock(base: Clock, scale: number): Clock {
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new RangeError(`time scale must be a positive number, got ${scale}`);
  if (scale === 1) return base;
  const origin = base.now();
  const clock: Clock = {
    now: () => origin + (base.now() - origin) * scale,
    setTimeout: (callback, ms, options): Timer => base.setTimeout(callback, ms / scale, options),
    clearTimeout: (timer) => base.clearTimeout(timer),
    sleep: (ms, signal) => base.sleep(ms / scale, signal),
  };
  return clock;
}
