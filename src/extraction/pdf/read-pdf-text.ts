import { getResolvedPDFJS } from 'unpdf';
import { type DocumentText, toDocumentText } from '../document-text.ts';
import { ExtractionError } from '../extraction-error.ts';
import { layoutLines, type PositionedText, type TextLine } from './layout-lines.ts';

/** Shipping documents are a few hundred KB; a cap keeps a hostile upload from exhausting memory. */
export const MAX_PDF_BYTES = 25 * 1024 * 1024;
/** Fields sit on the first pages; reading past this only costs time on long attachments. */
export const MAX_PAGES_READ = 30;
/** Fewer visible characters than this means the pages are images (a scan), not a text layer. */
export const MIN_TEXT_CHARS = 20;
/** pdf.js has had inputs on which a promise never settles; a read must end. */
export const PDF_READ_TIMEOUT_MS = 20_000;

// pdf.js VerbosityLevel.ERRORS: its warnings about missing font data go to the console otherwise.
const PDFJS_ERRORS_ONLY = 0;

/**
 * Reads the text layer of a PDF. Throws `ExtractionError` with reason encrypted, unreadable or
 * no_text_layer. The pdf.js document is destroyed on every path, including failed loads, which is why
 * the loading task is kept here rather than going through unpdf's `getDocumentProxy`.
 */
export async function readPdfText(bytes: Uint8Array): Promise<DocumentText> {
  if (bytes.byteLength > MAX_PDF_BYTES) {
    throw new ExtractionError(
      'unreadable',
      `the PDF is ${bytes.byteLength} bytes, over the ${MAX_PDF_BYTES} byte cap`,
    );
  }
  const { getDocument } = await getResolvedPDFJS();
  let task: ReturnType<typeof getDocument> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ExtractionError('unreadable', `reading the PDF took over ${PDF_READ_TIMEOUT_MS} ms`)),
      PDF_READ_TIMEOUT_MS,
    );
  });
  try {
    task = getDocument({
      // A fresh plain Uint8Array: pdf.js refuses Buffers and detaches the buffer it is given.
      data: new Uint8Array(bytes),
      // No `isEvalSupported`: the pdf.js bundled by unpdf 1.8 dropped the option and contains no eval.
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: PDFJS_ERRORS_ONLY,
    });
    return await Promise.race([readAllPages(task.promise), timeout]);
  } catch (error) {
    throw toExtractionError(error, bytes);
  } finally {
    clearTimeout(timer);
    await task?.destroy().catch(() => undefined);
  }
}

interface PdfDocumentLike {
  numPages: number;
  getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }> }>;
}

async function readAllPages(loading: Promise<PdfDocumentLike>): Promise<DocumentText> {
  const pdf = await loading;
  const pagesRead = Math.min(pdf.numPages, MAX_PAGES_READ);
  const lines: TextLine[] = [];
  for (let pageNumber = 1; pageNumber <= pagesRead; pageNumber += 1) {
    const page = await pdf.getPage(pageNumber);
    const content = await page.getTextContent();
    lines.push(...layoutLines(content.items.flatMap(toPositionedText), pageNumber));
  }
  const visibleChars = lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
  if (visibleChars < MIN_TEXT_CHARS) {
    throw new ExtractionError(
      'no_text_layer',
      `the PDF has ${pdf.numPages} page(s) but only ${visibleChars} characters of text; it looks scanned (OCR is not yet supported)`,
    );
  }
  return toDocumentText(lines, pdf.numPages, pagesRead);
}

function toPositionedText(item: unknown): PositionedText[] {
  // Marked-content entries carry no `str`; they are structure, not text.
  if (typeof item !== 'object' || item === null || !('str' in item) || !('transform' in item)) return [];
  const { str, transform } = item;
  const width = 'width' in item ? item.width : 0;
  if (typeof str !== 'string' || !Array.isArray(transform)) return [];
  const [a, b, c, d, e, f] = transform.map(Number);
  if (e === undefined || f === undefined) return [];
  return [
    {
      text: str,
      x: e,
      y: f,
      width: typeof width === 'number' ? width : 0,
      fontSize: Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0),
    },
  ];
}

function toExtractionError(error: unknown, bytes: Uint8Array): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new ExtractionError('encrypted', 'the PDF is password-protected', { cause: error });
  }
  if (hasEncryptDictionary(bytes)) {
    return new ExtractionError('encrypted', `the PDF is encrypted and could not be opened: ${message}`, {
      cause: error,
    });
  }
  return new ExtractionError('unreadable', `the PDF could not be parsed: ${message}`, { cause: error });
}

// An /Encrypt entry in the trailer; only consulted to explain a failed load, never to refuse a file
// pdf.js can open (owner-password-only PDFs are readable and common).
function hasEncryptDictionary(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text);
}
