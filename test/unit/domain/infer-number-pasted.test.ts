import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { type InferredNumber, inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import { makeContainerNumber } from '../../../src/domain/iso6346.ts';

const infer = (number: string): InferredNumber => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${number} was refused: ${result.reason}`);
  return result;
};

describe('carrier inference of numbers as users paste them', () => {
  it('takes the number type a label names where the shape cannot tell', () => {
    expect(infer('BKG# 6012345678')).toMatchObject({ numberType: 'booking' });
    expect(infer('B/L: 6012345678')).toMatchObject({ numberType: 'bill_of_lading' });
    expect(infer('booking MAEU123456789')).toMatchObject({ numberType: 'booking', decision: 'auto_select' });
    // A label never turns a box into a shipment number.
    expect(infer('BL MSKU6787218')).toMatchObject({ numberType: 'container' });
  });

  it('reads a label typed without a space and the equipment pasted beside a box', () => {
    expect(infer('BL:MAEU123456789').validation.parsedNumber).toBe('MAEU123456789');
    for (const pasted of ['MSKU6787218 40HC', "1x40'HQ MSKU6787218", 'MSKU6787218 (45G1)']) {
      expect(infer(pasted).validation.parsedNumber, pasted).toBe('MSKU6787218');
    }
  });

  it('picks the line named beside a number whose shape several lines share, only to confirm', () => {
    const cosco = infer('COSCO BL 6012345678');
    expect(cosco.selected).toMatchObject({ scac: 'COSU', confidence: 0.9 });
    expect(cosco.decision).toBe('needs_confirmation');
    expect(infer('OOCL booking 2712345678').selected?.scac).toBe('OOLU');
    expect(infer('CMA CGM booking SHZ1234567').selected?.scac).toBe('CMDU');
    expect(infer('Hapag-Lloyd 23456789').selected?.scac).toBe('HLCU');
    // A line named beside a number in none of its shapes is a lead, below the shape's own line.
    expect(infer('Evergreen 12345678').selected).toMatchObject({ scac: 'EGLV', confidence: 0.75 });
    // A three-letter name in lower case is a word, not a line.
    expect(infer('track this one 6012345678').decision).toBe('no_prediction');
  });

  it("never lets a name typed beside a number override the line's prefix or the box's owner code", () => {
    expect(infer('Maersk MEDUAB123456').selected?.scac).toBe('MSCU');
    expect(infer('Yang Ming MSKU6787218').selected?.scac).toBe('MAEU');
  });

  it('puts back O for 0 and I for 1 where the number then holds together', () => {
    const box = makeContainerNumber('MSCU', 120034);
    const typed = `MSCU${box.slice(4).replaceAll('0', 'O')}`;
    expect(infer(typed)).toMatchObject({
      numberType: 'container',
      validation: { parsedNumber: box, isValid: true, checkDigitPassed: true },
      selected: { scac: 'MSCU' },
    });
    expect(infer('0OLU2712345678').validation.parsedNumber).toBe('OOLU2712345678');
    expect(infer('0OLU2712345678').selected?.scac).toBe('OOLU');
    // In a bill or booking, only where a line's shape then fits and did not before.
    expect(infer('COSU6O12345678').validation.parsedNumber).toBe('COSU6012345678');
    expect(infer('EGLV14230OO12345').validation.parsedNumber).toBe('EGLV142300012345');
    expect(infer('ONEYOSAB12345600').validation.parsedNumber).toBe('ONEYOSAB12345600');
    // Where the check digit still fails, the number stays as typed: a mistyped box.
    const wrong = `${typed.slice(0, 10)}${(Number(box.charAt(10)) + 1) % 10}`;
    expect(infer(wrong).validation).toMatchObject({ parsedNumber: wrong, isValid: false });
  });

  it('gives no line to a number labelled as a house bill, whatever its shape', () => {
    expect(infer('HBL: MEDUAB123456')).toMatchObject({
      numberType: 'bill_of_lading',
      decision: 'no_prediction',
      candidates: [],
    });
  });

  it("gives no line to a house bill behind a forwarder's SCAC, whatever its shape", () => {
    for (const number of ['KHNN6145521', 'SHKK123456789', 'SHPTXMN123456', 'ECUI12345678']) {
      expect(infer(number), number).toMatchObject({
        numberType: 'bill_of_lading',
        selected: null,
        candidates: [],
      });
    }
  });

  it('auto-selects MSC for its e-booking numbers (EBKG + 8 digits), a booking', () => {
    expect(infer('EBKG12345678')).toMatchObject({
      numberType: 'booking',
      decision: 'auto_select',
      selected: { scac: 'MSCU' },
    });
  });
});
