import { type DocumentText, toDocumentText } from '../document-text.ts';
import { ExtractionError } from '../extraction-error.ts';
import type { TextLine } from '../pdf/layout-lines.ts';
import { recognizePage } from './ocr-engine.ts';
import { imagePages } from './page-image.ts';

/** OCR is one to several seconds a page: a long scan is read up to this many pages. */
export const MAX_OCR_PAGES = 10;
/**
 * One document's OCR ends after this long with reason `timeout`: before the processing job's own
 * 120 s limit, so the failure says what ran out.
 */
export const OCR_TIME_LIMIT_MS = 90_000;

export interface OcrLimits {
  maxPages: number;
  timeLimitMs: number;
}

export const OCR_LIMITS: OcrLimits = { maxPages: MAX_OCR_PAGES, timeLimitMs: OCR_TIME_LIMIT_MS };

/** Reads a PNG, JPEG or TIFF (all pages up to the cap) with OCR. */
export async function readImageText(
  bytes: Uint8Array,
  limits: OcrLimits = OCR_LIMITS,
): Promise<DocumentText> {
  const deadline = Date.now() + limits.timeLimitMs;
  const { pages, pageCount } = await imagePages(bytes, limits.maxPages);
  const lines: TextLine[] = [];
  for (const [index, image] of pages.entries()) {
    if (Date.now() >= deadline) {
      throw new ExtractionError(
        'timeout',
        `OCR of the image took over ${OCR_TIME_LIMIT_MS} ms (page ${index + 1})`,
      );
    }
    lines.push(...(await recognizeOrFail(image, index + 1, deadline)));
  }
  if (lines.length === 0) {
    throw new ExtractionError('no_text_layer', `OCR found no text on the image's ${pages.length} page(s)`);
  }
  return toDocumentText(lines, pageCount, pages.length);
}

export async function recognizeOrFail(
  image: Parameters<typeof recognizePage>[0],
  pageNumber: number,
  deadline: number,
): Promise<TextLine[]> {
  try {
    return (await recognizePage(image, pageNumber, deadline)).lines;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    if (Date.now() >= deadline) {
      throw new ExtractionError('timeout', `OCR took over ${OCR_TIME_LIMIT_MS} ms (page ${pageNumber})`, {
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('ocr_failed', `OCR of page ${pageNumber} failed: ${message}`, { cause: error });
  }
}
