import { generateHeldout, HELDOUT_COUNT, HELDOUT_SEED } from './heldout.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout.ts`: regenerates test/fixtures/extraction-heldout/
 * (documents and truth.json). Needs `pdftoppm` for the scans; the output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout',
  about:
    'Held-out extraction set written by test/support/extraction-corpus/heldout*.ts: layouts the corpus generator does not make, scored but never tuned to. Fields normalized as in the corpus; a field of the type missing here is not on the document (or is not a party name, like "SAME AS CONSIGNEE").',
  seed: HELDOUT_SEED,
  count: HELDOUT_COUNT,
  generate: generateHeldout,
});
