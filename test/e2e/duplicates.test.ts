import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes, readOutcomes } from './support/outcome-files.ts';
import { listDocuments } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles, sha256Of } from './support/workspace.ts';

const INVOICE = fileURLToPath(new URL('../../examples/commercial-invoice.pdf', import.meta.url));

e2eTest(
  'the same invoice dropped under two names at once is one document with both origins',
  { timeout: 90_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const up = await startUp(e2e, workspace, await pickUpPorts());

    await copyFile(INVOICE, join(workspace.inbox, 'invoice-from-mail.pdf'));
    await copyFile(INVOICE, join(workspace.inbox, 'invoice-from-portal.pdf'));

    await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
      what: 'the result file',
      timeoutMs: 60_000,
      explain: () => e2e.describe(),
    });
    await up.command.waitForLine(
      /^progress: queued 0 · processing 0 · extracted 1 · .* duplicates 1$/,
      10_000,
    );

    expect(await listFiles(workspace.inbox)).toEqual([]);
    expect(await listFiles(workspace.archive)).toEqual(['invoice-from-mail.pdf', 'invoice-from-portal.pdf']);
    const documents = await listDocuments(up.baseUrl, up.apiKey);
    expect(documents.total).toBe(1);

    const { results, failures } = await readOutcomes(workspace);
    expect(failures).toEqual([]);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result?.document_id).toBe(documents.ids[0]);
    expect(result?.document_type).toBe('commercial_invoice');
    expect(result?.payload).toMatchObject({ invoice_number: 'INV-2026-00042' });
    expect(result?.sha256).toBe(sha256Of(await readFile(INVOICE)));
    expect(result?.origins.map((origin) => origin.file_name).sort()).toEqual([
      'invoice-from-mail.pdf',
      'invoice-from-portal.pdf',
    ]);

    expect(await interrupt(up.command)).toEqual({ code: 0, signal: null });
  },
);

e2eTest(
  'the same invoice dropped again after its result was written adds an origin and no second document',
  { timeout: 90_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const up = await startUp(e2e, workspace, await pickUpPorts());

    await copyFile(INVOICE, join(workspace.inbox, 'invoice.pdf'));
    await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
      what: 'the result file of the first copy',
      timeoutMs: 60_000,
      explain: () => e2e.describe(),
    });
    const [first] = (await readOutcomes(workspace)).results;

    await copyFile(INVOICE, join(workspace.inbox, 'invoice-again.pdf'));
    // The progress line counts the second copy once the worker has matched it to the known content.
    await up.command.waitForLine(
      /^progress: queued 0 · processing 0 · extracted 1 · .* duplicates 1$/,
      30_000,
    );

    expect(await listFiles(workspace.inbox)).toEqual([]);
    expect(await listFiles(workspace.archive)).toEqual(['invoice-again.pdf', 'invoice.pdf']);
    // The late origin is added to the existing result file; it then names both drops.
    const names = await waitUntil(
      async () => {
        const outcomes = await readOutcomes(workspace);
        const fileNames = outcomes.results[0]?.origins.map((origin) => origin.file_name).sort();
        return fileNames?.length === 2 ? fileNames : undefined;
      },
      {
        what: 'the second origin in the result file',
        timeoutMs: 30_000,
        explain: async () => `${JSON.stringify(await readOutcomes(workspace))}\n${e2e.describe()}`,
      },
    );
    expect(names).toEqual(['invoice-again.pdf', 'invoice.pdf']);

    const documents = await listDocuments(up.baseUrl, up.apiKey);
    expect(documents.total).toBe(1);
    const { results, failures } = await readOutcomes(workspace);
    expect(failures).toEqual([]);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result?.document_id).toBe(first?.document_id);
    expect(result?.document_id).toBe(documents.ids[0]);
    // Adding an origin leaves what was extracted as it was.
    expect(result?.payload).toEqual(first?.payload);
    expect(result?.document_type).toBe('commercial_invoice');

    expect(await interrupt(up.command)).toEqual({ code: 0, signal: null });
  },
);
