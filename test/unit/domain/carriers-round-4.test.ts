import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { type InferredNumber, inferNumber } from '../../../src/domain/carriers/infer-number.ts';

const infer = (number: string): InferredNumber => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${number} was refused: ${result.reason}`);
  return result;
};

describe('what the fourth held-out batch brought up', () => {
  it('reads a bare number in the booking shape of its likeliest line as a booking, as the upstream does', () => {
    expect(infer('987654321')).toMatchObject({ numberType: 'booking', selected: { scac: 'MAEU' } });
    expect(infer('23456789')).toMatchObject({ numberType: 'booking', selected: { scac: 'HLCU' } });
    expect(infer('143012345678')).toMatchObject({ numberType: 'booking', selected: { scac: 'EGLV' } });
    // COSCO's, OOCL's and Matson's 10 digits: a booking of COSCO most likely, no line selected.
    expect(infer('6012345678')).toMatchObject({ numberType: 'booking', selected: null });
    // Behind the line's prefix the same digits are its bill; a bill label says so too.
    expect(infer('MAEU987654321').numberType).toBe('bill_of_lading');
    expect(infer('B/L No. 987654321').numberType).toBe('bill_of_lading');
    // Shapes lines print bare on their bills stay bills (CMA CGM's office code + 7 digits).
    expect(infer('NYC1234567').numberType).toBe('bill_of_lading');
  });

  it('reads the first field of a pasted row: a seal, an order or an invoice after it is another field', () => {
    for (const pasted of ['Container MSKU6787218 Seal 1234567', 'Cntr: MSKU6787218 / Seal No. ML-123456']) {
      expect(infer(pasted).validation.parsedNumber, pasted).toBe('MSKU6787218');
    }
    expect(infer('MAEU123456789 PO 4500123').validation.parsedNumber).toBe('MAEU123456789');
  });

  it('refuses two numbers joined by a slash (a box and its seal) instead of reading one number of both', () => {
    for (const pasted of ['Container/Seal: MSKU6787218/123456', 'MSKU6787218/TGBU1234567']) {
      expect(inferNumber(pasted, CARRIER_CATALOG), pasted).toHaveProperty('unreadable', true);
    }
    expect(infer('MSKU 678721/8').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('HLCU/HAM/123456789').validation.parsedNumber).toBe('HLCUHAM123456789');
  });

  it('takes a line named beside a leased box as the lead, to confirm', () => {
    expect(infer('MSC container TGHU1234565')).toMatchObject({
      decision: 'needs_confirmation',
      selected: { scac: 'MSCU', confidence: 0.85 },
    });
    expect(infer('tghu1234565')).toMatchObject({ decision: 'no_prediction', selected: null, candidates: [] });
  });

  it("asks to confirm a line's own box when another line is named beside it, and offers the named line", () => {
    const result = infer('Maersk MSCU1234566');
    expect(result.decision).toBe('needs_confirmation');
    expect(result.selected?.scac).toBe('MSCU');
    expect(result.candidates.map((c) => c.scac)).toEqual(['MSCU', 'MAEU']);
    expect(infer('MSC MSCU1234566').decision).toBe('auto_select');
  });
});
