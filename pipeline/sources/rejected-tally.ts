import { readdir, stat } from 'node:fs/promises';
import type { Clock } from '../../src/domain/clock.ts';
import { errorCode } from '../../src/domain/system-error-code.ts';
import { REASON_SUFFIX } from './set-aside.ts';

/**
 * Longest a count may lag a change made by hand inside a subfolder of `rejected/`, which leaves the
 * folder's own mtime alone. A recount reads every entry, so not on every progress tick.
 */
export const REJECTED_RECOUNT_INTERVAL_MS = 60_000;

/**
 * How many files sit in `rejected/` now: counted once, then kept as the source sets files aside. Others
 * change the folder too (`stevedore retry rejected` moves files back, a person deletes them), so it is
 * counted again when the folder's mtime moves, or after REJECTED_RECOUNT_INTERVAL_MS.
 */
export class RejectedTally {
  private value = 0;
  /** The folder's mtime as of the last count, or after our own move; undefined: never counted. */
  private mtimeMs: number | undefined;
  private countedAt = 0;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  /** The count now, recounted only when something else may have changed the folder. */
  async current(): Promise<number> {
    const mtimeMs = await this.folderMtime();
    const stale = this.clock.now() - this.countedAt >= REJECTED_RECOUNT_INTERVAL_MS;
    if (mtimeMs !== this.mtimeMs || stale) {
      this.value = await countSetAside(this.dir);
      this.mtimeMs = mtimeMs;
      this.countedAt = this.clock.now();
    }
    return this.value;
  }

  /**
   * The source set a file aside: one more, and the mtime this move gave the folder is not news. Never
   * throws: the file is aside whatever the count says, and a failed look only forces a recount.
   */
  async added(): Promise<void> {
    // Before the first count there is nothing to add to: that count will include this file.
    if (this.mtimeMs === undefined) return;
    this.value += 1;
    this.mtimeMs = await this.folderMtime().catch(() => undefined);
  }

  private async folderMtime(): Promise<number | undefined> {
    try {
      return (await stat(this.dir)).mtimeMs;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }
}

/** Files with their `.reason.txt` beside them, in `dir` and its subfolders; a lone reason file is not one. */
export async function countSetAside(dir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0;
    throw error;
  }
  const names = new Set(entries);
  let count = 0;
  for (const name of names) {
    if (name.endsWith(REASON_SUFFIX) && names.has(name.slice(0, -REASON_SUFFIX.length))) count += 1;
  }
  return count;
}
