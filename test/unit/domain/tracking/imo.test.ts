import { expect, test } from 'vitest';
import { imoCheckDigit, isValidImo, makeImo } from '../../../../src/domain/tracking/imo.ts';
import { VESSELS } from '../../../../src/domain/tracking/sandbox-fleet.ts';

test('the IMO check digit of published examples', () => {
  // IMO 9074729 is the example of the IMO's own description of the scheme.
  expect(imoCheckDigit('907472')).toBe(9);
  expect(isValidImo('9074729')).toBe(true);
  expect(isValidImo('9074728')).toBe(false);
  expect(isValidImo('907472')).toBe(false);
});

test('every made IMO number is valid, and every sandbox vessel has a distinct one', () => {
  for (let first6 = 900_000; first6 < 901_000; first6 += 1) expect(isValidImo(makeImo(first6))).toBe(true);
  expect(new Set(VESSELS.map((vessel) => vessel.imo)).size).toBe(VESSELS.length);
  for (const vessel of VESSELS) expect(isValidImo(vessel.imo)).toBe(true);
});
