import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { makeSampleCorpus } from '../support/samples/sample-corpus.ts';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes, readOutcomes } from './support/outcome-files.ts';
import { listDocuments } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles, sha256Of } from './support/workspace.ts';

const DOCUMENTS = 12;
const ENV = { STEVEDORE_RECONCILE_AFTER_SECONDS: '5' };
/**
 * Work handed back on Ctrl-C is visible again at once, so the restart finishes well before the 60 s
 * visibility timeout that only work abandoned by a crash has to wait out.
 */
const RESTART_FINISHES_WITHIN_MS = 45_000;

e2eTest(
  'Ctrl-C while files are in flight exits 0 after "stopped", and the next start finishes the rest',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const corpus = await makeSampleCorpus(DOCUMENTS, 424242);
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    const first = await startUp(e2e, workspace, ports, ENV);
    for (const sample of corpus) await writeFile(join(workspace.inbox, sample.name), sample.bytes);

    // Every file staged and archived: from here on the uploads and extractions are what is in flight.
    await waitUntil(async () => (await listFiles(workspace.inbox)).length === 0, {
      what: 'every file taken from the inbox',
      timeoutMs: 30_000,
      explain: () => e2e.describe(),
    });
    const outcomesAtStop = await countOutcomes(workspace);
    expect(outcomesAtStop).toBeLessThan(DOCUMENTS);

    expect(await interrupt(first.command)).toEqual({ code: 0, signal: null });
    const lines = first.command.stdoutLines;
    expect(lines.at(-1)).toBe('stopped');
    expect(lines.at(-2)).toMatch(/^stopping/);

    const restartedAt = Date.now();
    const second = await startUp(e2e, workspace, ports, ENV);
    await waitUntil(async () => (await countOutcomes(workspace)) === DOCUMENTS, {
      what: `${DOCUMENTS} outcomes after the restart`,
      timeoutMs: RESTART_FINISHES_WITHIN_MS,
      explain: () => e2e.describe(),
    });
    expect(Date.now() - restartedAt).toBeLessThan(RESTART_FINISHES_WITHIN_MS);

    expect(await listFiles(workspace.inbox)).toEqual([]);
    expect(await listFiles(workspace.archive)).toEqual(corpus.map((sample) => sample.name).sort());
    const { results, failures } = await readOutcomes(workspace);
    expect(failures).toEqual([]);
    const expectedTypes = new Map(
      corpus.map((sample) => [sha256Of(sample.bytes), sample.expected.documentType]),
    );
    expect(new Map(results.map((result) => [result.sha256, result.document_type]))).toEqual(expectedTypes);
    const documents = await listDocuments(second.baseUrl, second.apiKey);
    expect(documents.total).toBe(DOCUMENTS);
    expect([...documents.ids].sort()).toEqual(results.map((result) => result.document_id).sort());

    expect(await interrupt(second.command)).toEqual({ code: 0, signal: null });
  },
);
