import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { createExtractionPool } from '../../src/extraction/extraction-pool.ts';
import { type OcrEngineName, useOcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { readImageText } from '../../src/extraction/ocr/read-image-text.ts';
import { stopTesseractJs } from '../../src/extraction/ocr/tesseract-js.ts';
import { MAX_PAGES_READ } from '../../src/extraction/pdf/read-pdf-text.ts';
import { textPng } from '../support/samples/ocr-images.ts';
import { makeSampleCorpus } from '../support/samples/sample-corpus.ts';
import { median } from './support/cost-counters.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, timed } from './support/timing.ts';

/**
 * Pages per second of the text layer (through the extraction pool, one warm thread) against `pdftotext`
 * on the same pages of the same 100-page PDF, and OCR pages per second against the `tesseract` command
 * on the same page image. Rounds alternate the two sides; the ratio is the median of per-round ratios.
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
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 1; round <= TEXT_ROUNDS; round += 1) {
      const mine = await timed(() => pool.extract(bytes, hints));
      const poppler = await timed(() => run('pdftotext', ['-layout', '-l', String(pages), path, '-']));
      ours.push(pages / (mine.ms / 1000));
      theirs.push(pages / (poppler.ms / 1000));
      progress(
        `extraction speed: round ${round}: ${mine.ms.toFixed(0)} ms vs pdftotext ${poppler.ms.toFixed(0)} ms`,
      );
    }
    printResult({
      name: `text layer, ${PDF_PAGES}-page PDF (first ${pages} pages)`,
      value: median(ours),
      unit: 'pages/s',
      baseline: { name: 'pdftotext', value: median(theirs), unit: 'pages/s' },
      ratio: median(ours.map((rate, i) => rate / (theirs[i] ?? Number.NaN))),
      note: 'target 0.35',
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
    });
  }
  await stopTesseractJs();
}

await withTempDir('extraction-speed', async (dir) => {
  await textLayer(dir);
  await ocr(dir);
});
