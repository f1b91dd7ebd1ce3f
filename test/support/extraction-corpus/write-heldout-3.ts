import { generateHeldout3, HELDOUT3_COUNT } from './heldout3.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-3.ts`: regenerates
 * test/fixtures/extraction-heldout-3/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout-3',
  about:
    'Third held-out extraction set written by test/support/extraction-corpus/heldout3*.ts: office layouts from outside Europe and the US the first two sets lack (tables written by columns, values above captions, capital labels without colons, Portuguese and Spanish bilingual forms), scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document (or is not a party name, like "SAME AS CONSIGNEE").',
  seed: 0,
  count: HELDOUT3_COUNT,
  generate: generateHeldout3,
});
