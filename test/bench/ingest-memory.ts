import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startBenchIntake } from './support/bench-intake.ts';
import { startBenchService } from './support/bench-service.ts';
import { formatFigure, MB, MiB, printResult } from './support/result-line.ts';
import { measureRssGrowth, type RssGrowth } from './support/rss-peak.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, until } from './support/timing.ts';

const GiB = 1024 * MiB;
const FILE_BYTES = GiB;
/** The requirement: a file of any size costs a bounded amount of memory on its way through the pipeline. */
const BUDGET_BYTES = 100 * MB;
/** Staging and uploading 1 GiB takes seconds to tens of seconds here; minutes would mean a hang. */
const TIMEOUT_MS = 180_000;
/** Enough for file-type to see a PDF; the rest only has to be staged, uploaded and stored. */
const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** Written chunk by chunk with backpressure: a 1 GiB buffer would be the very growth being measured. */
async function writeLargePdf(path: string): Promise<void> {
  const chunk = randomBytes(MiB);
  const bodyBytes = FILE_BYTES - PDF_HEADER.length;
  const whole = Math.floor(bodyBytes / MiB);
  await pipeline(
    Readable.from(
      (function* () {
        yield PDF_HEADER;
        for (let i = 0; i < whole; i += 1) yield chunk;
        yield chunk.subarray(0, bodyBytes % MiB);
      })(),
    ),
    createWriteStream(path),
  );
}

/** The argument that makes this script measure the baseline copy, in a process of its own. */
const BASELINE_MODE = 'baseline-copy';

/**
 * The plain copy's growth, measured in a fresh process: in this one, the pipeline's modules and the
 * service's caches would already sit in RSS and make any growth look smaller than it is.
 */
async function baselineInOwnProcess(source: string, target: string): Promise<RssGrowth> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, [
    ...process.execArgv,
    script,
    BASELINE_MODE,
    source,
    target,
  ]);
  return JSON.parse(stdout) as RssGrowth; // written by the branch below, in this same file
}

const [mode, copySource, copyTarget] = process.argv.slice(2);
if (mode === BASELINE_MODE && copySource !== undefined && copyTarget !== undefined) {
  const growth = await measureRssGrowth(() =>
    pipeline(createReadStream(copySource), createWriteStream(copyTarget)),
  );
  process.stdout.write(JSON.stringify(growth));
} else {
  await measure();
}

async function measure(): Promise<void> {
  await withTempDir('stevedore-bench-memory-', async (root) => {
    const file = join(root, 'large.pdf');
    progress(`ingest memory: writing a ${FILE_BYTES / GiB} GiB file`);
    await writeLargePdf(file);

    progress('ingest memory: plain stream copy, in its own process');
    const copy = join(root, 'copy.pdf');
    const baseline = await baselineInOwnProcess(file, copy);
    await rm(copy);

    progress('ingest memory: pipeline (inbox → staging → upload → document)');
    const bench = await startBenchService(join(root, 'pipeline'), { maxUploadBytes: 2 * FILE_BYTES });
    try {
      const intake = await startBenchIntake(bench);
      try {
        await mkdir(bench.config.inbox, { recursive: true });
        const measured = await measureRssGrowth(async () => {
          // A rename is how a finished file appears in a drop folder at once, so staging starts right away.
          await rename(file, join(bench.config.inbox, 'large.pdf'));
          await until(async () => (await bench.documentCount()) >= 1, {
            intervalMs: 50,
            timeoutMs: TIMEOUT_MS,
            what: 'the document created',
          });
        });
        const over = measured.growthBytes > BUDGET_BYTES;
        progress(
          `ingest memory: RSS ${formatFigure(measured.beforeBytes / MB)} MB before, ` +
            `${formatFigure(measured.peakBytes / MB)} MB at peak`,
        );
        printResult({
          name: 'ingest memory',
          value: measured.growthBytes / MB,
          unit: `MB peak RSS growth for ${FILE_BYTES / GiB} GiB`,
          baseline: { name: 'plain stream copy', value: baseline.growthBytes / MB, unit: 'MB' },
          note: `budget ${BUDGET_BYTES / MB} MB${over ? ', OVER BUDGET' : ''}`,
        });
        if (over) process.exitCode = 1;
      } finally {
        await intake.close();
      }
    } finally {
      await bench.close();
    }
  });
}
