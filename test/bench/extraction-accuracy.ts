import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractDocument } from '../../src/extraction/extract-document.ts';
import {
  CORPUS_DIR,
  HELDOUT_DIR,
  HELDOUT2_DIR,
  HELDOUT3_DIR,
  HELDOUT4_DIR,
  HELDOUT5_DIR,
  HELDOUT6_DIR,
  HELDOUT7_DIR,
  loadCorpus,
  runCorpus,
} from '../support/extraction-corpus/run-corpus.ts';
import {
  type DocumentScore,
  formatFieldTable,
  formatSummaryTable,
  groupBy,
  summarize,
} from '../support/extraction-corpus/score.ts';
import type { CorpusDocument } from '../support/extraction-corpus/truth.ts';
import { printResult } from './support/result-line.ts';
import { progress } from './support/timing.ts';

/**
 * `npm run bench:extraction`: the extractor the service runs (extractDocument), over the whole committed
 * extraction corpus. Prints classification accuracy and field precision, recall and F1 overall, per type,
 * per language and per input kind, per-field exact match; then the same for the held-out set (layouts the
 * generator does not make, never tuned to) on a line of its own; then pages/s on the corpus's text PDFs against
 * `pdftotext` on the same files, and OCR pages/s on its images against the `tesseract` command when
 * installed. Speed: median of interleaved rounds, each side reading every file once per round.
 */

const SPEED_ROUNDS = 5;
const OCR_IMAGES = 8;
const run = promisify(execFile);

const corpus = loadCorpus();
progress(`scoring ${corpus.documents.length} documents`);
const { scores, timings } = await runCorpus(corpus.documents, extractDocument);

const overall = summarize(scores);
const write = (text: string): void => {
  process.stdout.write(`${text}\n\n`);
};
write(formatSummaryTable('corpus', new Map([['all', scores]])));
write(
  formatSummaryTable(
    'type',
    groupBy(scores, (s) => s.document.type),
  ),
);
write(
  formatSummaryTable(
    'language',
    groupBy(scores, (s) => s.document.language),
  ),
);
write(
  formatSummaryTable(
    'input kind',
    groupBy(scores, (s) => s.document.input_kind),
  ),
);
write(
  formatSummaryTable(
    'source',
    groupBy(scores, (s) => (s.document.variant.startsWith('handmade') ? 'handmade' : 'generated')),
  ),
);
write(formatFieldTable(scores));
write(confusion(scores));
write(handmadeOutcomes(scores));

process.stdout.write(
  `extraction corpus: classification accuracy ${overall.classificationAccuracy.toFixed(2)}, field F1 ` +
    `${overall.f1.toFixed(2)} (precision ${overall.precision.toFixed(2)}, recall ${overall.recall.toFixed(2)}); ` +
    `target 0.95 both\n`,
);

const heldout = loadCorpus(HELDOUT_DIR);
progress(`scoring ${heldout.documents.length} held-out documents`);
const heldoutScores = (await runCorpus(heldout.documents, extractDocument, HELDOUT_DIR)).scores;
const heldoutOverall = summarize(heldoutScores);
write(formatSummaryTable('held-out', new Map([['all', heldoutScores]])));
write(
  formatSummaryTable(
    'held-out type',
    groupBy(heldoutScores, (s) => s.document.type),
  ),
);
write(formatFieldTable(heldoutScores));
write(confusion(heldoutScores));
process.stdout.write(
  `extraction held-out: classification accuracy ${heldoutOverall.classificationAccuracy.toFixed(2)}, field F1 ` +
    `${heldoutOverall.f1.toFixed(2)} (precision ${heldoutOverall.precision.toFixed(2)}, recall ` +
    `${heldoutOverall.recall.toFixed(2)}); ${heldout.documents.length} documents in layouts the corpus generator does not make\n`,
);

/** A later held-out set: its summary and field tables, and its line. */
async function scoreLaterSet(label: string, dir: string, written: string): Promise<void> {
  const set = loadCorpus(dir);
  progress(`scoring ${set.documents.length} documents of the ${label} set`);
  const scores = (await runCorpus(set.documents, extractDocument, dir)).scores;
  const overall = summarize(scores);
  write(formatSummaryTable(label, new Map([['all', scores]])));
  write(
    formatSummaryTable(
      `${label} input`,
      groupBy(scores, (s) => s.document.input_kind),
    ),
  );
  write(formatFieldTable(scores));
  process.stdout.write(
    `extraction ${label}: classification accuracy ${overall.classificationAccuracy.toFixed(2)}, field F1 ` +
      `${overall.f1.toFixed(2)} (precision ${overall.precision.toFixed(2)}, recall ` +
      `${overall.recall.toFixed(2)}); ${set.documents.length} documents ${written}\n`,
  );
}

