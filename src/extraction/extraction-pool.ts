import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractDocument } from './extract-document.ts';
import type { ExtractionTask, ExtractionThreadData } from './extraction-worker.ts';
import type { OcrEngineChoice } from './ocr/ocr-engine.ts';

export interface ExtractionPool {
  /** Extracts in a worker thread; aborting the signal ends that thread's work at once. */
  readonly extract: ExtractDocument;
  close(): Promise<void>;
}

/**
 * One thread per core: OCR keeps a core busy for seconds a page, and the main thread (HTTP, webhooks,
 * the worker) spends most of its time waiting on I/O, so it shares the cores well.
 */
export const defaultExtractionThreads = (): number => Math.max(1, availableParallelism());

/**
 * Idle threads are ended after this long, so an idle service holds no extraction memory. Long enough
 * that documents arriving minutes apart find a warm thread: starting one (loading pdf.js and warming it
 * up) costs 0.6 s, several times the reading of a 30-page PDF.
 */
const IDLE_THREAD_MS = 10 * 60_000;

/**
 * Text extraction and classification are CPU-bound, so they run off the main thread. The worker
 * module is TypeScript that Node loads with its own type stripping, so no loader is needed there.
 */
export const createExtractionPool = (
  threads = defaultExtractionThreads(),
  ocrEngine: OcrEngineChoice = 'auto',
): ExtractionPool => {
  const pool = new Piscina<ExtractionTask, Awaited<ReturnType<ExtractDocument>>>({
    filename: new URL('./extraction-worker.ts', import.meta.url).href,
    name: 'extractInWorker',
    workerData: { ocrEngine } satisfies ExtractionThreadData,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
  });
  return {
    extract: (bytes, hints, options = {}) =>
      pool.run({ bytes, hints }, options.signal === undefined ? {} : { signal: options.signal }),
    close: () => pool.destroy(),
  };
};
