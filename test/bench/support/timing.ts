import { setTimeout as delay } from 'node:timers/promises';

/** Progress goes to stderr: stdout carries only result lines, which the runner passes on. */
export const progress = (message: string): void => {
  process.stderr.write(`  [bench] ${message}\n`);
};

/** Runs `work` and returns its result with the wall time it took, in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

/** Polls `condition` every `intervalMs`; fails after `timeoutMs` so a stuck pipeline ends the run. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { intervalMs = 10, timeoutMs, what }: { intervalMs?: number; timeoutMs: number; what: string },
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await delay(intervalMs);
  }
}

/** Runs `work` with at most `concurrency` items in flight, taking items in order. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T; // next < length was checked just above, with no await in between
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
