import { getResolvedPDFJS } from 'unpdf';
import { type DocumentText, toDocumentText } from '../document-text.ts';
import { ExtractionError } from '../extraction-error.ts';
import { encodedPageImage } from '../ocr/page-image.ts';
import { MAX_OCR_PAGES, OCR_TIME_LIMIT_MS, recognizeOrFail } from '../ocr/read-image-text.ts';
import { isGarbageText } from '../text-quality.ts';
import { annotationTexts } from './form-fields.ts';
import { layoutLines, type PositionedText, type TextLine } from './layout-lines.ts';
import { type OperatorList, pathNumbers, scanImages } from './page-drawings.ts';
import { canRenderPages, renderPage } from './render-page.ts';
import { plainCharacters } from './text-characters.ts';

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
/** Pages whose text is requested at once: fewer round trips through pdf.js's message port. */
const PAGES_IN_FLIGHT = 8;
/** A page with fewer visible characters than this is an image of a page, if it holds one. */
const MIN_PAGE_TEXT_CHARS = 10;
/** Path numbers above which a page without text is words drawn as outlines (see `pathNumbers`). */
const MIN_OUTLINE_PATH_NUMBERS = 3_000;

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
interface PdfThreadState {
  pdfjs: PdfJs;
  worker: InstanceType<PdfJs['PDFWorker']>;
}

let threadState: Promise<PdfThreadState> | undefined;

/**
 * pdf.js, loaded once per thread, with one (in-thread) pdf.js worker shared by every document: loading
 * the module and setting up a worker per document cost more than reading a short PDF.
 */
export function pdfThreadState(): Promise<PdfThreadState> {
  threadState ??= getResolvedPDFJS().then((pdfjs) => ({
    pdfjs,
    worker: new pdfjs.PDFWorker({ verbosity: PDFJS_ERRORS_ONLY }),
  }));
  threadState.catch(() => {
    threadState = undefined;
  });
  return threadState;
}

/**
 * Reads the text layer of a PDF; pages that have no text but a scanned image, or whose text is garbage
 * (a font without a usable encoding) over an image, are read with OCR. Throws `ExtractionError` with
 * reason encrypted, unreadable, no_text_layer, timeout or ocr_failed. The pdf.js document is destroyed on
 * every path, including failed loads, which is why the loading task is kept here rather than going
 * through unpdf's `getDocumentProxy`.
 */
export async function readPdfText(bytes: Uint8Array): Promise<DocumentText> {
  if (bytes.byteLength > MAX_PDF_BYTES) {
    throw new ExtractionError(
      'file_too_large',
      `the PDF is ${bytes.byteLength} bytes, over the ${MAX_PDF_BYTES} byte cap`,
    );
  }
  const { pdfjs, worker } = await pdfThreadState();
  let task: ReturnType<PdfJs['getDocument']> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ExtractionError('unreadable', `reading the PDF took over ${PDF_READ_TIMEOUT_MS} ms`)),
      PDF_READ_TIMEOUT_MS,
    );
  });
  try {
    task = pdfjs.getDocument({
      // A fresh plain Uint8Array: pdf.js refuses Buffers and detaches the buffer it is given.
      data: new Uint8Array(bytes),
      worker,
      // No `isEvalSupported`: the pdf.js bundled by unpdf 1.8 dropped the option and contains no eval.
      disableFontFace: true,
      // Nothing here draws with pdf.js, and unpdf ships no standard-font files: with `false`, each font
      // that is one of the 14 standard ones and not embedded (most generated PDFs) cost a request to
      // the main side that could only fail, with an error built and cloned back. The text is the same
      // either way: pdf.js takes those fonts' widths and encodings from its built-in tables. (When a
      // page's operator list is read, for OCR, the main side declines such a font, since font faces
      // are off, and pdf.js keeps its fallback: nothing is drawn here either way.)
      useSystemFonts: true,
      stopAtErrors: false,
      isOffscreenCanvasSupported: false,
      verbosity: PDFJS_ERRORS_ONLY,
    });
    const pdf = (await Promise.race([task.promise, timeout])) as unknown as PdfDocumentLike;
    const pages = await Promise.race([readTextLayer(pdf), timeout]);
    clearTimeout(timer);
    return await withOcrPages(pdf, pages, pdfjs.OPS, bytes);
  } catch (error) {
    throw toExtractionError(error, bytes);
  } finally {
    clearTimeout(timer);
    await task?.destroy().catch(() => undefined);
  }
}

interface PdfPageLike {
  /** The page's visible box in user space (its crop box): x1, y1, x2, y2. */
  view?: number[];
  /** Degrees the page is shown turned clockwise (its `/Rotate`). */
  rotate?: number;
  getViewport?(options: { scale: number }): { transform: number[]; height: number };
  getTextContent(options?: object): Promise<{ items: unknown[] }>;
  getAnnotations(): Promise<unknown[]>;
  getOperatorList(): Promise<OperatorList>;
  objs: { get(key: string, callback: (value: unknown) => void): void };
  commonObjs: { get(key: string, callback: (value: unknown) => void): void };
}

interface PdfDocumentLike {
  numPages: number;
  getPage(n: number): Promise<PdfPageLike>;
}

interface PageText {
  pageNumber: number;
  lines: TextLine[];
  page: PdfPageLike;
  /** Text was drawn, even if none of it decoded to a character (pdf.js drops private-use ones). */
  drewText: boolean;
}

