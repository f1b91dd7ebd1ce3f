import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DLQ_LIST_LIMIT } from '../../../src/cli/commands/dlq.ts';
import { createProgram, type ProgramDeps } from '../../../src/cli/program.ts';

/** The finding: the README says `dlq list [--limit 100]`, and the help gave no default. */
describe('dlq list --help', () => {
  it('shows the default of --limit', () => {
    const unused = () => {
      throw new Error('not used by --help');
    };
    const deps = {
      startWorker: unused,
      localQueues: { names: ['intake', 'events'] },
      rejected: {},
      output: { stdout: new PassThrough(), stderr: new PassThrough() },
      env: {},
      signal: new AbortController().signal,
      version: '0.0.0',
    } as unknown as ProgramDeps;
    const program = createProgram(deps, () => undefined);
    const list = program.commands.find((c) => c.name() === 'dlq')?.commands.find((c) => c.name() === 'list');
    expect(list?.helpInformation()).toContain(
      `at most this many per queue (default ${DEFAULT_DLQ_LIST_LIMIT})`,
    );
  });
});
