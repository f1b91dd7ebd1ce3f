import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { progress } from './support/timing.ts';

interface Benchmark {
  /** What `npm run bench -- <name>` selects, with dashes or spaces; also the script's file name. */
  readonly name: string;
  /** Well above a normal run on a 2-core machine; past it the benchmark counts as crashed. */
  readonly timeoutMs: number;
}

const BENCHMARKS: readonly Benchmark[] = [
  { name: 'ingest-throughput', timeoutMs: 300_000 },
  { name: 'hash-throughput', timeoutMs: 90_000 },
  { name: 'ingest-memory', timeoutMs: 240_000 },
  { name: 'folder-scan', timeoutMs: 120_000 },
  { name: 'queue-drain', timeoutMs: 120_000 },
  { name: 'doc-list', timeoutMs: 180_000 },
  { name: 'aws-bundles', timeoutMs: 180_000 },
  { name: 'aws-requests', timeoutMs: 120_000 },
  { name: 'aws-throughput', timeoutMs: 240_000 },
  { name: 'extraction-speed', timeoutMs: 300_000 },
  { name: 'imap-throughput', timeoutMs: 600_000 },
  { name: 'aws-imap-poll', timeoutMs: 240_000 },
  { name: 'infer-number', timeoutMs: 120_000 },
  { name: 'route-map', timeoutMs: 120_000 },
];

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const slug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

/**
 * Runs one benchmark in its own Node process, so its memory figures are its own. Its stdout (result lines
 * only) is passed through; its stderr (progress) goes straight to ours. Resolves with a failure reason, or
 * undefined when it succeeded.
 */
function runOne(benchmark: Benchmark): Promise<string | undefined> {
  const script = fileURLToPath(new URL(`./${benchmark.name}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = false;
  child.stdout.on('data', (chunk: Buffer) => {
    printed = true;
    process.stdout.write(chunk);
  });
  let timedOut = false;
  // SIGTERM lets the benchmark remove its temporary files (gigabytes for ingest-memory).
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
  }, benchmark.timeoutMs);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`could not start: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) resolve(`no result within ${benchmark.timeoutMs / 1000} s`);
      else if (code !== 0) resolve(signal === null ? `exited with code ${code}` : `killed by ${signal}`);
      else if (!printed) resolve('printed no result');
      else resolve(undefined);
    });
  });
}

const wanted = process.argv.slice(2).map(slug);
const unknown = wanted.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown benchmark: ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = wanted.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => wanted.includes(b.name));

const failures: string[] = [];
const started = performance.now();
for (const benchmark of selected) {
  progress(`${benchmark.name}: starting`);
  const failure = await runOne(benchmark);
  if (failure !== undefined) {
    failures.push(`${benchmark.name}: ${failure}`);
    progress(`${benchmark.name}: FAILED (${failure})`);
  }
}
progress(`done in ${Math.round((performance.now() - started) / 1000)} s`);
if (failures.length > 0) {
  process.stderr.write(`${failures.length} of ${selected.length} benchmarks failed:\n`);
  for (const failure of failures) process.stderr.write(`  ${failure}\n`);
  process.exitCode = 1;
}
