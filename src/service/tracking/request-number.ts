import { ValidationError } from '../../domain/errors.ts';
import { validateContainerNumber } from '../../domain/iso6346.ts';
import type { RequestType } from './tracking-store.ts';

/** The upstream's documented test numbers, valid only with the test carrier. */
export const TEST_SCAC = 'TEST';
/** A B/L or booking the line has not manifested: awaiting_manifest, re-checked daily, expired after 7 days. */
export const TEST_AWAITING_MANIFEST_NUMBER = 'TEST-TR-AWAITING-MANIFEST';
/** A B/L or booking the line manifests a day late: awaiting_manifest, then found at the first re-check. */
export const TEST_MANIFEST_LATE_NUMBER = 'TEST-TR-MANIFEST-LATE';
export const TEST_NUMBERS: readonly string[] = [
  'TEST-TR-SUCCEEDED',
  'TEST-TR-FAILED',
  TEST_AWAITING_MANIFEST_NUMBER,
  TEST_MANIFEST_LATE_NUMBER,
];

/** Bills of lading and bookings: letters and digits, as carriers issue them. */
const SHIPMENT_NUMBER = /^[A-Z0-9]{6,30}$/;

const invalid = (detail: string): ValidationError =>
  new ValidationError(detail, {}, { pointer: '/data/attributes/request_number', code: 'invalid' });

/**
 * The request number as it is stored and matched: upper case, without the spaces and dashes people type.
 * A container number must pass its ISO 6346 check digit; a B/L or booking number must look like one.
 */
export function normalizeRequestNumber(type: RequestType, raw: string, scac: string): string {
  const trimmed = raw.trim().toUpperCase();
  if (scac === TEST_SCAC && TEST_NUMBERS.includes(trimmed)) return trimmed;
  if (type === 'container') {
    const checked = validateContainerNumber(trimmed);
    if (!checked.valid) {
      throw invalid(`Request number '${trimmed}' is not a valid container number: ${checked.detail}`);
    }
    return checked.number;
  }
  const compact = trimmed.replace(/[\s-]/g, '');
  if (!SHIPMENT_NUMBER.test(compact)) {
    throw invalid(
      `Request number '${trimmed}' is not a valid ${type === 'bill_of_lading' ? 'bill of lading' : 'booking'} number`,
    );
  }
  return compact;
}
