import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMetricsOutput } from '../../../src/cli/metrics-file.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { RotatingFile, rotatedPath } from '../../../src/observability/rotating-file.ts';
import { createTerminalLogger } from '../../../src/observability/terminal-logger.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stevedore-terminal-logger-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const jsonLines = (text: string): Array<Record<string, unknown>> =>
  text
    .split('\n')
    .filter((entry) => entry !== '')
    .map((entry) => JSON.parse(entry));

describe('createTerminalLogger', () => {
  it('writes every line to the file and only warnings and errors, as short lines, to the terminal', async () => {
    const notes: string[] = [];
    const file = join(dir, 'logs', 'stevedore.log');
    const logs = createTerminalLogger({
      level: 'info',
      name: 'stevedore',
      file,
      note: (text) => notes.push(text),
    });
    const logger = logs.logger.child({ component: 'receiver' });
    logger.debug('below the level');
    logger.info({ documentId: 'd-1' }, 'webhook delivery enqueued');
    logger.warn({ reason: 'bad signature' }, 'webhook delivery with a bad signature');
    logger.error({ secret: 'whsec_abc' }, 'something broke');
    logs.close();

    const lines = jsonLines(await readFile(file, 'utf8'));
    expect(lines.map((entry) => entry.msg)).toEqual([
      'webhook delivery enqueued',
      'webhook delivery with a bad signature',
      'something broke',
    ]);
    expect(notes).toEqual([
      'warning [receiver] webhook delivery with a bad signature reason="bad signature"',
      // Secrets are redacted before either destination sees them.
      'error [receiver] something broke secret=[redacted]',
    ]);
  });

  it('drops lines logged after close instead of failing', () => {
    const logs = createTerminalLogger({ level: 'info', name: 't', file: join(dir, 'a.log'), note: () => {} });
    logs.close();
    expect(() => logs.logger.warn('late')).not.toThrow();
  });
});

describe('RotatingFile', () => {
  it('moves a full file to <name>.1 and starts again, so the logs stay under twice the bound', async () => {
    const path = join(dir, 'app.log');
    const file = new RotatingFile(path, 10);
    file.write('123456\n');
    file.write('abcdef\n');
    file.write('ghijkl\n');
    file.close();
    expect(await readFile(rotatedPath(path), 'utf8')).toBe('abcdef\n');
    expect(await readFile(path, 'utf8')).toBe('ghijkl\n');
  });

  it('rotates at start a file left over full by an earlier run', async () => {
    const path = join(dir, 'app.log');
    await writeFile(path, 'x'.repeat(20));
    const file = new RotatingFile(path, 10);
    file.write('new\n');
    file.close();
    expect(await readFile(path, 'utf8')).toBe('new\n');
    expect(await readFile(rotatedPath(path), 'utf8')).toBe('x'.repeat(20));
  });
});

describe('files in the data dir are owner-only (folders 0700, files 0600)', () => {
  const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

  it('the log file and the logs folder it makes', async () => {
    const path = join(dir, 'logs', 'stevedore.log');
    const file = new RotatingFile(path, 100);
    file.write('line\n');
    file.close();
    expect(await modeOf(join(dir, 'logs'))).toBe(0o700);
    expect(await modeOf(path)).toBe(0o600);
  });

  it('the default metrics file of up --metrics', async () => {
    const output = await openMetricsOutput(true, {
      dataDir: dir,
      stdout: process.stdout,
      clock: new ManualClock(0),
    });
    output.forStage('ingest').count('received');
    await output.close();
    expect(await modeOf(join(dir, 'logs'))).toBe(0o700);
    expect(await modeOf(join(dir, 'logs', 'metrics.emf.jsonl'))).toBe(0o600);
  });
});
