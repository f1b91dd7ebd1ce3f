import { MarkerKeyRequiredError } from '../../../pipeline/ledger/errors.ts';
import { isMarkerKey } from '../../../pipeline/ledger/keys.ts';
import { parseMessage, type QueueMessageBody } from '../../../pipeline/messages.ts';
import type { Ledger, LedgerEntry } from '../../../pipeline/ports.ts';
import type {
  ExtractionFailureRecord,
  ExtractionResultRecord,
} from '../../../pipeline/sinks/result-records.ts';
import type { OutcomeProvenance, ResultSink } from '../../../pipeline/sinks/result-sink.ts';
import { reextractBackoffSeconds } from '../../../pipeline/stages/events-backoff.ts';
import type { DocumentClient, EventsDeps } from '../../../pipeline/stages/events-deps.ts';
import type { DocumentResource } from '../../../src/contract/document.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';

/** Fakes of the events stage's ports: plain in-memory objects that record what they were asked. */

/**
 * The ledger in memory, held to the same contract suite as the real adapters. `beforeWrite` runs before a
 * write takes effect: a test injects a crash (throw) or another handler's work (an interleaving) there.
 */
export class MemoryLedger implements Ledger {
  readonly entries = new Map<string, string>();
  /** Keys whose next write throws, as if the process died just before it. */
  readonly crashBefore = new Set<string>();
  beforeWrite: ((key: string) => Promise<void>) | undefined;

  async putIfAbsent(key: string, value: string): Promise<boolean> {
    await this.beforeWrite?.(key);
    for (const prefix of this.crashBefore) {
      if (key.startsWith(prefix)) {
        this.crashBefore.delete(prefix);
        throw new Error(`crash before writing ${key}`);
      }
    }
    if (this.entries.has(key)) return false;
    this.entries.set(key, value);
    return true;
  }
  /** Sequential puts, as the S3 adapter does them: a crash leaves the entries before it written. */
  async putAllIfAbsent(entries: readonly LedgerEntry[]): Promise<boolean[]> {
    const written: boolean[] = [];
    for (const { key, value } of entries) written.push(await this.putIfAbsent(key, value));
    return written;
  }
  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }
  async list(prefix: string): Promise<LedgerEntry[]> {
    return [...this.entries]
      .filter(([key]) => key.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => ({ key, value }));
  }
  async delete(key: string): Promise<void> {
    if (!isMarkerKey(key)) throw new MarkerKeyRequiredError(key);
    this.entries.delete(key);
  }
}

export class MemorySink implements ResultSink {
  readonly results = new Map<string, ExtractionResultRecord>();
  readonly failures = new Map<string, ExtractionFailureRecord>();
  resultWrites = 0;
  async writeResult(record: ExtractionResultRecord): Promise<void> {
    this.resultWrites += 1;
    this.results.set(record.document_id, record);
  }
  async writeFailure(record: ExtractionFailureRecord): Promise<void> {
    this.failures.set(record.document_id, record);
  }
  async removeFailure(documentId: string): Promise<void> {
    this.failures.delete(documentId);
  }
  async updateOrigins(documentId: string, { sha256, origins }: OutcomeProvenance): Promise<boolean> {
    const result = this.results.get(documentId);
    if (result !== undefined) this.results.set(documentId, { ...result, sha256, origins });
    const failure = this.failures.get(documentId);
    if (failure !== undefined) this.failures.set(documentId, { ...failure, sha256, origins });
    return result !== undefined || failure !== undefined;
  }
}

export class RecordingQueue {
  readonly sent: Array<{ body: QueueMessageBody; delaySeconds: number | undefined }> = [];
  async send(body: string, options?: { delaySeconds?: number }): Promise<string> {
    this.sent.push({ body: parseMessage(body), delaySeconds: options?.delaySeconds });
    return `m-${this.sent.length}`;
  }
}

/** Answers `getDocument` from `documents` and records every re-extraction it is asked for. */
export class FakeClient implements DocumentClient {
  readonly documents = new Map<string, { data: DocumentResource; included: unknown[] }>();
  readonly reextracted: string[] = [];
  readonly fetched: string[] = [];
  async getDocument(id: string): Promise<{ data: DocumentResource; included: unknown[] }> {
    this.fetched.push(id);
    const found = this.documents.get(id);
    if (found === undefined) throw new Error(`no document ${id}`);
    return found;
  }
  async reextractDocument(id: string): Promise<void> {
    this.reextracted.push(id);
  }
}

export interface Harness {
  readonly deps: EventsDeps;
  readonly ledger: MemoryLedger;
  readonly sink: MemorySink;
  readonly queue: RecordingQueue;
  readonly client: FakeClient;
  readonly clock: ManualClock;
}

export const harness = (options: { maxReextracts?: number } = {}): Harness => {
  const ledger = new MemoryLedger();
  const sink = new MemorySink();
  const queue = new RecordingQueue();
  const client = new FakeClient();
  const clock = new ManualClock();
  return {
    ledger,
    sink,
    queue,
    client,
    clock,
    deps: {
      client,
      ledger,
      sink,
      queue,
      clock,
      logger: silentLogger,
      maxReextracts: options.maxReextracts ?? 2,
      backoff: reextractBackoffSeconds,
    },
  };
};
