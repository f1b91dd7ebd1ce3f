import { lstatSync } from 'node:fs';

/** What one look at a file shows; a change in any of these means the file is still being written. */
export interface FileObservation {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

interface Tracked {
  readonly observation: FileObservation;
  /** When this observation was first made. */
  readonly since: number;
}

/**
 * Decides when a file in the inbox is complete: its size, mtime and inode have stayed the same for
 * `stabilityMs`. Writers that pause longer than that mid-file should write under a `.part` or `.tmp` name
 * and rename when done.
 */
export class StabilityTracker {
  private readonly tracked = new Map<string, Tracked>();

  constructor(private readonly stabilityMs: number) {}

  /** Records a look at `name` at `now`; true when the file has been unchanged for the whole interval. */
  observe(name: string, observation: FileObservation, now: number): boolean {
    const previous = this.tracked.get(name);
    if (previous === undefined || !sameObservation(previous.observation, observation)) {
      this.tracked.set(name, { observation, since: now });
      return this.stabilityMs === 0;
    }
    return now - previous.since >= this.stabilityMs;
  }

  /** Forgets files that are no longer listed, and `name` after it was taken or must be looked at afresh. */
  forget(name: string): void {
    this.tracked.delete(name);
  }

  retainOnly(names: ReadonlySet<string>): void {
    for (const name of this.tracked.keys()) if (!names.has(name)) this.tracked.delete(name);
  }

  get size(): number {
    return this.tracked.size;
  }
}

export const sameObservation = (a: FileObservation, b: FileObservation): boolean =>
  a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/** Size, mtime and inode of a regular file; undefined when it is gone or is not a regular file now. */
export function observe(path: string): FileObservation | undefined {
  const info = lstatSync(path, { throwIfNoEntry: false });
  return info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino } : undefined;
}
