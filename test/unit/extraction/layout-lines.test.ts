import { describe, expect, it } from 'vitest';
import { layoutLines, type PositionedText } from '../../../src/extraction/pdf/layout-lines.ts';

const item = (text: string, x: number, y: number, fontSize = 10): PositionedText => ({
  text,
  x,
  y,
  width: text.length * fontSize * 0.5,
  fontSize,
});

describe('layoutLines', () => {
  it('orders items drawn out of order top to bottom, left to right', () => {
    const lines = layoutLines([item('second', 50, 700), item('right', 300, 750), item('left', 50, 750)], 1);
    expect(lines.map((line) => line.text)).toEqual(['left   right', 'second']);
  });

  it('puts a label and a value drawn far apart into separate cells', () => {
    const [line] = layoutLines([item('Invoice No.:', 50, 700), item('INV-1', 150, 700)], 1);
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Invoice No.:', 'INV-1']);
    expect(line?.cells[1]?.x).toBe(150);
  });

  it('joins words drawn one by one, adding the spaces the producer left out', () => {
    // "Port" is 20 wide at x 50, ending at 70; "of" starts 3 points later: a word gap, not a column gap.
    const [line] = layoutLines([item('Port', 50, 700), item('of', 73, 700), item('Loading', 86, 700)], 1);
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Port of Loading']);
  });

  it('glues glyphs drawn touching each other without spaces', () => {
    const [line] = layoutLines([item('MS', 50, 700), item('KU', 60, 700)], 1);
    expect(line?.text).toBe('MSKU');
  });

  it('keeps items with slightly different baselines on one line', () => {
    const lines = layoutLines([item('ETA:', 50, 700), item('2026-11-21', 120, 701.5)], 1);
    expect(lines).toHaveLength(1);
  });

  it('drops whitespace-only items and keeps wide gaps inside a run recognisable', () => {
    const [line] = layoutLines([item('   ', 10, 700), item('POL: X      POD: Y', 50, 700)], 1);
    expect(line?.cells.map((cell) => cell.text)).toEqual(['POL: X   POD: Y']);
  });

  it('records the page', () => {
    expect(layoutLines([item('x', 50, 700)], 3)[0]?.page).toBe(3);
  });
});
