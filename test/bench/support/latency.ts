/** Median of a sample; NaN for an empty one. */
export const median = (values: readonly number[]): number => percentile(values, 0.5);

/** The value at quantile `q` (0..1) of a sample, nearest rank; NaN for an empty one. */
export const percentile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
};

/** A load of `count` calls of `call`, `concurrency` at a time: requests per second and each latency in ms. */
export async function load(
  count: number,
  concurrency: number,
  call: (index: number) => Promise<void>,
): Promise<{ perSecond: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      const started = performance.now();
      await call(index);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return { perSecond: (count * 1000) / (performance.now() - started), latencies };
}
