import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { findLabeledValue, findLabeledValues } from '../fields/labeled-values.ts';
import { parseIdentifier } from '../fields/value-parsers.ts';
import { parsePackageCount, parseWeightKg } from '../parse/quantities.ts';
import type { PackingListPayload } from '../schemas/packing-list.ts';

const PACKING_LIST_NUMBER = [
  /packing\s+list\s*(?:no\.?|number|num\.?|#|ref(?:erence)?\.?)|p\s*\/\s*l\s*(?:no\.?|#)|pl\s*(?:no\.?|#)/,
  /(?:our\s+|shipment\s+|document\s+)?ref(?:erence)?\.?(?:\s*(?:no\.?|number|#))?|document\s+no\.?/,
];
// Totals are looked for first. Otherwise the generic labels also head table columns, whose cells hold
// per-row values; the total is then the largest value printed under such a label.
const TOTAL_PACKAGES = [
  /total\s+(?:no\.?\s+of\s+|number\s+of\s+)?(?:packages|pkgs|cartons|ctns|pallets)|(?:number|no\.?)\s+of\s+(?:packages|pkgs|cartons|pallets)|package\s+count/,
];
const PACKAGES = [/packages|pkgs|cartons|ctns/];
const TOTAL_GROSS_WEIGHT = [/total\s+gross\s+weight|total\s+g\.\s*w\.?/];
const GROSS_WEIGHT = [/gross\s+weight|gross\s+wt\.?|g\.\s*w\.?/];

export function extractPackingList(text: DocumentText): PackingListPayload {
  const packingListNumber = findLabeledValue(text, PACKING_LIST_NUMBER, parseIdentifier);
  const containers = findContainerNumbers(text, [packingListNumber]);
  return {
    packing_list_number: packingListNumber,
    package_count:
      findLabeledValue(text, TOTAL_PACKAGES, parsePackageCount) ??
      largest(findLabeledValues(text, PACKAGES, parsePackageCount), (a, b) => a - b),
    gross_weight_kg:
      findLabeledValue(text, TOTAL_GROSS_WEIGHT, parseGrossWeight) ??
      largest(findLabeledValues(text, GROSS_WEIGHT, parseGrossWeight), compareDecimals),
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
  };
}

// "Gross Weight (LBS)   27,216.0": the unit may be in the label only.
function parseGrossWeight(raw: string, label: string): string | null {
  const unitInLabel = /\(([^)]*)\)/.exec(label)?.[1] ?? '';
  return parseWeightKg(`${raw} ${unitInLabel}`);
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
