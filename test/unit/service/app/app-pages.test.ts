import { describe, expect, test } from 'vitest';
import { documentPage, documentsPage } from '../../../../src/service/app/documents-page.ts';
import { HOME_PATH, safeNext } from '../../../../src/service/app/safe-next.ts';
import type {
  DocumentRecord,
  RepresentationRecord,
} from '../../../../src/service/documents/document-records.ts';

describe('safeNext: only a path on this site', () => {
  test.each([
    ['/shipments/find?q=MSCU%201', '/shipments/find?q=MSCU%201'],
    ['/documents#top', '/documents#top'],
    ['/a/../shipments', '/shipments'],
  ])('%s stays %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
  test.each([
    undefined,
    '',
    'shipments',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    `/${'a'.repeat(2_001)}`,
  ])('%s goes home', (next) => {
    expect(safeNext(next)).toBe(HOME_PATH);
  });
});

const document: DocumentRecord = {
  id: 'doc-1',
  accountId: 'acct',
  blobId: 'blob',
  emailSubmissionId: null,
  name: 'invoice <1>.pdf',
  source: 'upload',
  sha256: 'x',
  fileName: 'invoice <1>.pdf',
  fileContentType: 'application/pdf',
  fileSizeBytes: 1_000,
  documentType: 'commercial_invoice',
  documentTypeManual: null,
  classificationNotes: null,
  extractionStatus: 'extracted',
  extractionAttempts: 1,
  enqueuedAttempt: 1,
  outcomeAttempt: 1,
  extractionError: null,
  lastRepresentationId: 'rep-1',
  createdAt: Date.UTC(2026, 10, 1, 9, 30),
  updatedAt: Date.UTC(2026, 10, 1, 9, 31),
};

describe('the documents pages', () => {
  test('the list: name (escaped, linked), type, status, created', async () => {
    const page = String(await documentsPage({ records: [document], page: 1, pageSize: 25, total: 1 }));
    expect(page).toContain('<a href="/documents/doc-1">invoice &lt;1&gt;.pdf</a>');
    expect(page).toContain('commercial_invoice');
    expect(page).toContain('extracted');
    expect(page).toContain('<time datetime="2026-11-01T09:30:00.000Z">2026-11-01 09:30 UTC</time>');
    expect(page).toContain('<th scope="col">Status</th>');
  });
  test("a document's extracted fields, nested values as JSON", async () => {
    const representation: RepresentationRecord = {
      id: 'rep-1',
      documentId: 'doc-1',
      attempt: 1,
      documentType: 'commercial_invoice',
      schemaVersion: '1',
      payload: { invoice_number: 'INV-42', total: 1250.5, line_items: [{ sku: 'A<1>' }] },
      createdAt: 0,
      updatedAt: 0,
    };
    const page = String(await documentPage(document, representation));
    expect(page).toContain('<th scope="row">invoice_number</th><td>INV-42</td>');
    expect(page).toContain('<td>1250.5</td>');
    expect(page).toContain('&quot;sku&quot;: &quot;A&lt;1&gt;&quot;');
    const pending = String(await documentPage({ ...document, extractionStatus: 'processing' }, undefined));
    expect(pending).toContain('No extracted fields yet (status: processing)');
  });
});
