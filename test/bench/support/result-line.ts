/** A figure and the baseline it is read against, both measured in the same run. */
export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: { readonly name: string; readonly value: number; readonly unit: string };
  /**
   * The ratio to print when it is not `value / baseline.value`: the median of per-round ratios, which
   * a slow round on a busy machine moves less than it moves either median.
   */
  readonly ratio?: number;
  /** Appended inside the parentheses after a semicolon (a budget, say). */
  readonly note?: string;
}

/** Three significant figures at most, and no decimals on large numbers: the noise is bigger than that. */
export const formatFigure = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return String(Math.round(value));
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
};

/** Two significant figures: a ratio of two noisy figures carries no more. */
export const formatRatio = (ratio: number): string => {
  if (!Number.isFinite(ratio)) return 'n/a';
  return ratio >= 100 ? String(Math.round(ratio)) : ratio.toPrecision(2);
};

/** `name: value unit (ratio x baseline-name baseline-value unit)` */
export const formatResult = (result: BenchResult): string => {
  const { baseline } = result;
  const ratio = formatRatio(result.ratio ?? result.value / baseline.value);
  const note = result.note === undefined ? '' : `; ${result.note}`;
  return (
    `${result.name}: ${formatFigure(result.value)} ${result.unit} ` +
    `(${ratio} x ${baseline.name} ${formatFigure(baseline.value)} ${baseline.unit}${note})`
  );
};

/** The one place a benchmark writes to stdout. */
export const printResult = (result: BenchResult): void => {
  process.stdout.write(`${formatResult(result)}\n`);
};

/** Decimal megabytes, as `openssl speed` counts them (its figures are in 1000s of bytes). */
export const MB = 1_000_000;
export const MiB = 1024 * 1024;
