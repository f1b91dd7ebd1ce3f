import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isFileSystemError, messageOf } from './read-outcome.ts';
import { MemoryBudget, type StagedPart, stagePart } from './stage-part.ts';

/**
 * A part up to this size is kept in memory, within a budget per message: the temp file it would take costs
 * a create, writes, a close, a reread and an unlink, more than the parse of the part itself. Four messages
 * read at once hold at most 4 × 8 MiB; past the budget parts go to temp files as before.
 */
const MEMORY_PART_BYTES = 1024 * 1024;
const MEMORY_MESSAGE_BYTES = 8 * 1024 * 1024;

export type Staged = Extract<StagedPart, { kind: 'staged' }>;

/** Why a part could not be staged: the reader skips it with this reason. */
export interface NotStaged {
  readonly kind: 'not_staged';
  readonly reason: 'malformed' | 'too_large';
  readonly detail: string;
}

/** The decoded parts of one message, in memory within its budget or in temp files it removes. */
export class PartFiles {
  private readonly tempDir: string;
  private readonly paths = new Set<string>();
  /** The budget documents are staged in; containers and forwarded messages go to files. */
  readonly memory = new MemoryBudget(MEMORY_PART_BYTES, MEMORY_MESSAGE_BYTES);

  constructor(tempDir: string) {
    this.tempDir = tempDir;
  }

  /** Stages `content` within `maxBytes`; a part that cannot be decoded or is too large is not staged. */
  async stage(
    content: NodeJS.ReadableStream,
    maxBytes: number,
    budget?: MemoryBudget,
  ): Promise<Staged | NotStaged> {
    let staged: StagedPart;
    try {
      staged = await stagePart(content, this.tempDir, maxBytes, budget);
    } catch (error) {
      if (isFileSystemError(error)) throw error;
      const detail = `the part cannot be decoded: ${messageOf(error)}`;
      return { kind: 'not_staged', reason: 'malformed', detail };
    }
    if (staged.kind === 'too_large') {
      const detail = `the part is over ${maxBytes} bytes (the limit)`;
      return { kind: 'not_staged', reason: 'too_large', detail };
    }
    if (staged.path !== null) this.paths.add(staged.path);
    return staged;
  }

  /** A container is opened from a file: one kept in memory is written out (small archives are rare). */
  async fileOf(staged: Staged): Promise<string> {
    if (staged.path !== null) return staged.path;
    const path = join(this.tempDir, `part-${randomUUID()}`);
    this.paths.add(path);
    await writeFile(path, staged.bytes ?? Buffer.alloc(0), { flag: 'wx' });
    this.release(staged);
    return path;
  }

  /** Drops a staged part that is not kept: its memory back to the budget, its file removed. */
  async discard(staged: Staged): Promise<void> {
    this.release(staged);
    if (staged.path !== null) await this.remove(staged.path);
  }

  async remove(path: string): Promise<void> {
    this.paths.delete(path);
    await rm(path, { force: true });
  }

  /** Removes every temp file. Idempotent. */
  async dispose(): Promise<void> {
    const paths = [...this.paths];
    this.paths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }

  private release(staged: Staged): void {
    if (staged.bytes !== null) this.memory.give(staged.bytes.length);
  }
}
