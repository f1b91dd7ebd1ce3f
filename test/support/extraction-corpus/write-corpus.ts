import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_SEED, corpusPlan, generateDocument, loadSources } from './generate.ts';
import { generateHandmade, HANDMADE_COUNT } from './handmade.ts';
import type { CorpusTruth } from './truth.ts';

/**
 * `npm run corpus:extraction`: regenerates test/fixtures/extraction-corpus/ (documents and truth.json).
 * Needs `pdftoppm` for the image kinds; the output is committed, so tests and CI do not.
 * With STEVEDORE_SHARED_DATA set to the folder of ports.csv and carriers.json, every UN/LOCODE, SCAC and
 * container prefix the corpus uses is checked against them first.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const out = join(repoRoot, 'test/fixtures/extraction-corpus');
const dataDir = process.env.STEVEDORE_SHARED_DATA;
const sources =
  dataDir === undefined
    ? loadSources(null, null)
    : loadSources(join(dataDir, 'ports.csv'), join(dataDir, 'carriers.json'));
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) rmSync(join(out, name));

const truth: CorpusTruth = {
  about:
    'Extraction corpus written by test/support/extraction-corpus (npm run corpus:extraction). Fields are normalized: ISO 8601 dates, decimal strings, ISO 4217 codes, ports as printed name plus UN/LOCODE, ISO 6346 container numbers. A field of the type missing here is not printed on the document.',
  seed: CORPUS_SEED,
  documents: [],
};
let bytes = 0;
const plan = corpusPlan();
for (const [index, entry] of plan.entries()) {
  const generated = await generateDocument(entry, index, sources);
  writeFileSync(join(out, generated.truth.file), generated.bytes);
  truth.documents.push(generated.truth);
  bytes += generated.bytes.byteLength;
  process.stderr.write(`\r${index + 1}/${plan.length} ${generated.truth.file}          `);
}
for (let position = 0; position < HANDMADE_COUNT; position += 1) {
  const handmade = await generateHandmade(position);
  writeFileSync(join(out, handmade.truth.file), handmade.bytes);
  truth.documents.push(handmade.truth);
  bytes += handmade.bytes.byteLength;
}
writeFileSync(join(out, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
// The repository's formatter has the last word on the JSON's layout, so `npm run lint` stays clean.
execFileSync(join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', join(out, 'truth.json')], {
  stdio: 'ignore',
});
process.stderr.write(`\n${truth.documents.length} documents, ${(bytes / 1024 / 1024).toFixed(2)} MB\n`);
