import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { blobStoreContract } from '../../support/contracts/blob-store-contract.ts';
import { ledgerContract } from '../../support/contracts/ledger-contract.ts';
import { queueContract } from '../../support/contracts/queue-contract.ts';

const tempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'stevedore-adapters-'));

queueContract('embedded SQLite queue', async ({ visibilityTimeoutSeconds, maxReceiveCount }) => {
  const dir = await tempDir();
  const db = openDatabase(join(dir, 'queue.db'));
  const clock = new ManualClock();
  const store = new SqliteQueue(db, {
    name: 'intake',
    deadLetter: 'intake-dlq',
    visibilityTimeoutSeconds,
    maxReceiveCount,
    clock,
    pollIntervalMs: 10,
  });
  return {
    queue: new EmbeddedQueue(store),
    elapse: async (seconds) => clock.advance(seconds * 1000),
    deadLetterBodies: async () => (await store.deadLetters()).map((letter) => letter.body),
    close: async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

ledgerContract('embedded SQLite ledger', async () => {
  const dir = await tempDir();
  const db = openDatabase(join(dir, 'ledger.db'));
  return {
    ledger: new EmbeddedLedger(new SqliteLedger(db)),
    close: async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

blobStoreContract('folder blob store', async () => {
  const dir = await tempDir();
  return {
    blobs: new FolderBlobStore(join(dir, 'blobs')),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