await scoreLaterSet('held-out 2', HELDOUT2_DIR, 'written after the first held-out set');
await scoreLaterSet('held-out 3', HELDOUT3_DIR, 'in office layouts, written after the second');
await scoreLaterSet(
  'held-out 4',
  HELDOUT4_DIR,
  'from unfamiliar carriers, grids, European formats and turned scans, written after the third',
);
await scoreLaterSet(
  'held-out 5',
  HELDOUT5_DIR,
  'with text layers unlike the page, values over labels, shadowed photos and stamps, written after the fourth',
);
await scoreLaterSet(
  'held-out 6',
  HELDOUT6_DIR,
  'in five European languages and Chinese beside English, with Unicode text layers, turned pages and a fax, written after the fifth',
);
await scoreLaterSet(
  'held-out 7',
  HELDOUT7_DIR,
  'in Portuguese, with lakh and Swiss amounts, continued sheets, spreadsheet grids and prose, written after the sixth',
);

await textSpeed(corpus.documents.filter((d) => d.input_kind === 'text_pdf'));
await ocrSpeed(
  corpus.documents.filter((d) => ['png', 'jpeg', 'tiff', 'photo_sideways'].includes(d.input_kind)),
);

/** Each hand-made document is named after the failure it pins: say which still fail, and how. */
function handmadeOutcomes(all: readonly DocumentScore[]): string {
  const rows = all
    .filter((s) => s.document.variant.startsWith('handmade'))
    .map((s) => {
      const missed = s.fields.filter((f) => f.fp > 0 || f.fn > 0).map((f) => f.field);
      const type = s.typeCorrect ? 'type ok' : `typed ${s.predictedType ?? `failed:${s.failure}`}`;
      return `${s.document.id}: ${type}; ${missed.length === 0 ? 'fields ok' : `wrong or missed: ${missed.join(', ')}`}`;
    });
  return ['hand-made documents:', ...rows].join('\n');
}

function confusion(all: readonly DocumentScore[]): string {
  const rows = [...groupBy(all, (s) => s.document.type).entries()].map(([type, group]) => {
    const counts = groupBy(group, (s) => s.predictedType ?? `failed:${s.failure}`);
    const cells = [...counts.entries()].map(([predicted, items]) => `${predicted} ${items.length}`);
    return `${type} -> ${cells.join(', ')}`;
  });
  return ['classified as:', ...rows].join('\n');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function hasCommand(command: string, args: readonly string[]): Promise<boolean> {
  try {
    await run(command, [...args]);
    return true;
  } catch {
    return false;
  }
}

async function textSpeed(documents: readonly CorpusDocument[]): Promise<void> {
  if (!(await hasCommand('pdftotext', ['-v']))) {
    progress('pdftotext not installed: no text speed baseline');
    return;
  }
  const pages = documents.reduce((sum, d) => sum + d.pages, 0);
  const ours: number[] = [];
  const theirs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < SPEED_ROUNDS; round += 1) {
    const a = performance.now();
    await runCorpus(documents, extractDocument);
    const oursMs = performance.now() - a;
    const b = performance.now();
    for (const document of documents)
      await run('pdftotext', ['-layout', join(CORPUS_DIR, document.file), '-']);
    const theirsMs = performance.now() - b;
    ours.push(pages / (oursMs / 1000));
    theirs.push(pages / (theirsMs / 1000));
    ratios.push(theirsMs / oursMs);
    progress(
      `text round ${round + 1}/${SPEED_ROUNDS}: ${ours.at(-1)?.toFixed(1)} vs ${theirs.at(-1)?.toFixed(1)} pages/s`,
    );
  }
  printResult({
    name: `extraction text PDFs (${documents.length} files, ${pages} pages, classify and extract)`,
    value: median(ours),
    unit: 'pages/s',
    baseline: { name: 'pdftotext', value: median(theirs), unit: 'pages/s' },
    ratio: median(ratios),
    note: 'small files: pdftotext pays a process start per file',
  });
}

async function ocrSpeed(candidates: readonly CorpusDocument[]): Promise<void> {
  const documents = candidates.slice(0, OCR_IMAGES);
  const read = documents.filter(
    (d) => (timings.get(d.id) ?? 0) > 0 && scores.find((s) => s.document.id === d.id)?.failure === null,
  );
  if (read.length === 0) {
    progress(`OCR: the extractor read none of the ${documents.length} images; no OCR speed to report`);
    return;
  }
  if (!(await hasCommand('tesseract', ['--version']))) {
    progress('tesseract not installed: no OCR speed baseline');
    return;
  }
  const a = performance.now();
  await runCorpus(read, extractDocument);
  const oursMs = performance.now() - a;
  const b = performance.now();
  for (const document of read) await run('tesseract', [join(CORPUS_DIR, document.file), '-', '-l', 'eng']);
  const theirsMs = performance.now() - b;
  printResult({
    name: `extraction OCR images (${read.length} files, one round)`,
    value: read.length / (oursMs / 1000),
    unit: 'pages/s',
    baseline: { name: 'tesseract -l eng', value: read.length / (theirsMs / 1000), unit: 'pages/s' },
  });
}
