import { describe, expect, it } from 'vitest';
import type { Ledger, Queue } from '../../../pipeline/ports.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

// src/ may not import pipeline/, so the store classes only match the ports by shape; these assignments
// make the typecheck fail the day the shapes drift apart.
describe('store classes fit the worker ports', () => {
  it('assigns SqliteQueue to Queue and SqliteLedger to Ledger', () => {
    const db = openDatabase(':memory:');
    const queue: Queue = new SqliteQueue(db, { name: 'ingest' });
    const ledger: Ledger = new SqliteLedger(db);
    expect(queue.name).toBe('ingest');
    expect(typeof ledger.putIfAbsent).toBe('function');
  });
});
