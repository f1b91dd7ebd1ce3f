import { setTimeout as delay } from 'node:timers/promises';

/** Waits for a condition, checking often; fails after `timeoutMs` rather than sleeping a fixed time. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, what = 'condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await delay(5);
  }
}
