import { readdirSync, readFileSync } from 'node:fs';
import { type DocumentText, toDocumentText } from '../../../src/extraction/document-text.ts';
import { CELL_SEPARATOR, type TextLine } from '../../../src/extraction/pdf/layout-lines.ts';

/**
 * Hand-made fixtures in test/fixtures/extraction: `<name>.txt` is a page drawn in characters, `<name>.json`
 * the truth. In the text, runs of three or more spaces separate cells and a cell's column gives its x
 * (5 points per character), so a value typed under its label sits under it on the page too. A line
 * starting with `^` is set in a larger font (a heading); blank lines add vertical space.
 */

export const FIXTURE_DIR = new URL('../../fixtures/extraction/', import.meta.url);

export interface LayoutFixture {
  name: string;
  /** The page as drawn in characters. */
  source: string;
  text: DocumentText;
  expected: { documentType: string; payload: Record<string, unknown> };
}

export function loadLayoutFixtures(): LayoutFixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -4);
      const source = readFileSync(new URL(file, FIXTURE_DIR), 'utf8');
      return {
        name,
        source,
        text: layoutText(source),
        expected: JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURE_DIR), 'utf8')),
      };
    });
}

export function layoutText(source: string): DocumentText {
  const lines: TextLine[] = [];
  let y = 800;
  for (const raw of source.split('\n')) {
    const heading = raw.startsWith('^');
    const row = heading ? ` ${raw.slice(1)}` : raw;
    const fontSize = heading ? 16 : 10;
    y -= heading ? 22 : 14;
    if (row.trim().length === 0) continue;
    const cells = [...row.matchAll(/\S+(?: {1,2}\S+)*/g)].map((match) => {
      const x = 50 + (match.index ?? 0) * 5;
      return { text: match[0], x, xEnd: x + match[0].length * 5, fontSize };
    });
    lines.push({ page: 1, y, cells, text: cells.map((c) => c.text).join(CELL_SEPARATOR) });
  }
  return toDocumentText(lines, 1, 1);
}
