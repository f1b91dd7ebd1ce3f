import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadDocument } from '../../src/client/upload-document.ts';
import { type ContentDigest, digestContent } from '../../src/domain/content-digest.ts';
import { makeSampleCorpus, type SampleDocument } from '../support/samples/sample-corpus.ts';
import { measureAdmission } from './support/admission-alone.ts';
import { startBenchIntake } from './support/bench-intake.ts';
import { startBenchService } from './support/bench-service.ts';
import { cpuMsOf, median, syncCallsOf } from './support/cost-counters.ts';
import { formatFigure, printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { forEachConcurrently, progress, timed, until } from './support/timing.ts';

const FILES = 300;
const SEED = 6346;
/** The worker's default, used by both sides so the comparison is of the work, not of parallelism. */
const CONCURRENCY = 4;
/** Far above the expected few seconds: a stuck pipeline ends the run instead of hanging it. */
const TIMEOUT_MS = 120_000;
/** Enough rounds for a median to shrug off one round slowed by the other engineers' work on 2 cores. */
const ROUNDS = 7;
/** Both sides learn they are done the same way: the service's document count, asked this often. */
const POLL_INTERVAL_MS = 10;
/** The traced run is slower (every sync stops in strace) and only counts calls: fewer files do. */
const TRACED_FILES = 100;

interface Upload {
  readonly document: SampleDocument;
  readonly digest: ContentDigest;
}

interface Side {
  readonly docsPerSecond: number;
  readonly cpuMsPerDoc: number;
}

const untilDocuments = (count: () => Promise<number>, expected: number) =>
  until(async () => (await count()) >= expected, {
    intervalMs: POLL_INTERVAL_MS,
    timeoutMs: TIMEOUT_MS,
    what: `${expected} documents created`,
  });

/** What the pipeline cannot beat: the three API calls per document, bytes and digests already in memory. */
async function bareClient(
  root: string,
  uploads: readonly Upload[],
  trace = false,
): Promise<Side & { syncs?: number }> {
  const bench = await startBenchService(root, { concurrency: CONCURRENCY });
  try {
    const run = async () => {
      const sending = forEachConcurrently(uploads, CONCURRENCY, async ({ document, digest }) => {
        await uploadDocument(bench.client, {
          name: document.name,
          contentType: 'application/pdf',
          digest,
          open: () => document.bytes,
        });
      });
      await untilDocuments(bench.documentCount, uploads.length);
      await sending;
    };
    if (trace) return { docsPerSecond: 0, cpuMsPerDoc: 0, syncs: (await syncCallsOf(run)) ?? Number.NaN };
    const { result, cpuMs } = await cpuMsOf(() => timed(run));
    return { docsPerSecond: (uploads.length * 1000) / result.ms, cpuMsPerDoc: cpuMs / uploads.length };
  } finally {
    await bench.close();
  }
}

/**
 * The worker as `stevedore up` runs it. The files are written beside the inbox first and renamed in
 * inside the timed run: that is how a finished file appears in a drop folder, and the user's writes are
 * not the pipeline's cost.
 */
async function pipeline(
  root: string,
  corpus: readonly SampleDocument[],
  trace = false,
): Promise<Side & { syncs?: number }> {
  const bench = await startBenchService(root, { concurrency: CONCURRENCY });
  try {
    const intake = await startBenchIntake(bench);
    try {
      const { inbox } = bench.config;
      const outside = join(root, 'outside');
      await mkdir(inbox, { recursive: true });
      await mkdir(outside, { recursive: true });
      for (const document of corpus) await writeFile(join(outside, document.name), document.bytes);
      // The service counts a document before the handler that created it has written the ledger and
      // deleted its message. The bare client's run ends when its last call returned; the pipeline's ends
      // when its last handler did, so that work is timed and its CPU counted too.
      const run = async () => {
        for (const document of corpus) await rename(join(outside, document.name), join(inbox, document.name));
        await untilDocuments(bench.documentCount, corpus.length);
        await until(async () => (await intake.handedOver()) >= corpus.length, {
          intervalMs: POLL_INTERVAL_MS,
          timeoutMs: TIMEOUT_MS,
          what: 'ingest handlers finished',
        });
      };
      if (trace) return { docsPerSecond: 0, cpuMsPerDoc: 0, syncs: (await syncCallsOf(run)) ?? Number.NaN };
      const { result, cpuMs } = await cpuMsOf(() => timed(run));
      return { docsPerSecond: (corpus.length * 1000) / result.ms, cpuMsPerDoc: cpuMs / corpus.length };
    } finally {
      await intake.close();
    }
  } finally {
    await bench.close();
  }
}

await withTempDir('stevedore-bench-ingest-', async (root) => {
  progress(`ingest throughput: generating ${FILES} sample PDFs`);
  const corpus = await makeSampleCorpus(FILES, SEED);
  const uploads = await Promise.all(
    corpus.map(async (document) => ({ document, digest: await digestContent(document.bytes) })),
  );
  const rounds: Array<{ bare: Side; measured: Side }> = [];
  // Interleaved rounds on fresh services, the side going first alternating: load from other work on a
  // 2-core machine hits both sides of a round alike, and the ratio is taken within each round.
  for (let round = 1; round <= ROUNDS; round += 1) {
    const bareFirst = round % 2 === 1;
    const runBare = () => bareClient(join(root, `bare-${round}`), uploads);
    const runPipeline = () => pipeline(join(root, `pipeline-${round}`), corpus);
    const bare = bareFirst ? await runBare() : undefined;
    const measured = await runPipeline();
    const baseline = bare ?? (await runBare());
    rounds.push({ bare: baseline, measured });
    progress(
      `ingest throughput: round ${round}/${ROUNDS}: pipeline ${formatFigure(measured.docsPerSecond)} docs/s ` +
        `${formatFigure(measured.cpuMsPerDoc)} CPU ms/doc, bare client ${formatFigure(baseline.docsPerSecond)} docs/s ` +
        `${formatFigure(baseline.cpuMsPerDoc)} CPU ms/doc`,
    );
  }
  progress(`ingest throughput: counting syncs with strace over ${TRACED_FILES} documents per side`);
  const bareSyncs = (await bareClient(join(root, 'bare-traced'), uploads.slice(0, TRACED_FILES), true)).syncs;
  const pipelineSyncs = (await pipeline(join(root, 'pipeline-traced'), corpus.slice(0, TRACED_FILES), true))
    .syncs;

  progress('ingest throughput: the folder admission alone (inbox → staging → intake queue)');
  const admission = await measureAdmission(join(root, 'admission'), corpus);

  const ratioOf = (pick: (side: Side) => number) =>
    median(rounds.map((round) => pick(round.measured) / pick(round.bare)));
  const medianOf = (pick: (side: Side) => number, side: 'bare' | 'measured') =>
    median(rounds.map((round) => pick(round[side])));
  const speed = (side: Side) => side.docsPerSecond;
  const cpu = (side: Side) => side.cpuMsPerDoc;
  printResult({
    name: 'ingest throughput (intake only, no extraction)',
    value: medianOf(speed, 'measured'),
    unit: 'docs/s',
    ratio: ratioOf(speed),
    baseline: { name: 'bare client', value: medianOf(speed, 'bare'), unit: 'docs/s' },
    note: `median of ${ROUNDS} interleaved per-round ratios`,
  });
  printResult({
    name: 'ingest CPU per document (whole process, service included)',
    value: medianOf(cpu, 'measured'),
    unit: 'ms',
    ratio: ratioOf(cpu),
    baseline: { name: 'bare client', value: medianOf(cpu, 'bare'), unit: 'ms' },
  });
  printResult({
    name: 'ingest fsyncs per document',
    value: (pipelineSyncs ?? Number.NaN) / TRACED_FILES,
    unit: 'fsync+fdatasync',
    baseline: {
      name: 'bare client',
      value: (bareSyncs ?? Number.NaN) / TRACED_FILES,
      unit: 'fsync+fdatasync',
    },
    note: `strace -c -f over ${TRACED_FILES} documents per side`,
  });
  printResult({
    name: 'intake admission alone (inbox → staging → queue), CPU per document',
    value: admission.cpuMsPerDoc,
    unit: 'ms',
    baseline: { name: 'whole pipeline', value: medianOf(cpu, 'measured'), unit: 'ms' },
    note: `${formatFigure(admission.docsPerSecond)} docs/s, ${formatFigure(admission.syncsPerDoc ?? Number.NaN)} fsyncs per document`,
  });
});
