import type { Random } from './random.ts';

/** How a sample document prints its values; the corpus varies these so extraction is tested on each. */
export interface SampleStyle {
  /** Which label wording to use (each field has a few, e.g. "Invoice No." / "Invoice Number" / "Invoice #"). */
  labelVariant: 0 | 1 | 2;
  /** inline: "Label: value" in one run; columns: value drawn apart on the same line; stacked: value below. */
  layout: 'inline' | 'columns' | 'stacked';
  dateFormat: 'iso' | 'day_month_name' | 'us_slash' | 'month_name_day' | 'eu_dot';
  amountFormat: 'code_first' | 'code_after_eu' | 'symbol';
  /** How container numbers are printed: "MSKU1000016", "MSKU 100001 6" or "MSKU 100001-6". */
  containerFormat: 'compact' | 'spaced' | 'dashed';
}

export const DEFAULT_STYLE: SampleStyle = {
  labelVariant: 0,
  layout: 'columns',
  dateFormat: 'iso',
  amountFormat: 'code_first',
  containerFormat: 'compact',
};

export function randomStyle(random: Random): SampleStyle {
  return {
    labelVariant: random.pick([0, 1, 2] as const),
    layout: random.pick(['inline', 'columns', 'stacked'] as const),
    dateFormat: random.pick(['iso', 'day_month_name', 'us_slash', 'month_name_day', 'eu_dot'] as const),
    amountFormat: random.pick(['code_first', 'code_after_eu', 'symbol'] as const),
    containerFormat: random.pick(['compact', 'spaced', 'dashed'] as const),
  };
}
