import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { classifyDocument } from '../../src/extraction/classify.ts';
import { FIELD_EXTRACTORS } from '../../src/extraction/extract-document.ts';
import { createExtractionPool } from '../../src/extraction/extraction-pool.ts';
import { type OcrEngineName, useOcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { readImageText } from '../../src/extraction/ocr/read-image-text.ts';
import { stopTesseractJs } from '../../src/extraction/ocr/tesseract-js.ts';
import { MAX_PAGES_READ, readPdfText } from '../../src/extraction/pdf/read-pdf-text.ts';
import { DOCUMENT_SCHEMAS } from '../../src/extraction/schemas/registry.ts';
import { textPng } from '../support/samples/ocr-images.ts';
import { makeSampleCorpus } from '../support/samples/sample-corpus.ts';
import { cpuMsOf, median } from './support/cost-counters.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, timed } from './support/timing.ts';

/**
 * Pages per second of a PDF's extraction (through the extraction pool, one warm thread) against
 * `pdftotext` on the same pages of the same 100-page PDF, and OCR pages per second against the `tesseract` command
 * on the same page image. Rounds alternate the two sides; the ratio is the median of per-round ratios.
 *
 * The text-layer line times what the service does with a PDF in its pool: the text layer, then
 * classification and the fields. Each round also runs those three stages one by one in this thread and
 * takes each one's CPU time, so the line can be read by its parts: the text layer alone (pdf.js and the
 * line assembly) against the same `pdftotext` round, and what classification and fields add.
 */
const PDF_PAGES = 100;
const TEXT_ROUNDS = 9;
const OCR_ROUNDS = 3;

const run = promisify(execFile);

/** The project's sample documents (every type and print style), one per page, bound into one PDF. */
async function hundredPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const sample of await makeSampleCorpus(PDF_PAGES, 8)) {
    const source = await PDFDocument.load(sample.bytes);
    for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  }
  return doc.save();
}

/** A dense one-page invoice scan: 28 lines of labels, values and table rows. */
function invoiceScan(): Promise<Buffer> {
  const lines = [
    'COMMERCIAL INVOICE',
    'Seller: Northwind Components B.V., Keizersgracht 12, 1015 CS Amsterdam',
    'Buyer: Harbor Supply Inc., 200 Pier Avenue, Long Beach CA 90802',
    'Invoice No.: INV-2026-00042      Invoice Date: 28 Nov 2022',
    'Bill of Lading: MAEU123456789      Container: MSCU1234565',
    'Port of Loading: Rotterdam      Port of Discharge: Los Angeles',
  ];
  for (let item = 1; item <= 20; item += 1) {
    lines.push(
      `${item}   Hydraulic pump part ${item * 7}   ${item * 3} PCS   USD ${(item * 41.5).toFixed(2)}`,
    );
  }
  lines.push('Total Packages: 12 CARTONS      Gross Weight: 1,234.50 KGS', 'Grand Total: USD 12,450.00');
  return textPng(lines, { width: 1700, fontSize: 24 });
}

/** One minute load average, printed beside each figure: on the shared 2-core machine it moves them 2x. */
const load = (): string => `load ${(loadavg()[0] ?? Number.NaN).toFixed(1)}`;

/** CPU milliseconds of this thread alone (the worker thread's own time is not in it). */
const threadCpuMs = (): number => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

interface StageTimes {
  /** Wall milliseconds of the text layer alone, in this thread. */
  textMs: number;
  textCpuMs: number;
  classifyCpuMs: number;
  fieldsCpuMs: number;
}

/** The three stages of an extraction, one after the other in this thread, each with its CPU time. */
async function stages(bytes: Uint8Array): Promise<StageTimes> {
  const start = performance.now();
  const cpuStart = threadCpuMs();
  const text = await readPdfText(bytes);
  const textMs = performance.now() - start;
  const textCpu = threadCpuMs();
  const { documentType } = classifyDocument(text);
  const classified = threadCpuMs();
  DOCUMENT_SCHEMAS[documentType].schema.parse(FIELD_EXTRACTORS[documentType](text));
  const done = threadCpuMs();
  return {
    textMs,
    textCpuMs: textCpu - cpuStart,
    classifyCpuMs: classified - textCpu,
    fieldsCpuMs: done - classified,
  };
}

