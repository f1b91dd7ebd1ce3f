import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DeadLetterEntry, LocalQueueAccess, LocalQueues } from '../src/cli/local-queues.ts';
import { ValidationError } from '../src/domain/errors.ts';
import { openDatabase } from '../src/store/database.ts';
import { SqliteQueue } from '../src/store/sqlite-queue.ts';
import { parseMessage, type QueueMessageBody } from './messages.ts';

/** The worker's SQLite file in the data dir: its queues and its ledger. */
export const WORKER_DB_FILE = 'worker.db';
/**
 * The worker's blob folder in the data dir. Not `blobs/`: that folder is the local service's, and a worker
 * key must never land in it.
 */
export const STAGING_DIR = 'staging';
/** The worker's queues, in pipeline order; each has a dead-letter queue. */
export const QUEUE_NAMES = ['intake', 'events'] as const;
export const deadLetterQueueOf = (queue: string): string => `${queue}-dlq`;

/**
 * Receives before a message is dead-lettered. AWS advises at least 5 with Lambda, because throttled
 * receives count too; the same number locally keeps both runs alike.
 */
export const MAX_RECEIVE_COUNT = 5;

const short = (sha256: string): string => `${sha256.slice(0, 12)}…`;

const describe = (message: QueueMessageBody): string => {
  switch (message.kind) {
    case 'intake':
      return `file ${message.origin.fileName} (sha256 ${short(message.sha256)}, ${message.sizeBytes} bytes)`;
    case 'document_event':
      return `${message.event} for document ${message.documentId} (notification ${message.notificationId})`;
    case 'reextract':
      return `re-extraction ${message.attempt} of document ${message.documentId}`;
    case 'origin_added':
      return `new origin ${message.originId} of document ${message.documentId}`;
  }
};

/** A body that does not parse is itself a likely reason for the dead letter, so it is shown as such. */
const summarize = (body: string): string => {
  try {
    return describe(parseMessage(body));
  } catch {
    return `unreadable message (${body.length} characters)`;
  }
};

const queueNamed = (queue: string): string => {
  if (!QUEUE_NAMES.some((name) => name === queue)) {
    throw new ValidationError(`unknown queue ${queue}: use one of ${QUEUE_NAMES.join(', ')}`);
  }
  return queue;
};

/** The `dlq` commands' view of the worker's queues in a data dir, over the same SQLite file. */
export const localQueues: LocalQueues = {
  names: QUEUE_NAMES,
  maxReceiveCount: MAX_RECEIVE_COUNT,
  open(dataDir: string): LocalQueueAccess | undefined {
    const file = join(dataDir, WORKER_DB_FILE);
    // Opening would create an empty database, which would hide a mistyped --data-dir.
    if (!existsSync(file)) return undefined;
    const db = openDatabase(file);
    const queue = (name: string) =>
      new SqliteQueue(db, {
        name: queueNamed(name),
        maxReceiveCount: MAX_RECEIVE_COUNT,
        deadLetter: deadLetterQueueOf(name),
      });
    return {
      async deadLetters(name, limit): Promise<DeadLetterEntry[]> {
        const letters = await queue(name).deadLetters({ limit });
        return letters.map((letter) => ({
          id: letter.id,
          queue: name,
          sentAt: letter.sentAt,
          deadLetteredAt: letter.deadLetteredAt,
          summary: summarize(letter.body),
          reason: letter.reason,
        }));
      },
      redrive: (name) => queue(name).redrive(),
      close: () => db.close(),
    };
  },
};
