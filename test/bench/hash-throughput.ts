import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { digestContent } from '../../src/domain/content-digest.ts';
import { MB, MiB, printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, timed } from './support/timing.ts';

const FILE_BYTES = 512 * MiB;
/** Sixteen times the fs default of 64 KiB: fewer, larger hash updates and stream callbacks per byte. */
const READ_CHUNK_BYTES = MiB;
const RUNS = 3;
/** The block size whose column is read: large enough that per-call overhead no longer shows. */
const OPENSSL_BLOCK_BYTES = 16_384;

const run = promisify(execFile);

/** Random bytes, repeated chunk by chunk: hashing speed does not depend on the content. */
async function writeTestFile(path: string): Promise<void> {
  const chunk = randomBytes(MiB);
  const chunks = FILE_BYTES / MiB;
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i += 1) yield chunk;
      })(),
    ),
    createWriteStream(path),
  );
}

/** Best of `RUNS` reads of the whole file, in MB/s; the first read also pulls the file into the page cache. */
async function bestOf(label: string, hashFile: () => Promise<void>): Promise<number> {
  let best = 0;
  for (let i = 1; i <= RUNS; i += 1) {
    const { ms } = await timed(hashFile);
    const rate = FILE_BYTES / MB / (ms / 1000);
    progress(`hash throughput: ${label} run ${i}/${RUNS}: ${rate.toFixed(0)} MB/s`);
    best = Math.max(best, rate);
  }
  return best;
}

/** `openssl speed` for one digest, one thread, in MB/s (it reports in 1000s of bytes per second). */
async function opensslSpeed(algorithm: 'sha256' | 'md5'): Promise<number> {
  const args = ['speed', '-seconds', '2', '-bytes', String(OPENSSL_BLOCK_BYTES), '-evp', algorithm];
  const { stdout } = await run('openssl', args);
  // The result row is the algorithm's name followed by one figure per block size, e.g. `md5  863341.82k`.
  const row = stdout.split('\n').find((line) => line.trim().split(/\s+/)[0] === algorithm);
  const figure = row?.trim().split(/\s+/).at(-1);
  const kiloBytesPerSecond = figure === undefined ? Number.NaN : Number.parseFloat(figure);
  if (!Number.isFinite(kiloBytesPerSecond)) {
    throw new Error(`could not read the ${algorithm} figure from openssl speed:\n${stdout}`);
  }
  return (kiloBytesPerSecond * 1000) / MB;
}

await withTempDir('stevedore-bench-hash-', async (root) => {
  progress('hash throughput: openssl speed sha256 and md5 (2 s each)');
  const opensslSha256 = await opensslSpeed('sha256');
  const opensslMd5 = await opensslSpeed('md5');
  // digestContent feeds every chunk to SHA-256 and then to MD5 on one thread, so the times add up.
  const onePassCeiling = 1 / (1 / opensslSha256 + 1 / opensslMd5);

  const path = join(root, 'content.bin');
  progress(`hash throughput: writing a ${FILE_BYTES / MiB} MiB file`);
  await writeTestFile(path);
  const open = () => createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });

  const digest = await bestOf('SHA-256 + MD5', async () => {
    await digestContent(open());
  });
  const sha256Only = await bestOf('SHA-256 only', async () => {
    const hash = createHash('sha256');
    await pipeline(open(), hash);
    hash.digest();
  });

  printResult({
    name: 'hash throughput',
    value: digest,
    unit: 'MB/s',
    baseline: { name: 'openssl speed one-pass sha256+md5', value: onePassCeiling, unit: 'MB/s' },
  });
  printResult({
    name: 'hash throughput (SHA-256 only)',
    value: sha256Only,
    unit: 'MB/s',
    baseline: { name: 'openssl speed sha256', value: opensslSha256, unit: 'MB/s' },
  });
});
