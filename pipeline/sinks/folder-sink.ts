import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../src/domain/system-error-code.ts';
import { syncFolder } from '../../src/store/sync-folder.ts';
import {
  FAILED_PREFIX as FAILED_DIR,
  outcomeFileName as fileName,
  RESULTS_PREFIX as RESULTS_DIR,
} from './outcome-keys.ts';
import type { ExtractionFailureRecord, ExtractionResultRecord } from './result-records.ts';
import type { OutcomeProvenance, ResultSink } from './result-sink.ts';
import { stableJson } from './stable-json.ts';

/**
 * Writes outcomes as pretty-printed JSON files under `<root>/results/` and `<root>/failed/`. Each write is
 * atomic (a temp file in the same folder, fsync, rename, fsync of the folder), so a reader never sees a
 * half-written file and a written file survives a crash.
 */
export class FolderSink implements ResultSink {
  constructor(private readonly root: string) {}

  async writeResult(record: ExtractionResultRecord): Promise<void> {
    await this.write(RESULTS_DIR, record.document_id, stableJson(record));
  }

  async writeFailure(record: ExtractionFailureRecord): Promise<void> {
    await this.write(FAILED_DIR, record.document_id, stableJson(record));
  }

  async removeFailure(documentId: string): Promise<void> {
    const dir = join(this.root, FAILED_DIR);
    await rm(join(dir, fileName(documentId)), { force: true });
    await syncFolder(dir).catch(ignoreMissing);
  }

  async updateOrigins(documentId: string, provenance: OutcomeProvenance): Promise<boolean> {
    let updated = false;
    for (const folder of [RESULTS_DIR, FAILED_DIR]) {
      const text = await readFile(join(this.root, folder, fileName(documentId)), 'utf8').catch(ignoreMissing);
      if (text === undefined) continue;
      // The file is ours and was written from a record; only its origins and digest change.
      const record: Record<string, unknown> = JSON.parse(text);
      await this.write(
        folder,
        documentId,
        stableJson({ ...record, sha256: provenance.sha256, origins: provenance.origins }),
      );
      updated = true;
    }
    return updated;
  }

  /** Where a document's result or failure file lives. */
  pathOf(kind: 'result' | 'failure', documentId: string): string {
    return join(this.root, kind === 'result' ? RESULTS_DIR : FAILED_DIR, fileName(documentId));
  }

  private async write(folder: string, documentId: string, text: string): Promise<void> {
    const dir = join(this.root, folder);
    const target = join(dir, fileName(documentId));
    // A dot-prefixed name in the same folder: rename is atomic only within one file system, and readers
    // that list `*.json` skip it.
    const temp = join(dir, `.${documentId}.${randomUUID()}.tmp`);
    await mkdir(dir, { recursive: true });
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    // The rename lives in the folder's entry table; without this a crash could forget it.
    await syncFolder(dir);
  }
}

const ignoreMissing = (error: unknown): void => {
  if (errorCode(error) === 'ENOENT') return;
  throw error;
};
