import { setNewest } from '../../src/domain/bounded-map.ts';
import { isMarkerKey } from '../ledger/keys.ts';

/** Entries remembered by one ledger adapter: ~100 bytes each, so about a megabyte at most. */
const DEFAULT_CAPACITY = 10_000;

/**
 * The values of ledger entries known to exist, least recently used first out. Every key but a marker is
 * written once and never changed or removed (the `Ledger` port), so a value read or written once is the
 * value for ever and a remote store need not be asked again. Markers are never remembered: they are
 * deleted and written anew. Only presence is remembered; a key found missing is asked again next time.
 */
export class KnownEntries {
  private readonly values = new Map<string, string>();
  private readonly capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.capacity = capacity;
  }

  get(key: string): string | undefined {
    const value = this.values.get(key);
    if (value !== undefined) setNewest(this.values, key, value, this.capacity);
    return value;
  }

  remember(key: string, value: string): void {
    if (!isMarkerKey(key)) setNewest(this.values, key, value, this.capacity);
  }
}
