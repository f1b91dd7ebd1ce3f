import { z } from 'zod';
import type { Logger } from '../../observability/logger.ts';
import type { SqliteQueue } from '../../store/sqlite-queue.ts';
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

interface AttemptRef {
  readonly id: string;
  readonly extractionAttempts: number;
}

/**
 * Sends extraction jobs and records each send on the document (`enqueued_attempt`). The queue send runs
 * in its own transaction, after the document's, so the document table doubles as an outbox: anything
 * written but not sent is sent by `sendMissing`, at start and periodically.
 */
export class ExtractionJobs {
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: Pick<SqliteQueue, 'send'>,
    private readonly documents: DocumentStore,
    private readonly logger: Logger,
  ) {}

  async enqueue(document: AttemptRef): Promise<void> {
    const job: ExtractionJob = { documentId: document.id, attempt: document.extractionAttempts };
    await this.queue.send(JSON.stringify(job));
    this.documents.markEnqueued(document.id, document.extractionAttempts);
  }

  /**
   * For request handlers: the document is already durable, so a failed send must not fail the request;
   * the sweep sends the job later.
   */
  async enqueueOrDefer(document: AttemptRef): Promise<void> {
    try {
      await this.enqueue(document);
    } catch (error) {
      this.logger.warn(
        { err: error, documentId: document.id },
        'extraction job not sent; the sweep will send it',
      );
    }
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
