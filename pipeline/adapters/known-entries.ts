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
    if (value === undefined) return undefined;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  remember(key: string, value: string): void {
    if (isMarkerKey(key)) return;
    this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > this.capacity) {
      const oldest = this.values.keys().next().value;
      if (oldest !== undefined) this.values.delete(oldest);
    }
  }
}
