import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ingest } from '../../../src/cli/commands/ingest.ts';

const capture = () => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
};

describe('stevedore ingest on paths it cannot read', () => {
  let root = '';
  afterEach(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('a missing file and a folder are refused with what to do, not an errno, and no service starts', async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-ingest-paths-'));
    const folder = join(root, 'scans');
    await mkdir(folder);
    const missing = join(root, 'nope.pdf');
    const stdout = capture();
    const stderr = capture();

    const code = await ingest(
      [missing, folder],
      { dataDir: join(root, 'data') },
      { output: { stdout: stdout.stream, stderr: stderr.stream }, env: {} },
    );

    expect(code).toBe(1);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe(
      `${missing}: no such file: check the path\n${folder}: is a folder: name the files in it (folder/*.pdf)\n`,
    );
  });
});
