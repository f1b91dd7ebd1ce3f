import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eTest } from './support/e2e-test.ts';
import { parseIngestOutput } from './support/ingest-output.ts';
import { logLinesWith } from './support/log-lines.ts';
import { countOutcomes, outcomeNames } from './support/outcome-files.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
/** One upload and one extraction on the running service: seconds, not minutes. */
const RUN_TIMEOUT_MS = 60_000;
/** The worker waits one short redelivery (2 s) before naming the service as the origin. */
const OUTCOME_TIMEOUT_MS = 30_000;
/** pino's level of warnings; anything at or above it shows on the `up` screen. */
const WARN_LEVEL = 40;

e2eTest(
  'an ingest alongside up gets its outcome file with the service as origin, and up warns about nothing',
  { timeout: 120_000 },
  async ({ e2e, expect }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    const up = await startUp(e2e, workspace, ports);
    const invoice = join(EXAMPLES, 'commercial-invoice.pdf');
    const run = await e2e.run(
      ['ingest', invoice, '--port', String(ports.service), '--data-dir', workspace.dataDir],
      { cwd: workspace.root, timeoutMs: RUN_TIMEOUT_MS },
    );
    expect(run.status, run.stderr).toEqual({ code: 0, signal: null });
    expect(parseIngestOutput(run.stdout)).toEqual([expect.objectContaining({ status: 'extracted' })]);

    await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
      what: "up's outcome file of the ingested document",
      timeoutMs: OUTCOME_TIMEOUT_MS,
      explain: () => up.command.describe(),
    });
    const [name] = await outcomeNames(workspace.results);
    const outcome: unknown = JSON.parse(await readFile(join(workspace.results, name ?? ''), 'utf8'));
    expect(outcome).toMatchObject({
      origins: [{ source: 'api', origin_id: expect.stringMatching(/^service:/) }],
    });
    expect((await interrupt(up.command)).code).toBe(0);
    const failed = logLinesWith(up.command.stderr, 'message failed; it will come back');
    expect(failed.filter((line) => line.level >= WARN_LEVEL)).toEqual([]);
  },
);
