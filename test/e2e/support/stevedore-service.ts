import type { E2eScope } from './e2e-test.ts';
import { freePort } from './free-port.ts';
import type { StevedoreCommand } from './stevedore-command.ts';
import type { Workspace } from './workspace.ts';

/** Starting means Node, tsx, SQLite and an HTTP server: a few seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;

export interface RunningService {
  readonly workspace: Workspace;
  readonly command: StevedoreCommand;
  readonly port: number;
  /** http://127.0.0.1:<port>, without `/v2`. */
  readonly origin: string;
}

/** `stevedore service` on a free port in a fresh workspace, once it has printed where its API key is. */
export async function startServiceCommand(e2e: E2eScope): Promise<RunningService> {
  const workspace = await e2e.workspace();
  const port = await freePort();
  const command = e2e.start(['service', '--port', String(port), '--data-dir', workspace.dataDir], {
    cwd: workspace.root,
  });
  await command.waitForLine(/^API key /, START_TIMEOUT_MS);
  return { workspace, command, port, origin: `http://127.0.0.1:${port}` };
}
