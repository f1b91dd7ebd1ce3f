import { rm } from 'node:fs/promises';
import { test } from 'vitest';
import {
  type CommandOptions,
  type ExitStatus,
  type StevedoreCommand,
  spawnStevedore,
} from './stevedore-command.ts';
import { createWorkspace, type Workspace } from './workspace.ts';

export interface Finished {
  readonly status: ExitStatus;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * What one test owns: its temp folders and the processes it started. Disposed after the test whatever its
 * outcome, so a failing test leaves no process holding ports behind.
 */
export class E2eScope {
  private readonly commands: StevedoreCommand[] = [];
  private readonly roots: string[] = [];

  constructor(private readonly label: string) {}

  async workspace(): Promise<Workspace> {
    const workspace = await createWorkspace(this.label);
    this.roots.push(workspace.root);
    return workspace;
  }

  /** Starts `stevedore <args>` in the background. */
  start(args: readonly string[], options: CommandOptions): StevedoreCommand {
    const command = spawnStevedore(args, options);
    this.commands.push(command);
    return command;
  }

  /** Runs `stevedore <args>` to its end. */
  async run(args: readonly string[], options: CommandOptions & { timeoutMs: number }): Promise<Finished> {
    const command = this.start(args, options);
    const status = await command.waitForExit(options.timeoutMs);
    return { status, stdout: command.stdout, stderr: command.stderr };
  }

  /** Every process this test started, with the end of its output: for failure messages. */
  describe(): string {
    return this.commands.map((command) => command.describe()).join('\n');
  }

  /** Kills what still runs and waits for it; removes the folders unless the test failed. */
  async dispose(keepFolders: boolean): Promise<void> {
    await Promise.all(this.commands.map((command) => command.kill('SIGKILL')));
    if (keepFolders) {
      console.error(`[${this.label}] failed; its folders are kept for a look: ${this.roots.join(', ')}`);
      return;
    }
    await Promise.all(this.roots.map((root) => rm(root, { recursive: true, force: true })));
  }
}

/**
 * `test` with an `e2e` fixture: a fixture rather than a module-level afterEach, so that tests running
 * concurrently in one file each clean up only what they started.
 */
export const e2eTest = test.extend('e2e', async ({ task }, { onCleanup }) => {
  const scope = new E2eScope(task.name);
  onCleanup(() => scope.dispose(task.result?.state === 'fail'));
  return scope;
});
