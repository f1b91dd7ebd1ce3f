import type { SampleStyle } from './sample-style.ts';

/** Prints canonical values (ISO dates, decimal strings) the way a given document style would. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

export function formatDate(iso: string, format: SampleStyle['dateFormat']): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  const monthName = MONTHS[Number(month) - 1] ?? '';
  switch (format) {
    case 'iso':
      return iso;
    case 'day_month_name':
      return `${Number(day)} ${monthName} ${year}`;
    case 'us_slash':
      return `${month}/${day}/${year}`;
    case 'month_name_day':
      return `${monthName} ${Number(day)}, ${year}`;
    case 'eu_dot':
      return `${day}.${month}.${year}`;
  }
}

/** Groups a decimal string: ("12345.60", ",", ".") → "12,345.60". */
export function groupDecimal(decimal: string, thousands: string, mark: string): string {
  const [integer = '', fraction] = decimal.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return fraction === undefined ? grouped : `${grouped}${mark}${fraction}`;
}

export function formatMoney(amount: string, currency: string, format: SampleStyle['amountFormat']): string {
  const symbol = SYMBOLS[currency];
  if (format === 'code_after_eu') return `${groupDecimal(amount, '.', ',')} ${currency}`;
  if (format === 'symbol' && symbol !== undefined) return `${symbol}${groupDecimal(amount, ',', '.')}`;
  return `${currency} ${groupDecimal(amount, ',', '.')}`;
}

export function formatContainerNumber(number: string, format: SampleStyle['containerFormat']): string {
  // Deliberately malformed numbers (tests of rejection) are printed exactly as given.
  if (format === 'compact' || number.length !== 11) return number;
  const separator = format === 'spaced' ? ' ' : '-';
  return `${number.slice(0, 4)} ${number.slice(4, 10)}${separator}${number.slice(10)}`;
}
