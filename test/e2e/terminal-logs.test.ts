import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { StevedoreCommand } from './support/stevedore-command.ts';
import { pickUpPorts, upArgs } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

const BIN = fileURLToPath(new URL('../../bin/stevedore.ts', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');
/** Starting means Node, tsx, SQLite and two HTTP servers: a few seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;
/** A junk file is set aside 2 s after it stops changing; the rest is polling. */
const REJECT_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 45_000;

const quote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * `stevedore up` on a pseudo-terminal, as a person runs it: util-linux `script` gives the command a
 * terminal (of a fixed size, since the progress line is fitted to it) and copies the screen to stdout.
 */
const upOnTerminal = (cwd: string, args: readonly string[]) => {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('STEVEDORE_') && !name.startsWith('SVC_'),
  );
  const line = [process.execPath, '--import', TSX_LOADER, BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qfec', `stty cols 160 rows 40; exec ${line}`, '/dev/null'], {
    cwd,
    env: Object.fromEntries(inherited),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return { up: new StevedoreCommand('stevedore up (on a terminal)', child), keyboard: child.stdin };
};

e2eTest(
  'on a terminal, up logs to a file it names and shows warnings as short lines, not JSON',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    const { up, keyboard } = upOnTerminal(workspace.root, upArgs(workspace, ports));
    try {
      await up.waitForLine(/^Press Ctrl-C to stop\./, START_TIMEOUT_MS);
      const logFile = join(workspace.dataDir, 'logs', 'stevedore.log');
      expect(up.stdout).toContain(`  logs      ${logFile}`);

      await writeFile(join(workspace.inbox, 'junk.pdf'), 'junk');
      await waitUntil(
        () => up.stdout.includes('warning [folder] file set aside file=junk.pdf reason=unsupported_type'),
        {
          what: 'the set-aside warning on screen',
          timeoutMs: REJECT_TIMEOUT_MS,
          explain: () => up.describe(),
        },
      );
      // Ctrl-C as typed: the terminal turns it into SIGINT.
      keyboard.write('\u0003');
      expect((await up.waitForExit(STOP_TIMEOUT_MS)).code).toBe(0);
      expect(up.stdout).toContain('stopped');
      expect(up.stdout).not.toContain('{"level"');

      const logged = (await readFile(logFile, 'utf8'))
        .split('\n')
        .filter((entry) => entry !== '')
        .map((entry) => JSON.parse(entry).msg);
      expect(logged).toContain('file set aside');
      expect(logged).toContain('events stage started');
    } finally {
      await up.kill('SIGKILL');
    }
  },
);
