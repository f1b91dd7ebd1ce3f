import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';
import { parseIngestOutput } from './support/ingest-output.ts';
import { listFiles } from './support/workspace.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
/** `ingest` starts a service of its own, uploads and waits for the extraction: seconds, not minutes. */
const RUN_TIMEOUT_MS = 60_000;

// Concurrent: each run has its own data dir and its own service, and mostly waits.
describe.concurrent('stevedore ingest (no service running: it starts its own)', () => {
  e2eTest(
    'prints the extracted invoice as JSON and exits 0',
    { timeout: 90_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const invoice = join(EXAMPLES, 'commercial-invoice.pdf');
      const run = await e2e.run(
        ['ingest', invoice, '--port', String(await freePort()), '--data-dir', workspace.dataDir],
        { cwd: workspace.root, timeoutMs: RUN_TIMEOUT_MS },
      );

      expect(run.status, run.stderr).toEqual({ code: 0, signal: null });
      const [summary, ...others] = parseIngestOutput(run.stdout);
      expect(others).toEqual([]);
      expect(summary).toMatchObject({
        file: invoice,
        duplicate: false,
        status: 'extracted',
        document_type: 'commercial_invoice',
        payload: {
          invoice_number: 'INV-2026-00042',
          invoice_date: '2026-11-21',
          total_amount: '12345.60',
          currency: 'USD',
        },
      });
    },
  );

  e2eTest('exits 1 on an encrypted PDF and says why', { timeout: 90_000 }, async ({ e2e, expect }) => {
    const workspace = await e2e.workspace();
    const encrypted = join(EXAMPLES, 'encrypted.pdf');
    const run = await e2e.run(
      ['ingest', encrypted, '--port', String(await freePort()), '--data-dir', workspace.dataDir],
      { cwd: workspace.root, timeoutMs: RUN_TIMEOUT_MS },
    );

    expect(run.status, run.stderr).toEqual({ code: 1, signal: null });
    expect(parseIngestOutput(run.stdout)).toEqual([
      expect.objectContaining({
        file: encrypted,
        status: 'failed',
        document_type: null,
        error: { reason: 'encrypted', detail: expect.stringMatching(/password/) },
      }),
    ]);
  });

  e2eTest(
    'exits 1 naming a file that does not exist, and still ingests the others',
    { timeout: 90_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const missing = join(workspace.root, 'no-such-invoice.pdf');
      const packingList = join(EXAMPLES, 'packing-list.pdf');
      const run = await e2e.run(
        ['ingest', missing, packingList, '--port', String(await freePort()), '--data-dir', workspace.dataDir],
        { cwd: workspace.root, timeoutMs: RUN_TIMEOUT_MS },
      );

      expect(run.status, run.stderr).toEqual({ code: 1, signal: null });
      const problem = run.stderr.split('\n').find((line) => line.startsWith(`${missing}: `));
      expect(problem, run.stderr).toMatch(/no such file/i);
      expect(parseIngestOutput(run.stdout)).toEqual([
        expect.objectContaining({ file: packingList, status: 'extracted', document_type: 'packing_list' }),
      ]);
    },
  );

  e2eTest(
    'refuses what the inbox refuses, naming the file and the reason, and still ingests the others',
    { timeout: 90_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const notes = join(workspace.root, 'notes.txt');
      const empty = join(workspace.root, 'empty.pdf');
      await writeFile(notes, 'not a shipping document\n');
      await writeFile(empty, '');
      const packingList = join(EXAMPLES, 'packing-list.pdf');
      const run = await e2e.run(
        [
          'ingest',
          notes,
          empty,
          packingList,
          '--port',
          String(await freePort()),
          '--data-dir',
          workspace.dataDir,
        ],
        { cwd: workspace.root, timeoutMs: RUN_TIMEOUT_MS },
      );

      expect(run.status, run.stderr).toEqual({ code: 1, signal: null });
      const lines = run.stderr.split('\n');
      expect(lines.find((line) => line.startsWith(`${notes}: `))).toMatch(
        /not ingested: the content is an unrecognised format; accepted: PDF, PNG, JPEG, TIFF \(unsupported_type\)/,
      );
      expect(lines.find((line) => line.startsWith(`${empty}: `))).toMatch(
        /not ingested: the file is empty.*\(empty\)/,
      );
      expect(parseIngestOutput(run.stdout)).toEqual([
        expect.objectContaining({ file: packingList, status: 'extracted', document_type: 'packing_list' }),
      ]);
    },
  );

  e2eTest(
    'refusing every file starts no service and exits 1',
    { timeout: 60_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const picture = join(workspace.root, 'logo.gif');
      await writeFile(picture, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
      const run = await e2e.run(
        ['ingest', picture, '--port', String(await freePort()), '--data-dir', workspace.dataDir],
        {
          cwd: workspace.root,
          timeoutMs: RUN_TIMEOUT_MS,
        },
      );

      expect(run.status, run.stderr).toEqual({ code: 1, signal: null });
      expect(run.stderr).toContain(`${picture}: not ingested: the content is image/gif (.gif)`);
      expect(run.stdout).toBe('');
      expect(await listFiles(workspace.dataDir)).toEqual([]);
    },
  );
});
