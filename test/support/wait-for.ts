import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` on real time until it returns something other than `undefined` or `false`, and returns
 * that; fails after `timeoutMs` naming `what`. For work over real sockets and timers, where no clock can
 * be advanced: a bounded wait for the event instead of a fixed sleep.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 5_000,
  intervalMs = 10,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
