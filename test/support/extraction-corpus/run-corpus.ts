import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { type DocumentScore, scoreDocument } from './score.ts';
import type { CorpusDocument, CorpusTruth } from './truth.ts';

/** Loads the committed corpus and runs an extractor over it, document by document. */

export const CORPUS_DIR = fileURLToPath(new URL('../../fixtures/extraction-corpus', import.meta.url));
/** The held-out set (see heldout.ts): scored, never tuned to. */
export const HELDOUT_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout', import.meta.url));
/** The second held-out set (see heldout2.ts): scored once before any rule was changed for it. */
export const HELDOUT2_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-2', import.meta.url));
/** The third held-out set (see heldout3.ts): scored once before any rule was changed for it. */
export const HELDOUT3_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-3', import.meta.url));
/** The fourth held-out set (see heldout4.ts): scored once before any rule was changed for it. */
export const HELDOUT4_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-4', import.meta.url));
/** The fifth held-out set (see heldout5.ts): scored once before any rule was changed for it. */
export const HELDOUT5_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-5', import.meta.url));
export const HELDOUT6_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-6', import.meta.url));
/** The seventh held-out set (see heldout7.ts): scored once before any rule was changed for it. */
export const HELDOUT7_DIR = fileURLToPath(new URL('../../fixtures/extraction-heldout-7', import.meta.url));

export function loadCorpus(dir = CORPUS_DIR): CorpusTruth {
  return JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as CorpusTruth;
}

export interface CorpusRun {
  scores: DocumentScore[];
  /** Wall time spent in the extractor per document, in milliseconds. */
  timings: Map<string, number>;
}

export async function runCorpus(
  documents: readonly CorpusDocument[],
  extract: ExtractDocument,
  dir = CORPUS_DIR,
): Promise<CorpusRun> {
  const scores: DocumentScore[] = [];
  const timings = new Map<string, number>();
  for (const document of documents) {
    const bytes = new Uint8Array(readFileSync(join(dir, document.file)));
    const started = performance.now();
    const result = await extract(bytes, { filename: document.file, contentType: null });
    timings.set(document.id, performance.now() - started);
    scores.push(
      scoreDocument(
        document,
        result.ok
          ? { ok: true, documentType: result.documentType, payload: result.payload }
          : { ok: false, documentType: result.documentType, payload: null, reason: result.reason },
      ),
    );
  }
  return { scores, timings };
}

/**
 * Text PDFs and hand-made documents all, and the first `perKind` generated documents of every image kind
 * (OCR is slow on two cores).
 */
export function testSelection(documents: readonly CorpusDocument[], perKind: number): CorpusDocument[] {
  const seen = new Map<string, number>();
  return documents.filter((document) => {
    if (document.input_kind === 'text_pdf' || document.variant.startsWith('handmade')) return true;
    const count = seen.get(document.input_kind) ?? 0;
    seen.set(document.input_kind, count + 1);
    return count < perKind;
  });
}
