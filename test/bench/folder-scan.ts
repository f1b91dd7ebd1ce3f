import { lstatSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FolderBlobStore } from '../../pipeline/adapters/folder-blob-store.ts';
import { FolderSource } from '../../pipeline/sources/folder-source.ts';
import { systemClock } from '../../src/domain/clock.ts';
import { silentLogger } from '../../src/observability/logger.ts';
import { cpuMsOf, median } from './support/cost-counters.ts';
import { formatFigure, printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, timed } from './support/timing.ts';

/** The size of inbox the issue measured: a backlog from a scanner, or a share mounted with old files. */
const WAITING_FILES = 10_000;
const ROUNDS = 9;
/** The folder source's default poll interval: a scan's CPU time against it is the share of a core spent. */
const POLL_INTERVAL_MS = 500;
/** No file becomes stable during the run: every scan looks at every file and takes none. */
const NEVER_STABLE_MS = 24 * 60 * 60 * 1000;

/** What any scan has to do at least: list the folder and look at every file once. */
function bareScan(inbox: string): void {
  for (const entry of readdirSync(inbox, { withFileTypes: true })) {
    if (entry.isFile()) lstatSync(join(inbox, entry.name));
  }
}

await withTempDir('stevedore-bench-scan-', async (root) => {
  const inbox = join(root, 'inbox');
  await mkdir(inbox);
  progress(`folder scan: writing ${WAITING_FILES} waiting files`);
  for (let i = 0; i < WAITING_FILES; i += 1)
    await writeFile(join(inbox, `scan-${i}.pdf`), `%PDF-1.4\n% ${i}\n`);
  const source = new FolderSource({
    inbox,
    blobs: new FolderBlobStore(join(root, 'staging')),
    queue: { send: async () => 'unused' },
    logger: silentLogger,
    clock: systemClock,
    maxBytes: 1_000_000,
    stabilityMs: NEVER_STABLE_MS,
  });
  await source.scan(); // the first look records every file; later ones compare, as in steady state

  const rounds: Array<{ scanMs: number; cpuMs: number; bareMs: number }> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const { result, cpuMs } = await cpuMsOf(() => timed(() => source.scan()));
    const bare = await timed(async () => bareScan(inbox));
    rounds.push({ scanMs: result.ms, cpuMs, bareMs: bare.ms });
  }
  if (source.stats().waiting !== WAITING_FILES) throw new Error(`expected ${WAITING_FILES} waiting files`);
  const scanMs = median(rounds.map((round) => round.scanMs));
  const cpuMs = median(rounds.map((round) => round.cpuMs));
  progress(`folder scan: ${formatFigure(cpuMs)} CPU ms per scan`);
  printResult({
    name: `folder scan of ${WAITING_FILES} waiting files`,
    value: scanMs,
    unit: 'ms',
    ratio: median(rounds.map((round) => round.scanMs / round.bareMs)),
    baseline: {
      name: 'bare readdir + lstat',
      value: median(rounds.map((round) => round.bareMs)),
      unit: 'ms',
    },
    note: `${formatFigure((100 * cpuMs) / POLL_INTERVAL_MS)} % of a core at the ${POLL_INTERVAL_MS} ms poll; target under 100 ms`,
  });
});
