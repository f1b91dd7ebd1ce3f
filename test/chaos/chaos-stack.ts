import { rm } from 'node:fs/promises';
import { readApiKey } from '../e2e/support/service-api.ts';
import { type StevedoreCommand, spawnStevedore } from '../e2e/support/stevedore-command.ts';
import { type UpPorts, upArgs } from '../e2e/support/stevedore-up.ts';
import type { Workspace } from '../e2e/support/workspace.ts';

/** Starting means Node, tsx, SQLite and two HTTP servers: a few seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;

export interface RunningStack {
  readonly command: StevedoreCommand;
  readonly baseUrl: string;
  readonly apiKey: string;
}

/**
 * The `up` processes of one chaos run, on one workspace and one pair of ports. Outside vitest (the script
 * runs under tsx), so it keeps its own list of what it started rather than the e2e fixture.
 */
export class ChaosStack {
  private readonly started: StevedoreCommand[] = [];

  constructor(
    readonly workspace: Workspace,
    private readonly ports: UpPorts,
    private readonly env: Readonly<Record<string, string>>,
  ) {}

  /** `stevedore up`, once its banner is complete. */
  async start(): Promise<RunningStack> {
    const command = spawnStevedore(upArgs(this.workspace, this.ports), {
      cwd: this.workspace.root,
      env: this.env,
    });
    this.started.push(command);
    await command.waitForLine(/^Press Ctrl-C to stop\.$/, START_TIMEOUT_MS);
    return {
      command,
      baseUrl: `http://127.0.0.1:${this.ports.service}/v2`,
      apiKey: await readApiKey(this.workspace.dataDir),
    };
  }

  /** Kills whatever still runs; removes the folders unless asked to keep them. */
  async dispose(keepFolders: boolean): Promise<void> {
    await Promise.all(this.started.map((command) => command.kill('SIGKILL')));
    if (!keepFolders) await rm(this.workspace.root, { recursive: true, force: true });
  }
}
