import { generateHeldout4, HELDOUT4_COUNT } from './heldout4.ts';
import { writeHeldoutSet } from './write-set.ts';

/**
 * `npx tsx test/support/extraction-corpus/write-heldout-4.ts`: regenerates
 * test/fixtures/extraction-heldout-4/ (documents and truth.json). Needs `pdftoppm` for the scans; the
 * output is committed.
 */
await writeHeldoutSet({
  folder: 'extraction-heldout-4',
  about:
    "Fourth held-out extraction set written by test/support/extraction-corpus/heldout4*.ts: carriers the earlier sets did not draw, brokers' notices and an entry summary with many dates, a twelve-container bill, key/value grids, labels broken over two lines, European labels beside English ones, Swiss, French and German number formats, dates as 24-NOV-26, 24.11.2026, 2026/11/24 and Nov 24th, 2026, week-only ETAs; scans turned 90 and 180 degrees, a faint fax and a photo at an angle. Scored once before any rule was changed for it. Fields normalized as in the corpus; a field of the type missing here is not on the document (a week-only ETA is no date).",
  seed: 0,
  count: HELDOUT4_COUNT,
  generate: generateHeldout4,
});