async function textLayer(dir: string): Promise<void> {
  const bytes = await hundredPagePdf();
  const path = join(dir, 'hundred-pages.pdf');
  await writeFile(path, bytes);
  const pages = Math.min(PDF_PAGES, MAX_PAGES_READ);
  const pool = createExtractionPool(1);
  const hints = { filename: 'hundred-pages.pdf', contentType: 'application/pdf' };
  try {
    const first = await timed(() => pool.extract(bytes, hints));
    if (!first.result.ok) throw new Error(`extraction failed: ${first.result.detail}`);
    progress(`extraction speed: first document in a new thread ${first.ms.toFixed(0)} ms`);
    await stages(bytes); // loads pdf.js in this thread too
    const ours: number[] = [];
    const cpuPerPage: number[] = [];
    const textAlone: number[] = [];
    const theirs: number[] = [];
    const parts: StageTimes[] = [];
    for (let round = 1; round <= TEXT_ROUNDS; round += 1) {
      const cpu = await cpuMsOf(() => timed(() => pool.extract(bytes, hints)));
      const mine = cpu.result;
      const part = await stages(bytes);
      const poppler = await timed(() => run('pdftotext', ['-layout', '-l', String(pages), path, '-']));
      ours.push(pages / (mine.ms / 1000));
      cpuPerPage.push(cpu.cpuMs / pages);
      textAlone.push(pages / (part.textMs / 1000));
      theirs.push(pages / (poppler.ms / 1000));
      parts.push(part);
      progress(
        `extraction speed: round ${round}: ${mine.ms.toFixed(0)} ms (${cpu.cpuMs.toFixed(0)} ms CPU) vs ` +
          `pdftotext ${poppler.ms.toFixed(0)} ms; text layer alone ${part.textMs.toFixed(0)} ms; ${load()}`,
      );
    }
    const perPage = (pick: (part: StageTimes) => number): string =>
      (median(parts.map(pick)) / pages).toFixed(2);
    progress(
      `extraction speed: CPU per page: whole extraction in the pool ${median(cpuPerPage).toFixed(2)} ms; ` +
        `in this thread, text layer ${perPage((p) => p.textCpuMs)} ms, classification ` +
        `${perPage((p) => p.classifyCpuMs)} ms, fields ${perPage((p) => p.fieldsCpuMs)} ms`,
    );
    printResult({
      name: `text layer, ${PDF_PAGES}-page PDF (first ${pages} pages)`,
      value: median(ours),
      unit: 'pages/s',
      baseline: { name: 'pdftotext', value: median(theirs), unit: 'pages/s' },
      ratio: median(ours.map((rate, i) => rate / (theirs[i] ?? Number.NaN))),
      note: `target 0.35; ${load()}`,
    });
    printResult({
      name: `text layer alone (no classification or fields), ${PDF_PAGES}-page PDF (first ${pages} pages)`,
      value: median(textAlone),
      unit: 'pages/s',
      baseline: { name: 'pdftotext', value: median(theirs), unit: 'pages/s' },
      ratio: median(textAlone.map((rate, i) => rate / (theirs[i] ?? Number.NaN))),
      note: load(),
    });
  } finally {
    await pool.close();
  }
}

async function hasTesseract(): Promise<boolean> {
  try {
    await run('tesseract', ['--version']);
    return true;
  } catch {
    return false;
  }
}

async function ocr(dir: string): Promise<void> {
  const png = await invoiceScan();
  const path = join(dir, 'invoice.png');
  await writeFile(path, png);
  const system = await hasTesseract();
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const engines: OcrEngineName[] = system ? ['system', 'tesseract.js'] : ['tesseract.js'];
  for (const engine of engines) {
    useOcrEngine(engine);
    await readImageText(png); // loads the engine and its language data
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 1; round <= OCR_ROUNDS; round += 1) {
      const mine = await timed(() => readImageText(png));
      ours.push(1 / (mine.ms / 1000));
      if (system) {
        const cli = await timed(() => run('tesseract', [path, 'stdout', '--psm', '3', 'tsv'], { env }));
        theirs.push(1 / (cli.ms / 1000));
        progress(
          `ocr speed: ${engine} round ${round}: ${mine.ms.toFixed(0)} ms vs tesseract ${cli.ms.toFixed(0)} ms`,
        );
      } else {
        progress(`ocr speed: ${engine} round ${round}: ${mine.ms.toFixed(0)} ms (no tesseract command)`);
      }
    }
    printResult({
      name: `OCR (${engine}), dense one-page scan`,
      value: median(ours),
      unit: 'pages/s',
      baseline: { name: 'tesseract command', value: system ? median(theirs) : Number.NaN, unit: 'pages/s' },
      ratio: system ? median(ours.map((rate, i) => rate / (theirs[i] ?? Number.NaN))) : Number.NaN,
      note: load(),
    });
  }
  await stopTesseractJs();
}

await withTempDir('extraction-speed', async (dir) => {
  await textLayer(dir);
  await ocr(dir);
});
