import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes, readOutcomes } from './support/outcome-files.ts';
import { listDocuments } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles, pseudoRandomBytes, sha256Of } from './support/workspace.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** Key fields of each valid example, as examples/README.md documents them. */
const EXPECTED_RESULTS: Record<string, { documentType: string; payload: Record<string, unknown> }> = {
  'commercial-invoice.pdf': {
    documentType: 'commercial_invoice',
    payload: { invoice_number: 'INV-2026-00042', total_amount: '12345.60', currency: 'USD' },
  },
  'bill-of-lading.pdf': {
    documentType: 'bill_of_lading',
    payload: {
      bill_of_lading_number: 'MAEU262418530',
      scac: 'MAEU',
      container_numbers: ['MSKU1000016', 'MRKU4829138'],
      rejected_container_numbers: [],
    },
  },
  'bill-of-lading-invalid-container.pdf': {
    documentType: 'bill_of_lading',
    payload: {
      bill_of_lading_number: 'MAEU262418531',
      container_numbers: ['MRKU4829138'],
      rejected_container_numbers: [
        { value: 'MSKU1000017', reason: 'check_digit_mismatch', detail: 'check digit should be 6, got 7' },
      ],
    },
  },
  'arrival-notice.pdf': {
    documentType: 'arrival_notice',
    payload: {
      bill_of_lading_number: 'MAEU262418530',
      container_numbers: ['MSKU1000016', 'MRKU4829138'],
      eta: '2026-12-14',
      last_free_day: '2026-12-19',
    },
  },
  'packing-list.pdf': {
    documentType: 'packing_list',
    payload: {
      packing_list_number: 'PL-2026-00042',
      package_count: 280,
      gross_weight_kg: '7970.50',
      container_numbers: ['MSKU1000016', 'MRKU4829138'],
    },
  },
};
const EXPECTED_FAILURES: Record<string, string> = {
  'scanned.pdf': 'no_text_layer',
  'encrypted.pdf': 'encrypted',
};
const EXAMPLE_NAMES = [...Object.keys(EXPECTED_RESULTS), ...Object.keys(EXPECTED_FAILURES)].sort();
const MAX_REEXTRACTS = 1;
const PARTIAL_NAME = 'still-copying.pdf.part';

