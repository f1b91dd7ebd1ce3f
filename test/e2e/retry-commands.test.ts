import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { z } from 'zod';
import { e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';
import { outcomeNames, readOutcomes } from './support/outcome-files.ts';
import { authorization } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles } from './support/workspace.ts';

const documentState = z.object({
  data: z.object({
    attributes: z.object({ extraction_status: z.string(), extraction_attempts: z.number() }),
  }),
});

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
/** A one-off command: Node, tsx and SQLite start in a few seconds even on a busy machine. */
const COMMAND_TIMEOUT_MS = 30_000;
/** Upload, extraction and webhook of one small PDF, with room for a busy machine. */
const OUTCOME_TIMEOUT_MS = 60_000;

e2eTest(
  'retry rejected moves set-aside files back into the inbox and removes their reasons',
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    await mkdir(workspace.rejected);
    await writeFile(join(workspace.rejected, 'junk.pdf'), 'junk');
    await writeFile(
      join(workspace.rejected, 'junk.pdf.reason.txt'),
      'file: junk.pdf\nreason: unsupported_type\ndetail: not a PDF\n',
    );
    await writeFile(join(workspace.rejected, 'orphan.pdf'), 'no reason file');
    // Already in the inbox under that name: the returning file must not overwrite it.
    await writeFile(join(workspace.inbox, 'junk.pdf'), 'newer junk');

    const retried = await e2e.run(['retry', 'rejected', '--inbox', workspace.inbox], {
      cwd: workspace.root,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    expect(retried.status.code, e2e.describe()).toBe(0);
    expect(retried.stdout).toContain('  junk (1).pdf  (was: unsupported_type: not a PDF)');
    expect(retried.stdout).toContain(`moved 2 files back into ${workspace.inbox}`);
    expect(await listFiles(workspace.rejected)).toEqual([]);
    expect(await listFiles(workspace.inbox)).toEqual(['junk (1).pdf', 'junk.pdf', 'orphan.pdf']);
    expect(await readFile(join(workspace.inbox, 'junk.pdf'), 'utf8')).toBe('newer junk');
    expect(await readFile(join(workspace.inbox, 'junk (1).pdf'), 'utf8')).toBe('junk');

    const again = await e2e.run(['retry', 'rejected', '--inbox', workspace.inbox], {
      cwd: workspace.root,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    expect(again.stdout).toBe(`nothing to retry in ${workspace.rejected}\n`);
  },
);

e2eTest(
  'retry failed asks the running service to re-extract each document in out/failed',
  { timeout: 150_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    // Straight to failed/, so the test does not wait for the backoff.
    const up = await startUp(e2e, workspace, ports, { STEVEDORE_MAX_REEXTRACTS: '0' });
    // `ls out/results out/failed` works before the first outcome.
    expect(await listFiles(workspace.results)).toEqual([]);
    expect(await listFiles(workspace.failed)).toEqual([]);

    await copyFile(join(EXAMPLES, 'scanned.pdf'), join(workspace.inbox, 'scanned.pdf'));
    // Outcome files only: the sink's temporary file of a write in progress is in the folder too.
    await waitUntil(async () => (await outcomeNames(workspace.failed)).length === 1, {
      what: 'scanned.pdf in out/failed',
      timeoutMs: OUTCOME_TIMEOUT_MS,
      explain: () => e2e.describe(),
    });
    const [failure] = (await readOutcomes(workspace)).failures;
    const id = failure?.document_id ?? '';

    const retried = await e2e.run(
      [
        'retry',
        'failed',
        '--port',
        String(ports.service),
        '--data-dir',
        workspace.dataDir,
        '--out',
        workspace.out,
      ],
      { cwd: workspace.root, timeoutMs: COMMAND_TIMEOUT_MS },
    );
    expect(retried.status.code, e2e.describe()).toBe(0);
    expect(retried.stdout).toContain(`  ${id}  (was: no_text_layer)`);
    expect(retried.stdout).toContain('asked the service to re-extract 1 document');

    const attempts = await waitUntil(
      async () => {
        const response = await fetch(`${up.baseUrl}/documents/${id}`, { headers: authorization(up.apiKey) });
        const { extraction_attempts, extraction_status } = documentState.parse(await response.json()).data
          .attributes;
        return extraction_status === 'failed' && extraction_attempts === 2 ? extraction_attempts : undefined;
      },
      { what: 'a second extraction attempt', timeoutMs: OUTCOME_TIMEOUT_MS, explain: () => e2e.describe() },
    );
    expect(attempts).toBe(2);
    // Failing again keeps the document where it was.
    expect(await outcomeNames(workspace.failed)).toEqual([`${id}.json`]);
    expect((await interrupt(up.command)).code).toBe(0);
    expect(up.command.stderr).not.toContain('no webhook secret is configured yet');
  },
);

e2eTest('retry failed without a running service says to start stevedore up first', async ({ e2e }) => {
  const workspace = await e2e.workspace();
  await mkdir(workspace.failed, { recursive: true });
  await writeFile(join(workspace.failed, 'doc-1.json'), JSON.stringify({ document_id: 'doc-1' }));
  const port = await freePort();
  const retried = await e2e.run(['retry', 'failed', '--port', String(port), '--out', workspace.out], {
    cwd: workspace.root,
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
  expect(retried.status.code).toBe(1);
  expect(retried.stderr).toContain(
    `no service runs at http://127.0.0.1:${port}/v2: start \`stevedore up\` first`,
  );
});
