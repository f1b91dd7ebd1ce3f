import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/extraction/classify.ts';
import type { DocumentType } from '../../../src/extraction/document-type.ts';
import { extractDocument, FIELD_EXTRACTORS } from '../../../src/extraction/extract-document.ts';
import { DOCUMENT_SCHEMAS } from '../../../src/extraction/schemas/registry.ts';
import { makeLayoutPdf } from '../../support/samples/layout-pdf.ts';
import { loadLayoutFixtures } from './layout-fixture.ts';

// Each fixture pins one failure seen on documents from elsewhere (its name says which). Every field in
// its truth must come out exactly; a null in the truth means the field must be absent.
const fixtures = loadLayoutFixtures();
const tally = new Map<string, { docs: number; typed: number; fields: number; exact: number }>();

describe('hand-made layout fixtures', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const classification = classifyDocument(fixture.text);
    const type = fixture.expected.documentType as DocumentType;
    const row = tally.get(type) ?? { docs: 0, typed: 0, fields: 0, exact: 0 };
    tally.set(type, row);
    row.docs += 1;
    const payload = DOCUMENT_SCHEMAS[type].schema.parse(FIELD_EXTRACTORS[type](fixture.text)) as Record<
      string,
      unknown
    >;
    const misses: string[] = [];
    if (classification.documentType === type) row.typed += 1;
    else misses.push(`type: expected ${type}, got ${classification.documentType} (${classification.notes})`);
    for (const [field, value] of Object.entries(fixture.expected.payload)) {
      row.fields += 1;
      if (isDeepStrictEqual(payload[field], value)) row.exact += 1;
      else misses.push(`${field}: expected ${JSON.stringify(value)}, got ${JSON.stringify(payload[field])}`);
    }
    expect(misses).toEqual([]);
  });

  // The same pages drawn as PDFs and read through the PDF text layer: positions come from pdf.js, not
  // from the character grid, so this checks the layouts survive real text extraction.
  it.each(fixtures.map((f) => [f.name, f] as const))('%s (as a PDF)', async (_name, fixture) => {
    const bytes = await makeLayoutPdf(fixture.source);
    const result = await extractDocument(bytes, { filename: `${fixture.name}.pdf`, contentType: null });
    const misses: string[] = [];
    if (!result.ok) throw new Error(result.detail);
    if (result.documentType !== fixture.expected.documentType) {
      misses.push(`type: expected ${fixture.expected.documentType}, got ${result.documentType}`);
    } else {
      for (const [field, value] of Object.entries(fixture.expected.payload)) {
        if (!isDeepStrictEqual(result.payload[field], value)) {
          misses.push(
            `${field}: expected ${JSON.stringify(value)}, got ${JSON.stringify(result.payload[field])}`,
          );
        }
      }
    }
    expect(misses).toEqual([]);
  });

  afterAll(() => {
    const lines = [...tally.entries()].map(
      ([type, r]) =>
        `${type.padEnd(22)} docs ${r.docs}  type ${r.typed}/${r.docs}  fields ${r.exact}/${r.fields}`,
    );
    console.log(`layout fixtures per type:\n${lines.join('\n')}`);
  });
});
