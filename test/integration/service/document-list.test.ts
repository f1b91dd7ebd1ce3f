import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { type DocumentType, documentTypes } from '../../../src/contract/document.ts';
import { SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS } from '../../../src/service/db/service-schema.ts';
import {
  type CursorValues,
  DocumentList,
  MAX_COUNTED_TOTAL,
  type SortKey,
} from '../../../src/service/documents/document-list.ts';
import { migrate } from '../../../src/store/database.ts';
import { useTempDatabases } from '../store/temp-database.ts';

const ACCOUNT = 'acct';
const temp = useTempDatabases();

interface Row {
  readonly id: string;
  readonly type: DocumentType | null;
  readonly createdAt: number;
  readonly fileName: string;
}

/** Documents with ties (four per millisecond) and unclassified ones, written straight to a real file. */
function seed(db: DatabaseSync, count: number, first = 0, account = ACCOUNT): Row[] {
  db.prepare('INSERT OR IGNORE INTO accounts (id, name, created_at) VALUES (?, ?, 0)').run(account, account);
  const rows: Row[] = [];
  for (let i = first; i < first + count; i += 1) {
    const row: Row = {
      id: `${account}-${i}`,
      type: i % 6 === 0 ? null : (documentTypes[i % documentTypes.length] ?? null),
      createdAt: Math.floor(i / 4),
      fileName: `${i % 3 === 0 ? 'Invoice' : 'bl'}_${i}%"x.pdf`,
    };
    db.prepare(
      `INSERT INTO blobs (id, account_id, key, filename, content_type, byte_size, checksum, sha256, created_at)
       VALUES (?, ?, ?, ?, 'application/pdf', 1, 'c', ?, 0)`,
    ).run(row.id, account, row.id, row.fileName, row.id);
    db.prepare(
      `INSERT INTO documents (id, account_id, blob_id, name, source, sha256, file_name, document_type,
         extraction_status, extraction_attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'api', ?, ?, ?, 'pending', 1, ?, ?)`,
    ).run(
      row.id,
      account,
      row.id,
      row.fileName,
      row.id,
      row.fileName,
      row.type,
      row.createdAt,
      row.createdAt,
    );
    rows.push(row);
  }
  return rows;
}

const SORTS: ReadonlyArray<readonly SortKey[]> = [
  [{ field: 'created_at', descending: true }],
  [{ field: 'created_at', descending: false }],
  [{ field: 'document_type', descending: false }],
  [{ field: 'document_type', descending: true }],
  [
    { field: 'document_type', descending: false },
    { field: 'created_at', descending: true },
  ],
  [
    { field: 'document_type', descending: true },
    { field: 'created_at', descending: false },
  ],
  [
    { field: 'created_at', descending: false },
    { field: 'document_type', descending: true },
  ],
];

describe('document lists over a real database', () => {
  it('pages by number, by next cursors and by prev cursors in the same order, ties and NULL types included', () => {
    const db = temp.open(temp.tempPath());
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
    seed(db, 61);
    const list = new DocumentList(db);
    const size = 7;
    for (const sort of SORTS) {
      const byNumber: string[] = [];
      for (let number = 1; number <= 9; number += 1) {
        byNumber.push(
          ...list.page(ACCOUNT, {}, sort, { kind: 'number', number, size }).records.map((r) => r.id),
        );
      }
      expect(new Set(byNumber).size).toBe(61);

      const forwards: string[] = [];
      let page = list.page(ACCOUNT, {}, sort, { kind: 'number', number: 1, size });
      forwards.push(...page.records.map((r) => r.id));
      while (page.hasNext) {
        const cursor: CursorValues | undefined = page.lastCursor;
        if (cursor === undefined) throw new Error('a page with a next page has a last row');
        page = list.page(ACCOUNT, {}, sort, { kind: 'after', cursor, size });
        forwards.push(...page.records.map((r) => r.id));
      }
      expect(forwards).toEqual(byNumber);

      const backwards: string[] = [];
      page = list.page(ACCOUNT, {}, sort, { kind: 'number', number: 9, size });
      backwards.unshift(...page.records.map((r) => r.id));
      while (page.hasPrev) {
        const cursor = page.firstCursor;
        if (cursor === undefined) throw new Error('a page with a previous page has a first row');
        page = list.page(ACCOUNT, {}, sort, { kind: 'before', cursor, size });
        backwards.unshift(...page.records.map((r) => r.id));
      }
      expect(backwards).toEqual(byNumber);
    }
  });

  it('backfills counts and the name index when an existing database migrates, then keeps them as rows change', () => {
    const db = temp.open(temp.tempPath());
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS.slice(0, 1));
    const before = seed(db, 30);
    seed(db, 5, 0, 'other-account');
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
    const after = seed(db, 10, 30);
    const list = new DocumentList(db);
    const first = { kind: 'number', number: 1, size: 100 } as const;
    const sort = SORTS[0] ?? [];
    const all = [...before, ...after];

    expect(list.page(ACCOUNT, {}, sort, first).total).toBe(40);
    const invoices = all.filter((row) => row.type === 'commercial_invoice').length;
    expect(list.page(ACCOUNT, { documentTypes: ['commercial_invoice'] }, sort, first).total).toBe(invoices);

    // Classification moves a document between type counts.
    db.prepare("UPDATE documents SET document_type = 'commercial_invoice' WHERE id = ?").run(`${ACCOUNT}-0`);
    expect(list.page(ACCOUNT, { documentTypes: ['commercial_invoice'] }, sort, first).total).toBe(
      invoices + 1,
    );
    expect(list.page(ACCOUNT, {}, sort, first).total).toBe(40);

    // File names: any case, characters LIKE and FTS treat specially taken literally, short and long.
    const names = (filename: string) =>
      list
        .page(ACCOUNT, { filename }, sort, first)
        .records.map((r) => r.id)
        .sort();
    const expected = (part: string) =>
      all
        .filter((row) => row.fileName.toLowerCase().includes(part.toLowerCase()))
        .map((row) => row.id)
        .sort();
    for (const part of ['invoice_3', 'INVOICE', 'bl_1', '%"x', '"', '%', '_', 'l_', 'no such name']) {
      expect(names(part), part).toEqual(expected(part));
    }
    const page = list.page(ACCOUNT, { filename: 'invoice' }, sort, first);
    expect({ total: page.total, exact: page.totalExact }).toEqual({
      total: expected('invoice').length,
      exact: true,
    });
  });

  it('counts a filtered list only up to its bound, then says the total is a lower bound', () => {
    const db = temp.open(temp.tempPath());
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
    seed(db, MAX_COUNTED_TOTAL + 200);
    const list = new DocumentList(db);
    const page = list.page(ACCOUNT, { filename: '.pdf' }, SORTS[0] ?? [], {
      kind: 'number',
      number: 2,
      size: 10,
    });
    expect(page.records).toHaveLength(10);
    expect({ total: page.total, exact: page.totalExact }).toEqual({ total: MAX_COUNTED_TOTAL, exact: false });
    expect(page.hasNext).toBe(true);
  });
});
