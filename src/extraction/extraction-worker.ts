import { workerData } from 'node:worker_threads';
import { type ExtractionHints, type ExtractionResult, extractDocument } from './extract-document.ts';
import { type OcrEngineChoice, useOcrEngine } from './ocr/ocr-engine.ts';
import { pdfThreadState } from './pdf/read-pdf-text.ts';

// pdf.js (a large module) and its worker are set up when the thread starts, not on its first document;
// both are then reused for every document the thread reads. The OCR engine is made on first need.
await pdfThreadState();
useOcrEngine((workerData as ExtractionThreadData).ocrEngine);

/** What the pool gives each thread it starts: the settings a document's reading depends on. */
export interface ExtractionThreadData {
  readonly ocrEngine: OcrEngineChoice;
}

export interface ExtractionTask {
  readonly bytes: Uint8Array;
  readonly hints: ExtractionHints;
}

/** Runs in a worker thread of the extraction pool; the task and the result cross by structured clone. */
export const extractInWorker = (task: ExtractionTask): Promise<ExtractionResult> =>
  extractDocument(task.bytes, task.hints);
