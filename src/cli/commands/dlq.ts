import { resolve } from 'node:path';
import { loadConfig } from '../../config/load-config.ts';
import { AppError } from '../../domain/errors.ts';
import { rotatedPath } from '../../observability/rotating-file.ts';
import { LOG_FILE } from '../../observability/terminal-logger.ts';
import { formatAge } from '../age.ts';
import type { DeadLetterEntry, LocalQueueAccess, LocalQueues } from '../local-queues.ts';
import { lastLoggedErrors } from '../log-reasons.ts';
import { line, type Output } from '../output.ts';

/** Enough to see what went wrong; a longer list is a pattern better read from the log. */
export const DEFAULT_DLQ_LIST_LIMIT = 100;

export interface DlqFlags {
  readonly dataDir?: string;
  readonly queue?: string;
  readonly limit?: number;
}

export interface DlqDeps {
  readonly localQueues: LocalQueues;
  readonly output: Output;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Epoch ms; for the ages shown. */
  readonly now?: () => number;
}

const withQueues = async <T>(
  flags: DlqFlags,
  deps: DlqDeps,
  work: (access: LocalQueueAccess, queues: readonly string[], dataDir: string) => Promise<T>,
): Promise<T> => {
  const { queue } = flags;
  // The data dir is all these commands need; other flags are theirs, not settings.
  const config = loadConfig(deps.env, flags.dataDir === undefined ? {} : { dataDir: flags.dataDir });
  const { localQueues } = deps;
  if (queue !== undefined && !localQueues.names.includes(queue)) {
    throw new AppError('unknown_queue', `--queue ${queue}: use one of ${localQueues.names.join(', ')}`);
  }
  const access = localQueues.open(config.dataDir);
  if (access === undefined) {
    throw new AppError(
      'no_worker_state',
      `no worker has run on ${resolve(config.dataDir)} yet: check --data-dir (STEVEDORE_DATA_DIR)`,
    );
  }
  try {
    return await work(access, queue === undefined ? localQueues.names : [queue], config.dataDir);
  } finally {
    access.close();
  }
};

/**
 * `stevedore dlq list`: every dead letter with its age, what it was about, the reason the queue stored
 * when it set the message aside, and the last error the log has for it. A message that could never
 * succeed is set aside at its first failure, so the header claims no number of deliveries.
 */
export const dlqList = (flags: DlqFlags, deps: DlqDeps): Promise<number> =>
  withQueues(flags, deps, async (access, queues, dataDir) => {
    const { stdout } = deps.output;
    const now = (deps.now ?? Date.now)();
    const logFile = resolve(dataDir, LOG_FILE);
    for (const queue of queues) {
      const letters = await access.deadLetters(queue, flags.limit ?? DEFAULT_DLQ_LIST_LIMIT);
      if (letters.length === 0) {
        line(stdout, `${queue}: no dead letters`);
        continue;
      }
      const errors = await lastLoggedErrors(
        [rotatedPath(logFile), logFile],
        letters.map((letter) => letter.id),
      );
      line(stdout, `${queue}: ${letters.length} dead letter${letters.length === 1 ? '' : 's'}`);
      for (const letter of letters) {
        line(
          stdout,
          `  ${letter.id}  set aside ${formatAge(now - letter.deadLetteredAt)} ago  ${letter.summary}`,
        );
        for (const detail of reasonLines(letter, errors.get(letter.id), logFile))
          line(stdout, `    ${detail}`);
      }
    }
    return 0;
  });

/** The stored reason first, then the last logged error when the log has one that says more. */
function reasonLines(letter: DeadLetterEntry, logged: string | undefined, logFile: string): string[] {
  const missing = `not in ${logFile}; search the logs for messageId ${letter.id}`;
  if (letter.reason === undefined) return [`reason: ${logged ?? missing}`];
  return logged === undefined || logged === letter.reason
    ? [`reason: ${letter.reason}`]
    : [`reason: ${letter.reason}`, `last logged error: ${logged}`];
}

/** `stevedore dlq redrive`: moves dead letters back into their queue, as SQS StartMessageMoveTask does. */
export const dlqRedrive = (flags: DlqFlags, deps: DlqDeps): Promise<number> =>
  withQueues(flags, deps, async (access, queues) => {
    const { stdout } = deps.output;
    let moved = 0;
    for (const queue of queues) {
      const count = await access.redrive(queue);
      moved += count;
      line(stdout, `${queue}: moved ${count} message${count === 1 ? '' : 's'} back`);
    }
    if (moved > 0) line(stdout, 'A running `stevedore up` takes them now; otherwise the next one will.');
    return 0;
  });
