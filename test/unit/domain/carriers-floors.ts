import { expect, it } from 'vitest';
import {
  describeFigures,
  expectedOf as expected,
  figures,
  readOf as read,
  type Scored,
} from './carriers-scoring.ts';

/** What a held-out batch's floor tests hold it to; its own checks of its families come beside them. */
export interface HeldoutFloors {
  /** How the printed figures name the batch. */
  readonly name: string;
  /** What its junk is (the test's title) and at least how many inputs it refuses. */
  readonly junk: { readonly title: string; readonly atLeast: number };
  /** What its numbers meant are (the test's title). */
  readonly meant: string;
  /** Of the numbers whose line can be known: the least share selected right, and best candidate right. */
  readonly selected: number;
  readonly best: number;
}

const percent = (share: number): number => Math.round(share * 100);

/**
 * The checks every held-out batch since the sixth makes, inside its `describe`: the figures printed, the
 * junk refused, every number meant read with the right type, the line shares, and no line ever selected
 * wrong.
 */
export function heldoutFloorTests(scored: readonly Scored[], floors: HeldoutFloors): void {
  const meant = scored.filter(({ entry }) => !('refused' in entry.expect));

  it('prints its figures', () => {
    console.info(describeFigures(floors.name, figures(scored)));
  });

  it(`refuses the junk: ${floors.junk.title}`, () => {
    const refusedCases = scored.filter(({ entry }) => 'refused' in entry.expect);
    expect(refusedCases.length).toBeGreaterThanOrEqual(floors.junk.atLeast);
    for (const { entry, result } of refusedCases) {
      expect(result, JSON.stringify(entry.input)).toHaveProperty('unreadable');
    }
  });

  it(`reads every number meant: ${floors.meant}`, () => {
    for (const s of meant) {
      expect(read(s).validation.parsedNumber, JSON.stringify(s.entry.input)).toBe(expected(s).parsed_number);
    }
  });

  it('reads the number type right every time', () => {
    for (const s of meant) {
      expect(read(s).numberType, JSON.stringify(s.entry.input)).toBe(expected(s).number_type);
    }
  });

  it(`selects the right line for at least ${percent(floors.selected)} numbers in 100 whose line can be known, best candidate ${percent(floors.best)}`, () => {
    const f = figures(scored);
    expect(f.carrierRight / f.carrierKnowable).toBeGreaterThanOrEqual(floors.selected);
    expect(f.topRight / f.carrierKnowable).toBeGreaterThanOrEqual(floors.best);
  });

  it('is never wrong when it selects a line', () => {
    const wrong = meant.filter((s) => {
      const result = read(s);
      return result.selected !== null && result.selected.scac !== expected(s).scac;
    });
    expect(wrong.map(({ entry }) => entry.input)).toEqual([]);
  });
}
