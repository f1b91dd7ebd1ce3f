import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context, SQSRecord } from 'aws-lambda';
import { vi } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import type { Clock } from '../../../src/domain/clock.ts';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../../../src/observability/metrics.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { sqsRecord } from '../../support/sqs-event.ts';

/**
 * Powertools prints logs and EMF lines on stdout and stderr (its own `Console` over `process.stdout`); the spy
 * keeps them, parsed, so tests read what CloudWatch would receive.
 */
export const captureStdout = () => {
  const lines: Array<Record<string, unknown>> = [];
  const keep = (chunk: unknown): boolean => {
    for (const text of String(chunk).split('\n')) {
      if (text.trim().length === 0) continue;
      try {
        lines.push(JSON.parse(text) as Record<string, unknown>);
      } catch {
        // Not one of Powertools' lines (vitest's own output); not ours to read.
      }
    }
    return true;
  };
  // Powertools writes warnings and errors to stderr, the rest to stdout.
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
  ];
  return {
    lines,
    /** Names of the metrics published in EMF lines, in order. */
    metricNames: () =>
      lines.flatMap((line) => {
        const aws = line._aws as
          | { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> }
          | undefined;
        return aws ? aws.CloudWatchMetrics.flatMap((set) => set.Metrics.map((metric) => metric.Name)) : [];
      }),
    emf: () => lines.filter((line) => line._aws !== undefined),
    logs: () => lines.filter((line) => line._aws === undefined),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
};

/** Powertools as the composition root builds it for one function. */
export const powertools = (stage: string) => ({
  logger: new Logger({ serviceName: METRICS_SERVICE, logLevel: 'DEBUG' }),
  metrics: new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { stage },
  }),
});

/** Enough of a Lambda context for the handlers: a name for the logs and the time left. */
export const lambdaContext = (remainingMs = 60_000): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'stevedore-test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:stevedore-test',
  memoryLimitInMB: '1024',
  awsRequestId: 'request-1',
  logGroupName: '/aws/lambda/stevedore-test',
  logStreamName: 'stream',
  getRemainingTimeInMillis: () => remainingMs,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/** The embedded adapters in a temporary data dir: a queue pair, the ledger, blobs and the folder sink. */
export const embedded = (clock: Clock, options: { maxReceiveCount?: number } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-handlers-'));
  const db: DatabaseSync = openDatabase(join(dir, 'worker.db'));
  const dead = new SqliteQueue(db, { name: 'queue-dlq', clock });
  const store = new SqliteQueue(db, {
    name: 'queue',
    deadLetter: 'queue-dlq',
    maxReceiveCount: options.maxReceiveCount ?? 5,
    clock,
  });
  const queue = new EmbeddedQueue(store);
  return {
    dir,
    store,
    dead,
    queue,
    ledger: new EmbeddedLedger(new SqliteLedger(db)),
    blobs: new FolderBlobStore(join(dir, 'staging')),
    sink: new FolderSink(join(dir, 'out')),
    out: join(dir, 'out'),
    /** Receives what is visible and makes SQS records of it, as Lambda's poller would. */
    poll: async (): Promise<SQSRecord[]> => {
      const messages = await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 60 });
      return messages.map((message) =>
        sqsRecord(message.id, message.body, {
          receiptHandle: message.receiptHandle,
          receiveCount: message.receiveCount,
        }),
      );
    },
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
