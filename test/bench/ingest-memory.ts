import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startBenchIntake } from './support/bench-intake.ts';
import { startBenchService } from './support/bench-service.ts';
import { formatFigure, MB, MiB, printResult } from './support/result-line.ts';
import { measureRssGrowth } from './support/rss-peak.ts';
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

await withTempDir('stevedore-bench-memory-', async (root) => {
  const file = join(root, 'large.pdf');
  progress(`ingest memory: writing a ${FILE_BYTES / GiB} GiB file`);
  await writeLargePdf(file);

  progress('ingest memory: plain stream copy');
  const copy = join(root, 'copy.pdf');
  const baseline = await measureRssGrowth(() => pipeline(createReadStream(file), createWriteStream(copy)));
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
