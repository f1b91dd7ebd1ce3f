import { generateHeldout6, HELDOUT6_COUNT } from './heldout6.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-6.ts`: regenerates
 * test/fixtures/extraction-heldout-6/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout-6',
  about:
    'Sixth held-out extraction set written by test/support/extraction-corpus/heldout6*.ts: labels in French, German, Dutch, Spanish and Italian and in Chinese beside English, a house bill naming its master bill, an express release, a telex release and a VGM declaration (other), invoices with VAT lines and a second currency, weights in lbs and kg, dates as 24NOV26, 2026/11/24 and Nov. 24th, 2026, container numbers split by spaces or dashes, two unrelated columns, a running header and footer, a text layer with ligatures, soft hyphens, zero-width and no-break spaces and full-width digits, a page stored sideways under /Rotate 90; scans turned 180 and 90 degrees, a low-contrast fax, a worn scan, phone photos. Scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document.',
  seed: 0,
  count: HELDOUT6_COUNT,
  generate: generateHeldout6,
});
