import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateHeldout3, HELDOUT3_COUNT } from './heldout3.ts';
import type { CorpusTruth } from './truth.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-3.ts`: regenerates
 * test/fixtures/extraction-heldout-3/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const out = join(repoRoot, 'test/fixtures/extraction-heldout-3');
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) rmSync(join(out, name));

const truth: CorpusTruth = {
  about:
    'Third held-out extraction set written by test/support/extraction-corpus/heldout3*.ts: office layouts from outside Europe and the US the first two sets lack (tables written by columns, values above captions, capital labels without colons, Portuguese and Spanish bilingual forms), scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document (or is not a party name, like "SAME AS CONSIGNEE").',
  seed: 0,
  documents: [],
};
let bytes = 0;
for (let position = 0; position < HELDOUT3_COUNT; position += 1) {
  const file = await generateHeldout3(position);
  writeFileSync(join(out, file.truth.file), file.bytes);
  truth.documents.push(file.truth);
  bytes += file.bytes.byteLength;
}
writeFileSync(join(out, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
execFileSync(join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', join(out, 'truth.json')], {
  stdio: 'ignore',
});
process.stderr.write(`${truth.documents.length} documents, ${(bytes / 1024 / 1024).toFixed(2)} MB\n`);
