import { execFile } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { median } from './support/cost-counters.ts';
import { printResult } from './support/result-line.ts';
import { progress } from './support/timing.ts';

/** The functions `serverless.yml` deploys, by their handler file. */
const FUNCTIONS = ['s3-drop', 'ingest', 'webhook', 'events', 'reconcile'] as const;
/** Cold imports per bundle; interleaved with the baseline's so a busy moment hits both alike. */
const ROUNDS = 7;
const repo = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the repository, so that the bundles' external `@aws-sdk/*` imports resolve from node_modules. */
const outDir = join(repo, 'node_modules', '.cache', 'stevedore-bench-bundles');
const run = promisify(execFile);

/**
 * As serverless-esbuild bundles a function for `nodejs24.x` in ESM: everything but the AWS SDK (the
 * runtime has it) in one file, with a `require` for the CommonJS dependencies that call it.
 */
async function bundle(entry: string, outfile: string): Promise<number> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: ['@aws-sdk/*'],
    minify: true,
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return (await stat(outfile)).size;
}

/** Milliseconds to import the bundle in a fresh Node process: the module part of a cold start. */
async function coldImportMs(file: string): Promise<number> {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: repo });
  return Number(stdout);
}

await mkdir(outDir, { recursive: true });
try {
  const emptyEntry = join(outDir, 'empty.handler.ts');
  await writeFile(emptyEntry, 'export const handler = async () => ({ batchItemFailures: [] });\n');
  const emptyFile = join(outDir, 'empty.mjs');
  const emptyBytes = await bundle(emptyEntry, emptyFile);
  for (const name of FUNCTIONS) {
    progress(`aws-bundles: ${name}`);
    const file = join(outDir, `${name}.mjs`);
    const bytes = await bundle(join(repo, 'pipeline', 'handlers', `${name}.handler.ts`), file);
    const ms: number[] = [];
    const baseMs: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await coldImportMs(emptyFile);
      const own = await coldImportMs(file);
      baseMs.push(base);
      ms.push(own);
      ratios.push(own / base);
    }
    printResult({
      name: `aws-bundle-size ${name}`,
      value: bytes / 1024,
      unit: 'KiB',
      baseline: { name: 'empty handler', value: emptyBytes / 1024, unit: 'KiB' },
    });
    printResult({
      name: `aws-cold-import ${name}`,
      value: median(ms),
      unit: 'ms',
      baseline: { name: 'empty handler', value: median(baseMs), unit: 'ms' },
      ratio: median(ratios),
    });
  }
} finally {
  await rm(outDir, { recursive: true, force: true });
}
