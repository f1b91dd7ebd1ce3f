import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import {
  AUTO_SELECT_THRESHOLD,
  decide,
  NEEDS_CONFIRMATION_THRESHOLD,
} from '../../../src/domain/carriers/confidence.ts';
import { type InferredNumber, inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import { computeCheckDigit, makeContainerNumber } from '../../../src/domain/iso6346.ts';

const infer = (number: string): InferredNumber => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${number} was refused: ${result.reason}`);
  return result;
};

const RANK: Record<string, number> = { no_prediction: 0, needs_confirmation: 1, auto_select: 2 };
const letters = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  minLength: 3,
  maxLength: 3,
});
const serial = fc.integer({ min: 0, max: 999_999 });
const lessorPrefixes = ['TGHU', 'TRIU', 'TCNU', 'CAIU', 'SEGU', 'FCIU', 'BMOU', 'TEMU', 'DFSU'];

describe('decision thresholds', () => {
  it('are the upstream ones', () => {
    expect(decide(0.95)).toBe('auto_select');
    expect(decide(0.9499)).toBe('needs_confirmation');
    expect(decide(0.7)).toBe('needs_confirmation');
    expect(decide(0.6999)).toBe('no_prediction');
    expect(decide(undefined)).toBe('no_prediction');
    expect(AUTO_SELECT_THRESHOLD).toBeGreaterThan(NEEDS_CONFIRMATION_THRESHOLD);
  });

  it('never lower the decision when the confidence rises', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(RANK[decide(low)]).toBeLessThanOrEqual(RANK[decide(high)] ?? -1);
        },
      ),
    );
  });
});

describe('containers', () => {
  it('pass the ISO 6346 check for every built number and fail it for every other last digit', () => {
    fc.assert(
      fc.property(letters, serial, fc.integer({ min: 1, max: 9 }), (owner, n, shift) => {
        const number = makeContainerNumber(`${owner}U`, n);
        expect(infer(number).validation.checkDigitPassed).toBe(true);
        const wrong = `${number.slice(0, 10)}${(computeCheckDigit(number.slice(0, 10)) + shift) % 10}`;
        const failed = infer(wrong);
        expect(failed.numberType).toBe('container');
        expect(failed.validation).toMatchObject({
          isValid: false,
          checkDigitPassed: false,
          reason: 'Invalid check digit',
        });
      }),
    );
  });

  it('never auto-select a lessor box, whatever the serial', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lessorPrefixes), serial, (prefix, n) => {
        const result = infer(makeContainerNumber(prefix, n));
        expect(result.decision).toBe('no_prediction');
        expect(result.selected).toBeNull();
      }),
    );
  });

  it('never auto-select with a failed check digit', () => {
    fc.assert(
      fc.property(fc.constantFrom('MSCU', 'MEDU', 'HLXU', 'ONEU', 'EGHU'), serial, (prefix, n) => {
        const good = makeContainerNumber(prefix, n);
        const bad = `${good.slice(0, 10)}${(Number(good.charAt(10)) + 1) % 10}`;
        expect(infer(bad).decision).not.toBe('auto_select');
      }),
    );
  });

  it('normalize spaces, dashes and case before reading a number', () => {
    const plain = infer('MSCU1234566');
    expect(infer(' mscu 123456-6 ')).toEqual(plain);
    expect(plain.selected?.scac).toBe('MSCU');
    expect(plain.decision).toBe('auto_select');
  });

  it('share a box of a group with several brands between them (needs confirmation)', () => {
    const maersk = infer('MSKU6787218');
    expect(maersk.decision).toBe('needs_confirmation');
    expect(maersk.candidates.map((c) => c.scac)).toEqual(['MAEU', 'SAFM', 'SEAU']);
  });
});

describe('bills of lading and bookings', () => {
  it('auto-select a carrier prefix followed by one of its shapes', () => {
    for (const [number, scac] of [
      ['MEDUT6664162', 'MSCU'],
      ['MAEU123456789', 'MAEU'],
      ['EGLV123456789012', 'EGLV'],
      ['ONEYSHAE12345600', 'ONEY'],
    ] as const) {
      const result = infer(number);
      expect(result.numberType, number).toBe('bill_of_lading');
      expect(result.validation.type).toBe('shipment');
      expect(result.validation.checkDigitPassed).toBeNull();
      expect(result.selected?.scac, number).toBe(scac);
      expect(result.decision, number).toBe('auto_select');
    }
  });

  it('ask for confirmation when the prefix is right but the rest fits no known shape', () => {
    expect(infer('HLCUDVO1902')).toMatchObject({
      numberType: 'bill_of_lading',
      decision: 'needs_confirmation',
    });
  });

  it('split a bare shape several lines share, below any decision', () => {
    const result = infer('6160952712');
    expect(result.decision).toBe('no_prediction');
    expect(result.candidates[0]?.scac).toBe('COSU');
    const total = result.candidates.reduce((sum, c) => sum + c.confidence, 0);
    expect(total).toBeLessThanOrEqual(1);
  });

  it('suggest Maersk, never auto-select it, for a bare 9-digit bill (its own form, shared by its brands)', () => {
    const result = infer('285453511');
    expect(result.decision).toBe('needs_confirmation');
    expect(result.selected?.scac).toBe('MAEU');
    expect(result.candidates.map((c) => c.scac)).toContain('SEAU');
  });

  it('never give full confidence to anything', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{5,20}$/), (number) => {
        const result = inferNumber(number, CARRIER_CATALOG);
        if ('unreadable' in result) return;
        for (const candidate of result.candidates) expect(candidate.confidence).toBeLessThan(1);
      }),
    );
  });

  it('refuse what cannot be a reference number', () => {
    for (const garbage of ['', '   ', 'abc', '-----', 'HELLOWORLD', '12', '€€€€€€€', 'x'.repeat(40)]) {
      expect(inferNumber(garbage, CARRIER_CATALOG), garbage).toHaveProperty('unreadable', true);
    }
  });
});

describe('lines and numbers the second held-out batch brought up', () => {
  it('ask to confirm the owner line of a mistyped box, never more', () => {
    for (const [number, scac] of [
      ['HLXU123456', 'HLCU'],
      ['HLXU12345670', 'HLCU'],
      ['CMAU123O567', 'CMDU'],
      ['MSKU123456', 'MAEU'],
    ] as const) {
      const result = infer(number);
      expect(result.validation.isValid, number).toBe(false);
      expect(result.decision, number).toBe('needs_confirmation');
      expect(result.selected?.scac, number).toBe(scac);
      expect(result.selected?.confidence, number).toBeLessThan(0.8);
    }
  });

  it('name a line the upstream does not track by its public SCAC, and none without one', () => {
    const heungA = infer(makeContainerNumber('HLHU', 123456));
    expect(heungA.selected).toMatchObject({ scac: 'HALU', name: 'Heung-A Line' });
    expect(heungA.decision).toBe('auto_select');
    for (const [prefix, scac] of [
      ['REGU', 'REGU'],
      ['IAAU', 'IAAU'],
      ['NSSU', 'NSRU'],
      ['POLU', 'POBU'],
      ['TARU', 'GETU'],
    ] as const) {
      expect(infer(makeContainerNumber(prefix, 654321)).selected?.scac, prefix).toBe(scac);
    }
    // Sinotrans and Boluda: registered owner codes, no 4-letter SCAC in any public table at hand.
    for (const prefix of ['SNBU', 'NFRU']) {
      expect(infer(makeContainerNumber(prefix, 654321)), prefix).toMatchObject({
        numberType: 'container',
        decision: 'no_prediction',
        candidates: [],
      });
    }
  });

  it('read 8 digits as a Hapag-Lloyd booking, only ever suggested', () => {
    const result = infer('23456789');
    expect(result.numberType).toBe('booking');
    expect(result.selected).toMatchObject({ scac: 'HLCU', confidence: 0.72 });
    expect(result.decision).toBe('needs_confirmation');
  });

  it("read a line's code typed in front of a box as that line moving the box", () => {
    const maersk = infer('MAEU MSKU6787218');
    expect(maersk).toMatchObject({ numberType: 'container', decision: 'auto_select' });
    expect(maersk.validation).toMatchObject({ parsedNumber: 'MSKU6787218', checkDigitPassed: true });
    expect(maersk.selected?.scac).toBe('MAEU');
    // A leased box on the named line's bill; another line's box asks for confirmation.
    expect(infer('HLCU TGHU0833560').selected?.scac).toBe('HLCU');
    expect(infer('ONEY MSCU1234566')).toMatchObject({
      decision: 'needs_confirmation',
      numberType: 'container',
    });
    // A check digit one off is that box mistyped (round 4): invalid, the line asked to be confirmed.
    expect(infer('MAEU MSKU6787219')).toMatchObject({
      numberType: 'container',
      decision: 'needs_confirmation',
      selected: { scac: 'MAEU', confidence: 0.85 },
      validation: { isValid: false, checkDigitPassed: false, reason: 'Invalid check digit' },
    });
    // Unless what follows the prefix is one of the line's bill shapes (HMM: 4 letters + 7 digits).
    expect(infer('HDMU HDMU1234560').numberType).toBe('bill_of_lading');
  });

  it("give no line to a forwarder's house bill", () => {
    for (const number of ['EXDO1234567890', 'FLXT12345678']) {
      expect(infer(number), number).toMatchObject({ numberType: 'bill_of_lading', selected: null });
    }
  });
});
