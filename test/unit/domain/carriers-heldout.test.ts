import { describe, expect, it } from 'vitest';
import heldoutJson from '../../fixtures/carriers/heldout-numbers.json' with { type: 'json' };
import { describeFigures, figures, readOf as read, scoreHeldout } from './carriers-scoring.ts';

// Nothing in src/domain/carriers was tuned on this set: it is built from the carriers' public formats by
// test/fixtures/carriers/generate-heldout.ts. Its thresholds are the product's, not today's figures.
const { scored, family } = scoreHeldout(heldoutJson);

describe('carrier inference on the held-out set', () => {
  it('prints its figures', () => {
    console.info(
      describeFigures('held-out set (test/fixtures/carriers/heldout-numbers.json)', figures(scored)),
    );
  });

  it('refuses junk, look-alike letters and strings that are no reference with the 422 reason', () => {
    const refusals = family('junk', 'lookalike', 'not_a_reference');
    expect(refusals.length).toBeGreaterThanOrEqual(15);
    for (const { entry, result } of refusals)
      expect(result, JSON.stringify(entry.input)).toHaveProperty('unreadable');
  });

  it('reads what users paste (spaces, dashes, case, full-width) as the plain number', () => {
    for (const scoredEntry of scored) {
      const { entry } = scoredEntry;
      if ('refused' in entry.expect) continue;
      expect(read(scoredEntry).validation.parsedNumber, JSON.stringify(entry.input)).toBe(
        entry.expect.parsed_number,
      );
    }
  });

  it('reads the number type right at least 97 times in 100 where the shape can tell', () => {
    // Bookings printed in the same shape as the line's bills cannot be told apart by shape.
    // Bare bills of lines that print their bookings in the same shape are read as bookings since round 4.
    const typed = scored.filter(
      ({ entry }) =>
        !('refused' in entry.expect) && entry.family !== 'booking' && entry.family !== 'bare_bill',
    );
    const right = typed.filter(
      (s) => !('refused' in s.entry.expect) && read(s).numberType === s.entry.expect.number_type,
    );
    expect(right.length / typed.length).toBeGreaterThanOrEqual(0.97);
  });

  it('is never wrong when it auto-selects', () => {
    const wrong = scored.filter((s) => {
      if ('refused' in s.entry.expect) return false;
      const result = read(s);
      return result.decision === 'auto_select' && result.selected?.scac !== s.entry.expect.scac;
    });
    expect(wrong.map(({ entry }) => entry.input)).toEqual([]);
  });

  it("selects the right line for every bill that carries the line's prefix, whatever its case", () => {
    for (const s of family('prefixed_bill', 'prefix_case')) {
      if ('refused' in s.entry.expect) continue;
      expect(read(s).selected?.scac, s.entry.input).toBe(s.entry.expect.scac);
    }
  });

  it('never predicts a line for a leased box or an unregistered owner code', () => {
    for (const s of family('leased_container', 'unknown_owner')) {
      expect(read(s), s.entry.input).toMatchObject({
        numberType: 'container',
        decision: 'no_prediction',
        selected: null,
      });
    }
  });

  it('marks mistyped containers invalid and never acts on them', () => {
    const mistyped = family('wrong_check_digit', 'too_long', 'too_short', 'letter_in_serial');
    expect(mistyped.length).toBeGreaterThanOrEqual(15);
    for (const s of mistyped) {
      const result = read(s);
      expect(result.numberType, s.entry.input).toBe('container');
      expect(result.validation.isValid, s.entry.input).toBe(false);
      expect(result.decision, s.entry.input).not.toBe('auto_select');
    }
  });
});
