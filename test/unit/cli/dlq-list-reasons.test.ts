import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dlqList } from '../../../src/cli/commands/dlq.ts';
import type { DeadLetterEntry, LocalQueues } from '../../../src/cli/local-queues.ts';
import { LOG_FILE } from '../../../src/observability/terminal-logger.ts';

const NOW = Date.UTC(2026, 10, 24);

const letter = (id: string, reason: string | undefined): DeadLetterEntry => ({
  id,
  queue: 'intake',
  sentAt: NOW - 60_000,
  deadLetteredAt: NOW - 30_000,
  summary: `file ${id}.pdf`,
  reason,
});

/** The finding: every dead letter was said to have failed 5 deliveries, though some are set aside at once. */
describe('dlq list shows the stored reason of each dead letter', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stevedore-dlq-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = async (letters: DeadLetterEntry[], logLines: readonly object[] = []): Promise<string[]> => {
    await mkdir(join(dataDir, 'logs'), { recursive: true });
    await writeFile(join(dataDir, LOG_FILE), logLines.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    const localQueues: LocalQueues = {
      names: ['intake'],
      maxReceiveCount: 5,
      open: () => ({
        deadLetters: async () => letters,
        redrive: async () => 0,
        close: () => undefined,
      }),
    };
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const code = await dlqList(
      { dataDir },
      { localQueues, output: { stdout, stderr: new PassThrough() }, env: {}, now: () => NOW },
    );
    expect(code).toBe(0);
    return text.trimEnd().split('\n');
  };

  it('names no delivery count in the header, and puts the stored reason first', async () => {
    const lines = await list([letter('at-once', 'ValidationError: the blob is missing')]);
    expect(lines[0]).toBe('intake: 1 dead letter');
    expect(lines[1]).toBe('  at-once  set aside 30 s ago  file at-once.pdf');
    expect(lines[2]).toBe('    reason: ValidationError: the blob is missing');
    expect(lines).toHaveLength(3);
  });

  it('adds the last logged error after the stored reason when the log has one', async () => {
    const lines = await list(
      [letter('redriven', 'received 6 times and not deleted (maxReceiveCount 5)')],
      [{ level: 50, messageId: 'redriven', msg: 'failed', err: { message: 'POST /documents answered 503' } }],
    );
    expect(lines.slice(2)).toEqual([
      '    reason: received 6 times and not deleted (maxReceiveCount 5)',
      '    last logged error: POST /documents answered 503',
    ]);
  });

  it('falls back to the log, then to where to look, for a dead letter stored without a reason', async () => {
    const lines = await list(
      [letter('old-logged', undefined), letter('old-silent', undefined)],
      [{ level: 40, messageId: 'old-logged', msg: 'failed', err: { message: 'timeout' } }],
    );
    expect(lines[2]).toBe('    reason: timeout');
    expect(lines[4]).toBe(
      `    reason: not in ${join(dataDir, LOG_FILE)}; search the logs for messageId old-silent`,
    );
  });
});
