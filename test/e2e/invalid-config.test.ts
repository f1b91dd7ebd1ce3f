import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';

e2eTest('an invalid setting stops `up` with exit code 2, naming the variable', async ({ e2e }) => {
  const workspace = await e2e.workspace();
  const run = await e2e.run(['up', '--data-dir', workspace.dataDir, '--inbox', workspace.inbox], {
    cwd: workspace.root,
    env: { STEVEDORE_PORT: 'abc' },
    timeoutMs: 20_000,
  });

  expect(run.status).toEqual({ code: 2, signal: null });
  expect(run.stderr).toMatch(/^ {2}- STEVEDORE_PORT: /m);
  expect(run.stdout).not.toMatch(/stevedore is up/);
  // Stopped before touching anything.
  expect(existsSync(workspace.dataDir)).toBe(false);
});

e2eTest('every invalid setting is listed, whichever command is run', async ({ e2e }) => {
  const workspace = await e2e.workspace();
  const env = { STEVEDORE_CONCURRENCY: '0', STEVEDORE_LOG_LEVEL: 'loud', STEVEDORE_RECEIVER_PORT: '70000' };
  for (const command of ['up', 'service']) {
    const run = await e2e.run([command, '--data-dir', workspace.dataDir], {
      cwd: workspace.root,
      env,
      timeoutMs: 20_000,
    });
    expect(run.status, command).toEqual({ code: 2, signal: null });
    for (const name of Object.keys(env))
      expect(run.stderr, command).toMatch(new RegExp(`^ {2}- ${name}: `, 'm'));
  }
  expect(existsSync(workspace.dataDir)).toBe(false);
});
