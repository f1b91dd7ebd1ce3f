import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The log file's size bound. At about 1 KiB a line and six lines a document, 10 MiB holds several
 * thousand documents: days of an office's mail, and small enough to open in an editor or attach to a report.
 */
export const MAX_LOG_FILE_BYTES = 10 * 1024 * 1024;

/** Where the previous lines go when `path` is full. */
export const rotatedPath = (path: string): string => `${path}.1`;

/**
 * An append-only file that, past `maxBytes`, becomes `<path>.1` (replacing the previous one) and starts
 * again empty: the logs take at most twice `maxBytes`, and the last `maxBytes` or more are always there.
 * Writes are synchronous so the last line before a crash is on disk; a log line costs microseconds.
 */
export class RotatingFile {
  private fd: number;
  private size: number;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly maxBytes = MAX_LOG_FILE_BYTES,
  ) {
    // The log folder is in the data dir: owner-only like the rest of it (the file is 0600 below).
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.size = sizeOf(path);
    if (this.size >= maxBytes) this.rotate(false);
    this.fd = openSync(path, 'a', 0o600);
  }

  /** After `close`, lines are dropped: a late line from a stopping component must not crash the exit. */
  write(text: string): boolean {
    if (this.closed) return false;
    const bytes = Buffer.from(text, 'utf8');
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) {
      this.rotate(true);
      this.fd = openSync(this.path, 'a', 0o600);
    }
    writeSync(this.fd, bytes);
    this.size += bytes.length;
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private rotate(open: boolean): void {
    if (open) closeSync(this.fd);
    renameSync(this.path, rotatedPath(this.path));
    this.size = 0;
  }
}

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};
