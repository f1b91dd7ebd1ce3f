import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { deadLetterQueueOf, WORKER_DB_FILE } from '../../pipeline/local-queues.ts';
import { encodeMessage } from '../../pipeline/messages.ts';
import { openDatabase } from '../../src/store/database.ts';
import { SqliteQueue } from '../../src/store/sqlite-queue.ts';
import { e2eTest } from './support/e2e-test.ts';
import type { Workspace } from './support/workspace.ts';

/** A one-off command: Node, tsx and SQLite start in a few seconds even on a busy machine. */
const COMMAND_TIMEOUT_MS = 30_000;

const intakeBody = encodeMessage({
  kind: 'intake',
  version: 1,
  correlationId: 'c-1',
  origin: {
    originId: 'o-1',
    source: 'folder',
    fileName: 'invoice.pdf',
    location: '/inbox/invoice.pdf',
    receivedAt: '2026-11-24T00:00:00.000Z',
  },
  blobKey: 'blobs/abc',
  sha256: 'ab'.repeat(32),
  md5Base64: 'AAAAAAAAAAAAAAAAAAAAAA==',
  sizeBytes: 1234,
  contentType: 'application/pdf',
});

/**
 * Two intake messages dead-lettered the way the worker's queue does it (a receive past the receive
 * count moves them), in the worker's own database file, with a log line saying why the first one failed.
 */
const seedDeadLetters = async (workspace: Workspace): Promise<{ invoice: string; unreadable: string }> => {
  const db = openDatabase(join(workspace.dataDir, WORKER_DB_FILE));
  try {
    const queue = new SqliteQueue(db, {
      name: 'intake',
      maxReceiveCount: 1,
      deadLetter: deadLetterQueueOf('intake'),
    });
    const invoice = await queue.send(intakeBody);
    const unreadable = await queue.send('{"kind":"something else"}');
    // Visible again at once, so the next receive finds them over the receive count and moves them.
    expect(await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 0 })).toHaveLength(2);
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
    const log = join(workspace.dataDir, 'logs', 'stevedore.log');
    await mkdir(join(workspace.dataDir, 'logs'), { recursive: true });
    const failure = {
      level: 40,
      time: '2026-11-24T00:00:01.000Z',
      component: 'ingest',
      messageId: invoice,
      receiveCount: 1,
      err: { type: 'ServiceApiError', message: 'POST /documents answered 422: blob is missing' },
      msg: 'message failed; it will come back',
    };
    await writeFile(log, `${JSON.stringify({ level: 30, msg: 'started' })}\n${JSON.stringify(failure)}\n`);
    return { invoice, unreadable };
  } finally {
    db.close();
  }
};

e2eTest(
  'dlq list shows each dead letter with its age, what it was about, its stored reason and its last logged error',
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const { invoice, unreadable } = await seedDeadLetters(workspace);
    const options = { cwd: workspace.root, timeoutMs: COMMAND_TIMEOUT_MS };

    const listed = await e2e.run(['dlq', 'list', '--data-dir', workspace.dataDir], options);
    expect(listed.status.code, e2e.describe()).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[0]).toBe('intake: 2 dead letters');
    expect(lines[1]).toMatch(
      new RegExp(
        `^  ${invoice}  set aside \\d+ s ago  file invoice\\.pdf \\(sha256 abababababab…, 1234 bytes\\)$`,
      ),
    );
    // The reason the queue stored first, then what the log says went wrong.
    expect(lines[2]).toBe('    reason: received once and not deleted (maxReceiveCount 1)');
    expect(lines[3]).toBe('    last logged error: POST /documents answered 422: blob is missing');
    expect(lines[4]).toContain(`${unreadable}  set aside`);
    expect(lines[4]).toContain('unreadable message');
    expect(lines[5]).toBe('    reason: received once and not deleted (maxReceiveCount 1)');
    expect(lines[6]).toBe('events: no dead letters');

    const eventsOnly = await e2e.run(
      ['dlq', 'list', '--queue', 'events', '--data-dir', workspace.dataDir],
      options,
    );
    expect(eventsOnly.stdout).toBe('events: no dead letters\n');
  },
);

e2eTest(
  'dlq redrive moves dead letters back into their queue with a fresh receive count',
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    await seedDeadLetters(workspace);
    const options = { cwd: workspace.root, timeoutMs: COMMAND_TIMEOUT_MS };

    const redriven = await e2e.run(
      ['dlq', 'redrive', '--queue', 'intake', '--data-dir', workspace.dataDir],
      options,
    );
    expect(redriven.status.code, e2e.describe()).toBe(0);
    expect(redriven.stdout).toContain('intake: moved 2 messages back');

    const db = openDatabase(join(workspace.dataDir, WORKER_DB_FILE));
    try {
      const queue = new SqliteQueue(db, {
        name: 'intake',
        maxReceiveCount: 5,
        deadLetter: deadLetterQueueOf('intake'),
      });
      expect(await queue.deadLetters()).toEqual([]);
      const received = await queue.receive({ maxMessages: 10 });
      expect(received.map((message) => message.receiveCount)).toEqual([1, 1]);
      expect(received[0]?.body).toBe(intakeBody);
    } finally {
      db.close();
    }
    const listed = await e2e.run(['dlq', 'list', '--data-dir', workspace.dataDir], options);
    expect(listed.stdout).toBe('intake: no dead letters\nevents: no dead letters\n');
  },
);

e2eTest('dlq commands on a data dir where no worker ran say so instead of creating one', async ({ e2e }) => {
  const workspace = await e2e.workspace();
  const listed = await e2e.run(['dlq', 'list', '--data-dir', workspace.dataDir], {
    cwd: workspace.root,
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
  expect(listed.status.code).toBe(1);
  expect(listed.stderr).toContain(`no worker has run on ${workspace.dataDir} yet`);
});
