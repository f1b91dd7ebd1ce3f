import { generateHeldout2, HELDOUT2_COUNT } from './heldout2.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-2.ts`: regenerates
 * test/fixtures/extraction-heldout-2/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout-2',
  about:
    'Second held-out extraction set written by test/support/extraction-corpus/heldout2*.ts: layouts neither the corpus generator nor the first held-out set makes, scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document (or is not a party name, like "SAME AS CONSIGNEE").',
  seed: 0,
  count: HELDOUT2_COUNT,
  generate: generateHeldout2,
});
