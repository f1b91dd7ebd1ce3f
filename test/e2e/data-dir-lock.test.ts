import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';
import { countOutcomes, readOutcomes } from './support/outcome-files.ts';
import { interrupt, pickUpPorts, startUp, upArgs } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles } from './support/workspace.ts';

const INVOICE = fileURLToPath(new URL('../../examples/commercial-invoice.pdf', import.meta.url));
/** A refused start opens no server and no queue; it ends as soon as Node and tsx have loaded. */
const REFUSAL_TIMEOUT_MS = 30_000;
/**
 * Well under the reconciler's default 300 s: an outcome this soon came by webhook, so the running `up`
 * still owns the subscription.
 */
const OUTCOME_TIMEOUT_MS = 60_000;

const ISO_TIME = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';

describe('one process per data dir', () => {
  e2eTest(
    'a second up, service or ingest on the same data dir refuses, naming the running up, which carries on',
    { timeout: 180_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const ports = await pickUpPorts();
      const first = await startUp(e2e, workspace, ports);
      const holder = new RegExp(
        `^stevedore: ${workspace.dataDir} is in use by stevedore up \\(pid ${first.command.pid}, ` +
          `service port ${ports.service}, receiver port ${ports.receiver}, since ${ISO_TIME}\\): ` +
          'stop it first, or use another --data-dir \\(STEVEDORE_DATA_DIR\\)$',
      );

      const others = await pickUpPorts();
      const attempts = [
        upArgs(workspace, others),
        ['service', '--port', String(others.service), '--data-dir', workspace.dataDir],
        // Nothing answers on this port, so ingest would start a service of its own on the data dir.
        ['ingest', INVOICE, '--port', String(await freePort()), '--data-dir', workspace.dataDir],
      ];
      for (const args of attempts) {
        const refused = await e2e.run(args, { cwd: workspace.root, timeoutMs: REFUSAL_TIMEOUT_MS });
        expect(refused.status, `${args[0]}: ${refused.stderr}`).toEqual({ code: 1, signal: null });
        expect(refused.stderr.trim(), args[0]).toMatch(holder);
        expect(refused.stdout, args[0]).toBe('');
      }

      await copyFile(INVOICE, join(workspace.inbox, 'invoice.pdf'));
      await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
        what: 'the outcome of a file dropped after the refused starts',
        timeoutMs: OUTCOME_TIMEOUT_MS,
        explain: () => e2e.describe(),
      });
      const { results } = await readOutcomes(workspace);
      expect(results.map((result) => result.document_type)).toEqual(['commercial_invoice']);
      expect(await interrupt(first.command)).toEqual({ code: 0, signal: null });
      // A clean stop takes its account of itself away with the lock.
      expect(await listFiles(workspace.dataDir)).not.toContain('instance.json');
    },
  );

  e2eTest(
    'the lock dies with a killed up: the next start on the data dir goes ahead at once',
    { timeout: 120_000 },
    async ({ e2e, expect }) => {
      const workspace = await e2e.workspace();
      const first = await startUp(e2e, workspace, await pickUpPorts());
      const killedPid = first.command.pid;
      expect(await first.command.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      // The killed run's account of itself is still there, and is no obstacle.
      const stale = JSON.parse(await readFile(join(workspace.dataDir, 'instance.json'), 'utf8'));
      expect(stale).toMatchObject({ pid: killedPid, command: 'stevedore up' });

      const second = await startUp(e2e, workspace, await pickUpPorts());
      const current = JSON.parse(await readFile(join(workspace.dataDir, 'instance.json'), 'utf8'));
      expect(current).toMatchObject({ pid: second.command.pid, command: 'stevedore up' });
      expect(await interrupt(second.command)).toEqual({ code: 0, signal: null });
    },
  );
});
