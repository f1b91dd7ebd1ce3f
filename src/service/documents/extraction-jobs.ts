import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { Logger } from '../../observability/logger.ts';
import { transaction } from '../../store/database.ts';
import type { SqliteQueue } from '../../store/sqlite-queue.ts';
import { storeCall } from '../../store/store-errors.ts';
import type { DocumentStore } from './document-store.ts';

export const EXTRACTION_QUEUE_NAME = 'service-document-extraction';
/** How often unsent jobs are looked for; only a failed send (a locked database, say) leaves one behind. */
export const OUTBOX_SWEEP_INTERVAL_MS = 30_000;

/** One extraction attempt of one document; the attempt number makes redeliveries recognisable. */
export const extractionJobSchema = z.object({
  documentId: z.string().min(1),
  attempt: z.number().int().positive(),
});
export type ExtractionJob = z.infer<typeof extractionJobSchema>;

export interface AttemptRef {
  readonly id: string;
  readonly extractionAttempts: number;
}

/** A write that may start an extraction attempt: `attempt` names it, or is undefined when none started. */
export interface AttemptWrite<T> {
  readonly result: T;
  readonly attempt: AttemptRef | undefined;
}

/**
 * Sends extraction jobs and records each send on the document (`enqueued_attempt`). The API's writes send
 * their job in their own transaction (`writeWithJob`); the document table still doubles as an outbox, so
 * a job that a crash or an older version left unsent is sent by `sendMissing`, at start and periodically.
 */
export class ExtractionJobs {
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseSync,
    private readonly queue: Pick<SqliteQueue, 'send' | 'sendInTransaction'>,
    private readonly documents: DocumentStore,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs `write` and sends the job of the attempt it started in one transaction: one commit, and never a
   * document without its job. The queue lives in the same database file, on the same connection.
   */
  writeWithJob<T>(write: () => AttemptWrite<T>): T {
    return this.writeWithJobs(() => {
      const { result, attempt } = write();
      return { result, attempts: attempt === undefined ? [] : [attempt] };
    });
  }

  /**
   * `writeWithJob` for a write that starts several attempts (an email submission and its documents): all
   * of it and every job commit together, or nothing does.
   */
  writeWithJobs<T>(write: () => { readonly result: T; readonly attempts: readonly AttemptRef[] }): T {
    return storeCall('write documents and their extraction jobs', () =>
      transaction(this.db, () => {
        const { result, attempts } = write();
        for (const attempt of attempts) {
          const job: ExtractionJob = { documentId: attempt.id, attempt: attempt.extractionAttempts };
          this.queue.sendInTransaction(JSON.stringify(job));
          this.documents.markEnqueued(attempt.id, attempt.extractionAttempts);
        }
        return result;
      }),
    );
  }

  async enqueue(document: AttemptRef): Promise<void> {
    const job: ExtractionJob = { documentId: document.id, attempt: document.extractionAttempts };
    await this.queue.send(JSON.stringify(job));
    this.documents.markEnqueued(document.id, document.extractionAttempts);
  }

  /** A job sent twice is harmless: the second delivery finds the outcome written and only republishes. */
  async sendMissing(): Promise<number> {
    const missing = this.documents.unenqueued();
    for (const { documentId, attempt } of missing) {
      await this.enqueue({ id: documentId, extractionAttempts: attempt });
    }
    return missing.length;
  }

  startSweeping(intervalMs: number = OUTBOX_SWEEP_INTERVAL_MS): void {
    this.sweep ??= setInterval(() => {
      this.sendMissing().then(
        (count) => {
          if (count > 0) this.logger.warn({ count }, 'sent extraction jobs that were left unsent');
        },
        (error: unknown) => this.logger.error({ err: error }, 'outbox sweep failed'),
      );
    }, intervalMs);
    this.sweep.unref();
  }

  stopSweeping(): void {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }
}
