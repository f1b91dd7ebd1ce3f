import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh database path in its own temp folder; `cleanup` removes the folder with the WAL files. */
export function tempDatabasePath(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-store-'));
  return { path: join(dir, 'store.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
