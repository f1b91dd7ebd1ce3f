import type { DocumentText } from '../document-text.ts';
import { parsePackageCount, parseWeightKg } from '../parse/quantities.ts';
import { findColumnTotal } from './column-totals.ts';
import {
  GROSS_WEIGHT_LABELS,
  PACKAGES_LABELS,
  TOTAL_GROSS_WEIGHT_LABELS,
  TOTAL_PACKAGES_LABELS,
} from './label-patterns.ts';
import { findLabeledValue, findLabeledValues } from './labeled-values.ts';

/**
 * Package count and gross weight of a whole shipment. Totals are looked for first. Otherwise the generic
 * labels also head table columns, whose cells hold per-row values; the total is then the largest value
 * printed under such a label.
 */
export function findShipmentTotals(text: DocumentText): {
  package_count: number | null;
  gross_weight_kg: string | null;
} {
  // A total label with its value on its own line ("Total colis: 346") is the total; the same words
  // heading a column ("Poids brut total" over the rows) give the first row under them, so they come
  // after the column's own total. A generic label with its value beside it ("Peso lordo: 6.793,80 kg")
  // is a total too once no table says otherwise.
  return {
    package_count:
      findLabeledValue(text, TOTAL_PACKAGES_LABELS, parsePackageCount, { below: false }) ??
      findLabeledValue(text, BARE_TOTAL_LABELS, parseCountedPackages, { below: false }) ??
      firstColumnTotal(
        text,
        [...TOTAL_PACKAGES_LABELS, ...PACKAGES_LABELS],
        parsePackageCount,
        (a, b) => a + b,
      ) ??
      findLabeledValue(text, TOTAL_PACKAGES_LABELS, parsePackageCount) ??
      largest(findLabeledValues(text, PACKAGES_LABELS, parsePackageCount), (a, b) => a - b),
    gross_weight_kg:
      findLabeledValue(text, TOTAL_GROSS_WEIGHT_LABELS, parseGrossWeight, { below: false }) ??
      firstColumnTotal(
        text,
        [...TOTAL_GROSS_WEIGHT_LABELS, ...GROSS_WEIGHT_LABELS],
        parseGrossWeight,
        addDecimals,
      ) ??
      findLabeledValue(text, TOTAL_GROSS_WEIGHT_LABELS, parseGrossWeight) ??
      largest(findLabeledValues(text, GROSS_WEIGHT_LABELS, parseGrossWeight), compareDecimals),
  };
}

// "TOTAL: 620 CARTONS", "Gesamt: 26 Kisten": a bare total counts packages when its value names them.
const BARE_TOTAL_LABELS: readonly RegExp[] = [/total|totaal|totale|gesamt|summe|insgesamt/];

function parseCountedPackages(raw: string): number | null {
  return /^\s*[\d,]+\s*(?:x\s*)?\p{L}/u.test(raw) ? parsePackageCount(raw) : null;
}

// "Gross Weight (LBS)   27,216.0", "Brutto kg   6.890,200": the unit may be in the label only.
function parseGrossWeight(raw: string, label: string): string | null {
  const match = /\(([^)]*)\)|\b(kgs?|kilos?|lbs?)\.?\s*$/i.exec(label);
  const unitInLabel = match?.[1] ?? match?.[2] ?? '';
  return parseWeightKg(`${raw} ${unitInLabel}`);
}

function firstColumnTotal<T>(
  text: DocumentText,
  labels: readonly RegExp[],
  parse: (raw: string, label: string) => T | null,
  add: (a: T, b: T) => T,
): T | null {
  for (const label of labels) {
    const total = findColumnTotal(text, label, parse, add);
    if (total !== null) return total;
  }
  return null;
}

// Non-negative decimal strings, added exactly.
function addDecimals(a: string, b: string): string {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const sum = (BigInt(ai + af.padEnd(width, '0')) + BigInt(bi + bf.padEnd(width, '0'))).toString();
  if (width === 0) return sum;
  const padded = sum.padStart(width + 1, '0');
  return `${padded.slice(0, -width)}.${padded.slice(-width)}`;
}

function largest<T>(values: readonly T[], compare: (a: T, b: T) => number): T | null {
  return values.reduce<T | null>(
    (best, value) => (best === null || compare(value, best) > 0 ? value : best),
    null,
  );
}

// Non-negative decimal strings, compared exactly.
function compareDecimals(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const diff = BigInt(ai + af.padEnd(width, '0')) - BigInt(bi + bf.padEnd(width, '0'));
  return diff === 0n ? 0 : diff > 0n ? 1 : -1;
}
