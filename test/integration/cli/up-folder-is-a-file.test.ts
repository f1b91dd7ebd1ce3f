import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { up } from '../../../src/cli/commands/up.ts';

describe('stevedore up with a folder setting that names a file', () => {
  let root = '';
  afterEach(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('an inbox that is a file stops up before anything starts, saying what to do instead of EEXIST', async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-up-folders-'));
    const inbox = join(root, 'inbox');
    await writeFile(inbox, 'not a folder');
    let started = false;

    const run = up(
      { dataDir: join(root, 'data'), inbox, out: join(root, 'out') },
      {
        startWorker: () => {
          started = true;
          throw new Error('the worker must not start');
        },
        output: { stdout: new PassThrough(), stderr: new PassThrough() },
        env: {},
        signal: new AbortController().signal,
      },
    );

    await expect(run).rejects.toThrow(
      `${inbox} is a file, not a folder: move the file away or pick another --inbox (STEVEDORE_INBOX)`,
    );
    expect(started).toBe(false);
  });

  it('an out folder under a file is refused the same way', async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-up-folders-'));
    const out = join(root, 'out');
    await writeFile(out, 'not a folder');
    const run = up(
      { dataDir: join(root, 'data'), inbox: join(root, 'inbox'), out },
      {
        startWorker: () => {
          throw new Error('the worker must not start');
        },
        output: { stdout: new PassThrough(), stderr: new PassThrough() },
        env: {},
        signal: new AbortController().signal,
      },
    );
    await expect(run).rejects.toThrow('--out (STEVEDORE_OUT)');
  });
});
