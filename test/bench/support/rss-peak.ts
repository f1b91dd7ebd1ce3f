import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Often enough to catch a buffer that lives for a fraction of a second, rarely enough to cost nothing. */
const SAMPLE_INTERVAL_MS = 50;
/** `resourceUsage().maxRSS` is in kibibytes. */
const KIB = 1024;

export interface RssGrowth {
  /** RSS right before `work`, after a full garbage collection. */
  readonly beforeBytes: number;
  readonly peakBytes: number;
  readonly growthBytes: number;
}

/**
 * A full collection before measuring, so garbage left by earlier work neither counts as growth nor makes
 * room that hides it. `--expose-gc` cannot be passed through `tsx` or the runner for a single script, so
 * the flag is set at run time and `gc` is taken from a fresh context, where V8 then installs it.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

/**
 * Peak RSS growth while `work` runs: RSS sampled every 50 ms, and the kernel's own high-water mark, which
 * also sees a peak between two samples once it rises above every earlier peak of the process.
 */
export async function measureRssGrowth(work: () => Promise<void>): Promise<RssGrowth> {
  collectGarbage();
  const beforeBytes = process.memoryUsage.rss();
  const maxRssBefore = process.resourceUsage().maxRSS * KIB;
  let peakBytes = beforeBytes;
  const sample = (): void => {
    peakBytes = Math.max(peakBytes, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, SAMPLE_INTERVAL_MS);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  sample();
  const maxRssAfter = process.resourceUsage().maxRSS * KIB;
  if (maxRssAfter > maxRssBefore) peakBytes = Math.max(peakBytes, maxRssAfter);
  return { beforeBytes, peakBytes, growthBytes: peakBytes - beforeBytes };
}
