import { setTimeout as sleep } from 'node:timers/promises';

/** How often a condition is looked at again: often enough to keep tests quick, rare enough to stay cheap. */
export const POLL_INTERVAL_MS = 200;

export interface WaitOptions {
  /** What is awaited, in words, for the timeout message. */
  readonly what: string;
  readonly timeoutMs: number;
  /** Facts to add to the timeout message (last observation, child output), so a failure explains itself. */
  readonly explain?: () => string | Promise<string>;
}

/** Thrown by a probe when waiting longer cannot help (the process it watches has ended). */
export class StopWaiting extends Error {}

/**
 * Polls `probe` until it returns something other than `undefined` or `false`, and returns that. A probe
 * that throws counts as "not yet" (a server still starting refuses connections), and its last error is
 * reported if the wait times out; only `StopWaiting` ends the wait at once.
 */
export async function waitUntil<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof StopWaiting) throw error;
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const facts = options.explain ? await options.explain() : '';
      const cause = lastError === undefined ? '' : `\nlast error: ${String(lastError)}`;
      throw new Error(
        `timed out after ${options.timeoutMs} ms waiting for ${options.what}${cause}\n${facts}`,
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
}
