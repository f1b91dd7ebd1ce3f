import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import heldoutJson from '../../fixtures/carriers/heldout-numbers.json' with { type: 'json' };
import labelledJson from '../../fixtures/carriers/labelled-numbers.json' with { type: 'json' };
import { describeFigures, figures, heldoutSet, labelledSet, score } from './carriers-scoring.ts';

const infer = (input: string) => inferNumber(input, CARRIER_CATALOG);
const sets = [
  ['labelled set (real numbers, tuned on)', score(labelledSet.parse(labelledJson).numbers, infer)],
  ['held-out set (generated, never tuned on)', score(heldoutSet.parse(heldoutJson).numbers, infer)],
] as const;

const ownerCodes = CARRIER_CATALOG.carriers.flatMap((c) => [
  ...c.containerPrefixes,
  ...c.groupContainerPrefixes,
]);
const lessorCodes = ['TGHU', 'TCNU', 'CAIU', 'SEGU', 'FCIU', 'BMOU', 'DFSU', 'TRHU'];
const billPrefixes = CARRIER_CATALOG.carriers.flatMap((c) => [
  c.scac,
  ...c.blPrefixes,
  ...c.alternativeScacs,
  ...(c.bolPrefix === null ? [] : [c.bolPrefix]),
]);
const chars = (alphabet: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
/** Strings shaped like what gets pasted: a real prefix (or none) and a tail of digits and letters. */
const referenceLike = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ownerCodes, ...lessorCodes), fc.integer({ min: 0, max: 999_999 }))
    .map(([p, n]) => makeContainerNumber(p, n)),
  fc
    .tuple(fc.constantFrom(...ownerCodes, ...lessorCodes), chars('0123456789', 5, 9))
    .map(([p, d]) => `${p}${d}`),
  fc
    .tuple(fc.constantFrom(...billPrefixes), chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 4, 16))
    .map(([p, t]) => `${p}${t}`),
  fc.tuple(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 0, 4), chars('0123456789', 5, 14)).map(([l, d]) => `${l}${d}`),
  fc
    .tuple(
      fc.constantFrom(...billPrefixes),
      fc.constantFrom(...ownerCodes, ...lessorCodes),
      fc.integer({ min: 0, max: 999_999 }),
    )
    .map(([code, p, n]) => `${code} ${makeContainerNumber(p, n)}`),
);

describe('auto_select', () => {
  it('is given only when the evidence is unambiguous', () => {
    fc.assert(
      fc.property(referenceLike, (input) => {
        const result = infer(input);
        if ('unreadable' in result || result.decision !== 'auto_select') return;
        const selected = result.selected;
        const prefix = result.validation.parsedNumber.slice(0, 4);
        // One line named, nothing left to weigh against it.
        expect(result.candidates).toHaveLength(1);
        expect(result.validation.isValid).toBe(true);
        const typed = input.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
        if (result.numberType === 'container' && typed.length === 15) {
          // A line's own code typed in front of a box with the check digit right.
          expect(result.validation.checkDigitPassed).toBe(true);
          expect(CARRIER_CATALOG.blPrefixOwners(typed.slice(0, 4)).map((c) => c.scac)).toEqual([
            selected?.scac,
          ]);
        } else if (result.numberType === 'container') {
          // A box with the check digit right, owned by that one line alone, not leased.
          expect(result.validation.checkDigitPassed).toBe(true);
          expect(CARRIER_CATALOG.lessorOf(prefix)).toBeUndefined();
          expect(CARRIER_CATALOG.ownersOf(prefix).map((c) => c.scac)).toEqual([selected?.scac]);
          expect(CARRIER_CATALOG.groupOwnersOf(prefix)).toEqual([]);
        } else {
          // A bill behind the line's own prefix, the rest in one of its shapes.
          expect(CARRIER_CATALOG.blPrefixOwners(prefix).map((c) => c.scac)).toEqual([selected?.scac]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is never given to a bare number, whatever its shape', () => {
    fc.assert(
      fc.property(chars('0123456789', 5, 20), (digits) => {
        const result = infer(digits);
        if (!('unreadable' in result)) expect(result.decision).not.toBe('auto_select');
      }),
    );
  });
});

describe('confidence means what it says', () => {
  for (const [name, scored] of sets) {
    const f = figures(scored);
    it(`on the ${name}: accuracy per band is not below the band (within 5 points where 10 or more)`, () => {
      console.info(describeFigures(name, f));
      for (const { band, count, right } of f.bands) {
        if (count < 10) continue;
        expect(right / count, `band ${band.join('-')}`).toBeGreaterThanOrEqual(band[0] - 0.05);
      }
    });

    it(`on the ${name}: the mean confidence of selected lines is within 10 points of their accuracy`, () => {
      const count = f.bands.reduce((sum, b) => sum + b.count, 0);
      const right = f.bands.reduce((sum, b) => sum + b.right, 0);
      const confidence = f.bands.reduce((sum, b) => sum + b.meanConfidence * b.count, 0);
      expect(count).toBeGreaterThan(0);
      expect(Math.abs(right - confidence) / count).toBeLessThanOrEqual(0.1);
    });

    it(`on the ${name}: every auto-selection is right`, () => {
      expect(f.autoWrong).toBe(0);
    });
  }
});
