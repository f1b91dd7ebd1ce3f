import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import { type Child, startChild } from './spawn-child.ts';

/** A fresh database path in its own temp folder; `cleanup` removes the folder with the WAL files. */
export function tempDatabasePath(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-store-'));
  return { path: join(dir, 'store.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Temp databases, connections and child processes for one test file, each undone after every test
 * (newest first: children die, connections close, then the folders go).
 */
export function useTempDatabases() {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });
  return {
    tempPath(): string {
      const { path, cleanup } = tempDatabasePath();
      cleanups.push(cleanup);
      return path;
    },
    open(path: string): DatabaseSync {
      const db = openDatabase(path);
      cleanups.push(() => {
        if (db.isOpen) db.close();
      });
      return db;
    },
    spawnChild(args: readonly string[]): Child {
      const child = startChild(args);
      cleanups.push(() => child.process.kill('SIGKILL'));
      return child;
    },
  };
}