async function readTextLayer(pdf: PdfDocumentLike): Promise<{ pages: PageText[]; pageCount: number }> {
  const pagesRead = Math.min(pdf.numPages, MAX_PAGES_READ);
  const pages: PageText[] = [];
  for (let first = 1; first <= pagesRead; first += PAGES_IN_FLIGHT) {
    const numbers = Array.from(
      { length: Math.min(PAGES_IN_FLIGHT, pagesRead - first + 1) },
      (_, i) => first + i,
    );
    pages.push(
      ...(await Promise.all(
        numbers.map(async (pageNumber) => {
          const page = await pdf.getPage(pageNumber);
          const [content, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations()]);
          const drawn = onPage(page, content.items.flatMap(toPositionedText));
          return {
            pageNumber,
            page,
            drewText: content.items.some(
              (item) => typeof item === 'object' && item !== null && 'str' in item,
            ),
            lines: layoutLines(uprightItems(page, [...drawn, ...annotationTexts(annotations)]), pageNumber),
          };
        }),
      )),
    );
  }
  return { pages, pageCount: pdf.numPages };
}

const visibleChars = (lines: readonly TextLine[]): number =>
  lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);

async function withOcrPages(
  pdf: PdfDocumentLike,
  read: { pages: PageText[]; pageCount: number },
  ops: PdfJs['OPS'],
  bytes: Uint8Array,
): Promise<DocumentText> {
  const deadline = Date.now() + OCR_TIME_LIMIT_MS;
  let ocrPages = 0;
  const lines: TextLine[] = [];
  for (const { pageNumber, page, lines: textLines, drewText } of read.pages) {
    const text = textLines.map((line) => line.text).join('\n');
    const few = visibleChars(textLines) < MIN_PAGE_TEXT_CHARS;
    const garbage = isGarbageText(text) || (few && drewText);
    const wantsOcr = garbage || few;
    if (!wantsOcr || ocrPages >= MAX_OCR_PAGES) {
      lines.push(...textLines);
      continue;
    }
    const operators = await page.getOperatorList();
    const scan = await scanImages(page, operators, ops);
    let image = scan.largest;
    // Garbage drawn in fonts, not over a scan, text turned into outlines (no font at all, as print
    // drivers and design tools write it), or a scan stored in pieces (strips or tiles, as some scanners
    // and copiers write it, or as a 1-bit stencil mask): only a rendering of the whole page can be read.
    const outlined = !drewText && pathNumbers(operators, ops.constructPath) >= MIN_OUTLINE_PATH_NUMBERS;
    const rendered = scan.pieces > 1 || (image === undefined && (garbage || outlined || scan.pieces > 0));
    if (rendered && canRenderPages()) {
      image =
        (await renderPage(bytes, pageNumber, deadline - Date.now())
          .then(encodedPageImage)
          .catch(() => undefined)) ?? image;
    }
    if (image === undefined) {
      lines.push(...textLines);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new ExtractionError(
        'timeout',
        `OCR of the PDF took over ${OCR_TIME_LIMIT_MS} ms (page ${pageNumber})`,
      );
    }
    ocrPages += 1;
    lines.push(...(await recognizeOrFail(image, pageNumber, deadline)));
  }
  const chars = visibleChars(lines);
  if (chars < MIN_TEXT_CHARS) {
    throw new ExtractionError(
      'no_text_layer',
      `the PDF has ${pdf.numPages} page(s) but only ${chars} characters of text, and no page image OCR could read`,
    );
  }
  return toDocumentText(lines, read.pageCount, read.pages.length);
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
      text: plainCharacters(str),
      x: e,
      y: f,
      width: typeof width === 'number' ? width : 0,
      fontSize: Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0),
    },
  ];
}

/**
 * Text drawn wholly outside the page's visible box: template fields a report engine parks off the page,
 * parts of a larger drawing cropped away. No reader sees it, so it is no part of the document.
 */
function onPage(page: PdfPageLike, items: PositionedText[]): PositionedText[] {
  const [x1, y1, x2, y2] = page.view ?? [];
  if (x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined) return items;
  const [left, right] = [Math.min(x1, x2), Math.max(x1, x2)];
  const [bottom, top] = [Math.min(y1, y2), Math.max(y1, y2)];
  return items.filter(
    (item) =>
      item.x + Math.max(item.width, 0) >= left - item.fontSize &&
      item.x <= right + item.fontSize &&
      item.y >= bottom - item.fontSize &&
      item.y <= top + item.fontSize,
  );
}

/**
 * Text of a page shown turned (`/Rotate 90`, 180 or 270: landscape pages stored upright, sideways scans
 * with a text layer) placed where it is seen: positions are mapped through the page's view, with y up from
 * the seen page's foot, as for an unturned page. Runs drawn across the stored page then read as lines.
 */
function uprightItems(page: PdfPageLike, items: PositionedText[]): PositionedText[] {
  const turn = (((page.rotate ?? 0) % 360) + 360) % 360;
  if (turn === 0 || page.getViewport === undefined) return items;
  const { transform, height } = page.getViewport({ scale: 1 });
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = transform;
  return items.map((item) => ({
    ...item,
    x: a * item.x + c * item.y + e,
    y: height - (b * item.x + d * item.y + f),
  }));
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
