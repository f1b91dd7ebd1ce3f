import { AppError } from '../../src/domain/errors.ts';
import type { Ledger } from '../ports.ts';
import { ledgerKeys } from './keys.ts';
import { ledgerEntries, parseTracked, type TrackedEntry } from './values.ts';

/**
 * The two entries of tracking one number for one account. `track-intent/` is written before the service
 * is asked, `tracked/` once it holds a request: an intent without its `tracked/` entry means an earlier run
 * stopped in between, so the next one looks the request up before creating another.
 */

export interface TrackingKey {
  readonly account: string;
  readonly requestType: string;
  readonly number: string;
}

export const readTracked = async (ledger: Ledger, key: TrackingKey): Promise<TrackedEntry | undefined> => {
  const ledgerKey = ledgerKeys.tracked(key.account, key.requestType, key.number);
  const value = await ledger.get(ledgerKey);
  return value === undefined ? undefined : parseTracked(ledgerKey, value);
};

/** True when this call wrote the intent: no earlier run can have asked the service for this number. */
export const recordTrackIntent = (
  ledger: Ledger,
  key: TrackingKey,
  value: { documentId: string; scac: string; at: number },
): Promise<boolean> => {
  const entry = ledgerEntries.trackIntent(key.account, key.requestType, key.number, value);
  return ledger.putIfAbsent(entry.key, entry.value);
};

/** Writes `tracked/` once; answers the entry that holds, ours or the one a concurrent run wrote first. */
export const recordTracked = async (
  ledger: Ledger,
  key: TrackingKey,
  value: Omit<TrackedEntry, 'at'> & { at: number },
): Promise<TrackedEntry> => {
  const entry = ledgerEntries.tracked(key.account, key.requestType, key.number, value);
  if (await ledger.putIfAbsent(entry.key, entry.value)) return parseTracked(entry.key, entry.value);
  const held = await readTracked(ledger, key);
  if (held === undefined)
    throw new AppError('ledger_inconsistent', `ledger refused ${entry.key} but holds no value for it`);
  return held;
};
