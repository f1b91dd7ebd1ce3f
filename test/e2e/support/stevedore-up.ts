import type { E2eScope } from './e2e-test.ts';
import { freePort } from './free-port.ts';
import { readApiKey } from './service-api.ts';
import type { ExitStatus, StevedoreCommand } from './stevedore-command.ts';
import type { Workspace } from './workspace.ts';

/** Starting means Node, tsx, SQLite and two HTTP servers: a few seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;
/** Graceful stop drains uploads for up to 10 s, then the events stage; well above both. */
const STOP_TIMEOUT_MS = 45_000;

export interface UpPorts {
  readonly service: number;
  readonly receiver: number;
}

export async function pickUpPorts(): Promise<UpPorts> {
  const service = await freePort();
  let receiver = await freePort();
  while (receiver === service) receiver = await freePort();
  return { service, receiver };
}

export interface RunningUp {
  readonly command: StevedoreCommand;
  readonly baseUrl: string;
  readonly apiKey: string;
}

export const upArgs = (workspace: Workspace, ports: UpPorts): string[] => [
  'up',
  '--port',
  String(ports.service),
  '--receiver-port',
  String(ports.receiver),
  '--data-dir',
  workspace.dataDir,
  '--inbox',
  workspace.inbox,
  '--out',
  workspace.out,
];

/** `stevedore up` on the workspace, once its banner is complete (the worker then watches the inbox). */
export async function startUp(
  scope: E2eScope,
  workspace: Workspace,
  ports: UpPorts,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningUp> {
  const command = scope.start(upArgs(workspace, ports), { cwd: workspace.root, env });
  await command.waitForLine(/^Press Ctrl-C to stop\.$/, START_TIMEOUT_MS);
  return {
    command,
    baseUrl: `http://127.0.0.1:${ports.service}/v2`,
    apiKey: await readApiKey(workspace.dataDir),
  };
}

/** Ctrl-C, and the exit status once the process has finished or handed back its work. */
export async function interrupt(command: StevedoreCommand): Promise<ExitStatus> {
  command.signal('SIGINT');
  return command.waitForExit(STOP_TIMEOUT_MS);
}
