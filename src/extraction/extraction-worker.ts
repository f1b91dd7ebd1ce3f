import { type ExtractionHints, type ExtractionResult, extractDocument } from './extract-document.ts';

export interface ExtractionTask {
  readonly bytes: Uint8Array;
  readonly hints: ExtractionHints;
}

/** Runs in a worker thread of the extraction pool; the task and the result cross by structured clone. */
export const extractInWorker = (task: ExtractionTask): Promise<ExtractionResult> =>
  extractDocument(task.bytes, task.hints);
