import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusTruth } from './truth.ts';

/** A generated file of a held-out set: its bytes and what it holds. */
interface SetFile {
  readonly bytes: Uint8Array;
  readonly truth: CorpusTruth['documents'][number];
}

/**
 * Writes a held-out set under test/fixtures/: every document the generator makes, in order, and its
 * truth.json (formatted as the repository's files are). The folder is emptied first, so a document the
 * generator no longer makes does not linger. Needs `pdftoppm` for the scans.
 */
export async function writeHeldoutSet(set: {
  /** The folder under test/fixtures/. */
  readonly folder: string;
  readonly about: string;
  readonly seed: number;
  readonly count: number;
  readonly generate: (position: number) => Promise<SetFile>;
}): Promise<void> {
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  const out = join(repoRoot, 'test/fixtures', set.folder);
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(out)) rmSync(join(out, name));

  const truth: CorpusTruth = { about: set.about, seed: set.seed, documents: [] };
  let bytes = 0;
  for (let position = 0; position < set.count; position += 1) {
    const file = await set.generate(position);
    writeFileSync(join(out, file.truth.file), file.bytes);
    truth.documents.push(file.truth);
    bytes += file.bytes.byteLength;
  }
  writeFileSync(join(out, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
  execFileSync(join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', join(out, 'truth.json')], {
    stdio: 'ignore',
  });
  process.stderr.write(`${truth.documents.length} documents, ${(bytes / 1024 / 1024).toFixed(2)} MB\n`);
}
