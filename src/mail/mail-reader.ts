import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { Piscina } from 'piscina';
import { AppError } from '../domain/errors.ts';
import { metadataFromHeaders } from './mail-metadata.ts';
import { readMailMessage } from './read-message.ts';
import type { ReadOutcome, ReadTask } from './read-worker.ts';
import type { MailDocument, ReadMessage, ReadMessageOptions } from './types.ts';

/** Options of messages read together: one temp folder and one set of limits. */
export type ReadManyOptions = Omit<ReadMessageOptions, 'sizeBytes'>;

/** How the poller reads raw messages: one as it streams in, or many that are already whole in memory. */
export interface MailReader {
  read(raw: Readable, options: ReadMessageOptions): Promise<ReadMessage>;
  /** One `ReadMessage` per raw message, in order. */
  readMany(raws: readonly Buffer[], options: ReadManyOptions): Promise<ReadMessage[]>;
}

/** Reads on the calling thread: where no worker thread can start (the bundled Lambda), and in tests. */
export const readMailHere: MailReader = {
  read: readMailMessage,
  async readMany(raws, options) {
    const reads: ReadMessage[] = [];
    for (const raw of raws) {
      reads.push(await readMailMessage(raw, options));
    }
    return reads;
  },
};

/** A task whose reading takes longer ends its thread; its messages are then read one by one. */
const READ_TIMEOUT_MS = 30_000;
/**
 * A whole message is at most 1 MiB here, plus its documents' memory budget: a thread whose parser grows
 * past this ends (the message is refused), not the worker process.
 */
const THREAD_HEAP_MB = 512;
/** Threads are ended when no mail came for this long; starting one (loading the parser) costs ~0.1 s. */
const IDLE_THREAD_MS = 10 * 60_000;

export interface MailReaderPool extends MailReader {
  close(): Promise<void>;
}

export interface MailReaderPoolOptions {
  /** Default: one thread beside the calling one on two cores, at most four. */
  readonly threads?: number;
  /** A task that takes longer ends its thread; its messages are then read alone, and refused on timeout. */
  readonly timeoutMs?: number;
  /** The module each thread runs: `read-worker.ts`, or a stand-in that fails on cue in tests. */
  readonly worker?: URL;
}

/**
 * Reads whole messages in worker threads, a task of several at a time, and streamed ones on the calling
 * thread. Parsing MIME is most of what a message costs the poller's thread; in a worker it runs beside
 * the fetches, staging and commits instead of between them (about 0.02 ms of the calling thread per
 * message instead of 0.3). A message that makes the parser spin or outgrow its heap ends its own thread
 * and is refused with a reason, instead of stalling the worker process.
 */
export function createMailReaderPool(options: MailReaderPoolOptions = {}): MailReaderPool {
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  const pool = new Piscina<ReadTask, ReadOutcome[]>({
    filename: (options.worker ?? new URL('./read-worker.ts', import.meta.url)).href,
    minThreads: 0,
    maxThreads: options.threads ?? defaultMailReaderThreads(),
    idleTimeout: IDLE_THREAD_MS,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  let closed = false;
  const readMany = async (raws: readonly Buffer[], read: ReadManyOptions): Promise<ReadMessage[]> => {
    if (closed) throw new AppError('mail_reader_closed', 'the mail reader was closed');
    let outcomes: ReadOutcome[];
    try {
      outcomes = await pool.run({ raws, options: read }, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (closed) throw error;
      const [only] = raws;
      if (raws.length === 1 && only !== undefined) return [unreadable(error, timeoutMs)];
      // One of them broke the thread: read each alone, so only that one is refused.
      const reads: ReadMessage[] = [];
      for (const raw of raws) reads.push(...(await readMany([raw], read)));
      return reads;
    }
    return outcomes.map((outcome) => {
      const documents = outcome.documents.map(withBuffer);
      return { ...outcome, documents, dispose: () => removeTempFiles(documents) };
    });
  };
  return {
    read: readMailMessage,
    readMany,
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

/** Threads beside the calling one, which keeps fetching, staging and committing: one on two cores. */
export const defaultMailReaderThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/** Bytes cross threads as a plain Uint8Array: a Buffer again, over the same memory. */
const withBuffer = (document: MailDocument): MailDocument =>
  document.bytes === null
    ? document
    : {
        ...document,
        bytes: Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength),
      };

const removeTempFiles = async (documents: readonly MailDocument[]): Promise<void> => {
  await Promise.all(
    documents.map((document) => (document.path === null ? undefined : rm(document.path, { force: true }))),
  );
};

/** The thread timed out, ran out of memory or crashed on this message: refused, so the poller goes on. */
const unreadable = (error: unknown, timeoutMs: number): ReadMessage => {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const detail = error instanceof Error ? error.message : String(error);
  return {
    metadata: metadataFromHeaders(null, null, null),
    documents: [],
    skipped: [],
    refusal: timedOut
      ? { reason: 'read_timeout', detail: `reading the message took longer than ${timeoutMs / 1000} s` }
      : { reason: 'unreadable', detail: `the message could not be read: ${detail}` },
    dispose: async () => {},
  };
};