e2eTest(
  'every example PDF ends in results/ or failed/, originals are archived, junk is rejected, .part is left alone',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    const up = await startUp(e2e, workspace, ports, {
      STEVEDORE_MAX_REEXTRACTS: String(MAX_REEXTRACTS),
      // Failures then finish in seconds instead of the default half minute and more.
      STEVEDORE_REEXTRACT_BACKOFF_SECONDS: '1',
    });

    const banner = up.command.stdoutLines;
    expect(banner[0]).toBe('stevedore is up');
    expect(banner).toContain(`  service   http://127.0.0.1:${ports.service}/v2`);
    expect(banner).toContain(
      `  app       http://127.0.0.1:${ports.service}/shipments   (sign in with the API key)`,
    );
    expect(banner).toContain(`  API key   ${join(workspace.dataDir, 'api-key')}`);
    expect(banner).toContain(`  inbox     ${workspace.inbox}   (drop PDFs here)`);
    expect(banner).toContain(`  results   ${workspace.results}`);
    expect(banner).toContain(`  failures  ${workspace.failed}`);
    expect(banner).toContain(`  webhooks  http://127.0.0.1:${ports.receiver}/webhooks`);
    // The MCP server on the port the test environment asks the kernel to pick, and how to add it.
    expect(banner.some((line) => /^ {2}MCP {7}http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(line))).toBe(true);
    expect(banner.some((line) => line.includes('claude mcp add --transport http stevedore'))).toBe(true);

    const invoice = await readFile(join(EXAMPLES, 'commercial-invoice.pdf'));
    await Promise.all(
      EXAMPLE_NAMES.map((name) => copyFile(join(EXAMPLES, name), join(workspace.inbox, name))),
    );
    await writeFile(join(workspace.inbox, 'empty.pdf'), '');
    await writeFile(join(workspace.inbox, 'noise.txt'), pseudoRandomBytes(2_000, 'noise'));
    // A complete PDF, but the name says a copy is still in progress.
    await writeFile(join(workspace.inbox, PARTIAL_NAME), invoice);

    await waitUntil(async () => (await countOutcomes(workspace)) === EXAMPLE_NAMES.length, {
      what: `${EXAMPLE_NAMES.length} outcome files`,
      timeoutMs: 90_000,
      explain: () => e2e.describe(),
    });
    await up.command.waitForLine(
      /^progress: queued 0 · processing 0 · extracted 5 · failed 2 · rejected 2 · duplicates 0$/,
      10_000,
    );

    const { results, failures } = await readOutcomes(workspace);
    const documents = await listDocuments(up.baseUrl, up.apiKey);
    expect(documents.total).toBe(EXAMPLE_NAMES.length);
    expect([...documents.ids].sort()).toEqual(
      [...results, ...failures].map((outcome) => outcome.document_id).sort(),
    );

    expect(results.map((result) => result.origins.map((origin) => origin.file_name)).sort()).toEqual(
      Object.keys(EXPECTED_RESULTS)
        .sort()
        .map((name) => [name]),
    );
    for (const result of results) {
      const name = result.origins[0]?.file_name ?? '';
      const expected = EXPECTED_RESULTS[name];
      expect(result.document_type, name).toBe(expected?.documentType);
      expect(result.payload, name).toMatchObject(expected?.payload ?? {});
      expect(result.sha256, name).toBe(sha256Of(await readFile(join(EXAMPLES, name))));
      expect(result.origins[0]?.source, name).toBe('folder');
      // Where the file is now: the inbox path stops existing once the file is archived.
      expect(result.origins[0]?.location, name).toBe(join(workspace.archive, name));
    }

    expect(failures.map((failure) => failure.origins.map((origin) => origin.file_name)).sort()).toEqual(
      Object.keys(EXPECTED_FAILURES)
        .sort()
        .map((name) => [name]),
    );
    for (const failure of failures) {
      const name = failure.origins[0]?.file_name ?? '';
      const reason = EXPECTED_FAILURES[name];
      expect(failure.reason, name).toBe(reason);
      expect(failure.detail, name).not.toBe('');
      // Both reasons are permanent: re-extracting cannot change them, so the first attempt is the last.
      expect(
        failure.attempts.map((attempt) => [attempt.attempt, attempt.reason]),
        name,
      ).toEqual([[1, reason]]);
    }

    expect(await listFiles(workspace.archive)).toEqual(EXAMPLE_NAMES);
    for (const name of EXAMPLE_NAMES) {
      expect(await readFile(join(workspace.archive, name)), name).toEqual(
        await readFile(join(EXAMPLES, name)),
      );
    }

    expect(await listFiles(workspace.rejected)).toEqual([
      'empty.pdf',
      'empty.pdf.reason.txt',
      'noise.txt',
      'noise.txt.reason.txt',
    ]);
    expect(await readFile(join(workspace.rejected, 'empty.pdf.reason.txt'), 'utf8')).toMatch(
      /^reason: empty$/m,
    );
    expect(await readFile(join(workspace.rejected, 'noise.txt.reason.txt'), 'utf8')).toMatch(
      /^reason: unsupported_type$/m,
    );
    expect(await readFile(join(workspace.rejected, 'noise.txt'))).toEqual(pseudoRandomBytes(2_000, 'noise'));

    // Everything else was taken long after the 2 s stability window, so the .part file was seen and skipped.
    expect(await listFiles(workspace.inbox)).toEqual([PARTIAL_NAME]);
    expect(await readFile(join(workspace.inbox, PARTIAL_NAME))).toEqual(invoice);

    const exit = await interrupt(up.command);
    expect(exit).toEqual({ code: 0, signal: null });
    const [stopping, stopped] = up.command.stdoutLines.slice(-2);
    expect(stopping).toMatch(/^stopping/);
    expect(stopped).toBe('stopped');
  },
);
