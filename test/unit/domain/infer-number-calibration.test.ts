import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import labelled from '../../fixtures/carriers/labelled-numbers.json' with { type: 'json' };

const fixture = z
  .object({
    numbers: z.array(
      z.object({
        number: z.string(),
        number_type: z.enum(['container', 'bill_of_lading', 'booking']),
        scac: z.string(),
      }),
    ),
  })
  .parse(labelled);

const results = fixture.numbers.map((entry) => {
  const result = inferNumber(entry.number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${entry.number} was refused`);
  return { entry, result };
});

describe('carrier inference on real numbers from public bills of lading', () => {
  it('reads the number type right at least 97 times in 100 where the shape can tell', () => {
    // A bare run of digits in a line's booking shape is read as the booking (the bill prints it behind the
    // SCAC; the upstream reads a bare 987654321 so): the bare Maersk bills here are that shape.
    const typed = results.filter(({ entry }) => !/^[0-9]+$/.test(entry.number));
    const right = typed.filter(({ entry, result }) => result.numberType === entry.number_type).length;
    expect(right / typed.length).toBeGreaterThanOrEqual(0.97);
  });

  it('reads bare Maersk bills as bookings of Maersk, the shape the two share', () => {
    for (const { entry, result } of results.filter(({ entry }) => /^[0-9]{9}$/.test(entry.number))) {
      expect(result, entry.number).toMatchObject({ numberType: 'booking', selected: { scac: 'MAEU' } });
    }
  });

  it('is never wrong when it auto-selects', () => {
    const auto = results.filter(({ result }) => result.decision === 'auto_select');
    expect(auto.length).toBeGreaterThan(0);
    const wrong = auto.filter(({ entry, result }) => result.selected?.scac !== entry.scac);
    expect(wrong.map(({ entry }) => entry.number)).toEqual([]);
  });

  it('is right about as often as it says it is when it selects a carrier', () => {
    const selected = results.filter(({ result }) => result.selected !== null);
    const right = selected.filter(({ entry, result }) => result.selected?.scac === entry.scac).length;
    const meanConfidence = selected.reduce((sum, { result }) => sum + (result.selected?.confidence ?? 0), 0);
    // A calibrated model's mean confidence matches its accuracy; 0.1 allows for a small set.
    expect(Math.abs(right - meanConfidence) / selected.length).toBeLessThanOrEqual(0.1);
  });

  it('gives no prediction for a leased box, whatever line carried it', () => {
    const leased = results.filter(
      // Boxes only: a CMA CGM bill's office code (`DNAU008252`) may spell a lessor's owner code.
      ({ entry }) =>
        entry.number_type === 'container' && CARRIER_CATALOG.lessorOf(entry.number.slice(0, 4)) !== undefined,
    );
    expect(leased.length).toBeGreaterThan(10);
    for (const { result } of leased) expect(result.decision).toBe('no_prediction');
  });
});
