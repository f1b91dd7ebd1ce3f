import { describe, expect, it } from 'vitest';
import type { TextLine } from '../../../src/extraction/pdf/layout-lines.ts';
import { joinWrappedCells } from '../../../src/extraction/wrapped-cells.ts';

// Cells as [text, x]; 10 pt text, 5 pt a character, lines 12 pt apart; the page's text ends at 290.
function line(y: number, cells: ReadonlyArray<readonly [string, number]>): TextLine {
  const built = cells.map(([text, x]) => ({ text, x, xEnd: x + text.length * 5, fontSize: 10 }));
  return { page: 1, y, cells: built, text: built.map((c) => c.text).join('   ') };
}
const texts = (lines: TextLine[]): string[] => lines.map((l) => l.text);

describe('joinWrappedCells', () => {
  it('joins a table heading and a value that wrapped in their column', () => {
    const joined = joinWrappedCells([
      line(700, [
        ['Puerto de', 100],
        ['Nombre del', 175],
      ]),
      line(688, [
        ['destino', 100],
        ['buque', 175],
      ]),
      line(676, [
        ['Valencia', 100],
        ['MAERSK', 175],
      ]),
      line(664, [['ESSEN', 175]]),
    ]);
    expect(texts(joined)).toEqual(['Puerto de destino   Nombre del buque', 'Valencia   MAERSK ESSEN']);
  });

  it('joins a party name that wrapped in its box, not the address line under it', () => {
    const joined = joinWrappedCells([
      line(700, [
        ['Shenzhen Brightstar', 100],
        ['Great Lakes Corp.', 230],
      ]),
      line(688, [
        ['Electronics Co., Ltd.', 100],
        ['500 W Madison St', 230],
      ]),
      line(676, [['Bao An District', 100]]),
    ]);
    expect(texts(joined)).toEqual([
      'Shenzhen Brightstar Electronics Co., Ltd.   Great Lakes Corp.',
      '500 W Madison St',
      'Bao An District',
    ]);
  });

  it('leaves a column of labels and a value printed right after its label alone', () => {
    const lines = [
      line(700, [
        ['Zeeschip', 50],
        ['EVER GIVEN', 100],
      ]),
      line(688, [
        ['Laadhaven', 50],
        ['ANTWERPEN', 100],
      ]),
      line(676, [
        ['Vessel', 50],
        ['MSC OSCAR', 90],
      ]),
      line(664, [
        ['Port of Loading', 50],
        ['Rotterdam', 135],
      ]),
      // The page's text reaches this far: EVER GIVEN ANTWERPEN would have fitted.
      line(400, [['Place and date of issue: Rotterdam, 1 May 2024', 50]]),
    ];
    expect(texts(joinWrappedCells(lines))).toEqual(texts(lines));
  });
});
