import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LonLat, splitAtAntimeridian, unwrapPath } from '../../../src/domain/geo/geodesy.ts';
import { seaLeg } from '../../../src/service/maps/sea-legs.ts';
import { longestLandRunKm } from '../../support/geo/land.ts';
import { PORTS } from './geo-fixtures.ts';

const at = (locode: string): LonLat => {
  const point = PORTS[locode];
  if (point === undefined) throw new Error(locode);
  return point;
};

/** Ports sit inland at city level (downtown LA is 35 km from its terminals): the ends are not judged. */
const PORT_APPROACH_KM = 60;
/** Sampling step along a leg. */
const SAMPLE_KM = 10;
/** 1:50m land blurs coasts and narrow straits by a few km; longer runs mean a land crossing. */
const MAX_LAND_RUN_KM = 30;

describe('sea legs on the sea-lane network', () => {
  it('go from Rotterdam to Shanghai through Suez, on water', () => {
    const leg = seaLeg(at('NLRTM'), at('CNSHA'));
    // Through Suez about 10,500 nm; round the Cape it would be over 13,500.
    expect(leg.distanceNm).toBeGreaterThan(10_000);
    expect(leg.distanceNm).toBeLessThan(11_200);
    const nearSuez = leg.coordinates.some(([lon, lat]) => lon > 32 && lon < 33 && lat > 29.5 && lat < 31.5);
    expect(nearSuez).toBe(true);
    expect(leg.coordinates[0]).toEqual(at('NLRTM'));
    expect(leg.coordinates.at(-1)).toEqual(at('CNSHA'));
    expect(longestLandRunKm(leg.coordinates, SAMPLE_KM, PORT_APPROACH_KM)).toBeLessThanOrEqual(
      MAX_LAND_RUN_KM,
    );
  });

  it('cross the Pacific from Shanghai to Los Angeles, over the antimeridian, on water', () => {
    const leg = seaLeg(at('CNSHA'), at('USLAX'));
    expect(leg.distanceNm).toBeGreaterThan(5_400);
    expect(leg.distanceNm).toBeLessThan(6_200);
    // Unwrapped: eastwards past 180 instead of round the world.
    expect(Math.max(...leg.coordinates.map(([lon]) => lon))).toBeGreaterThan(180);
    expect(longestLandRunKm(leg.coordinates, SAMPLE_KM, PORT_APPROACH_KM)).toBeLessThanOrEqual(
      MAX_LAND_RUN_KM,
    );
  });

  it('keep other main lanes on water', () => {
    for (const [from, to] of [
      ['SGSIN', 'NLRTM'],
      ['DEHAM', 'USNYC'],
      ['KRPUS', 'USLAX'],
      ['USNYC', 'SGSIN'],
      // Through Panama and across the South Pacific; round the Cape of Good Hope.
      ['USSAV', 'AUSYD'],
      ['SGSIN', 'BRSSZ'],
    ] as const) {
      const leg = seaLeg(at(from), at(to));
      expect(
        longestLandRunKm(leg.coordinates, SAMPLE_KM, PORT_APPROACH_KM),
        `${from}-${to}`,
      ).toBeLessThanOrEqual(MAX_LAND_RUN_KM);
    }
  });

  it('answer a repeated leg from the cache', () => {
    expect(seaLeg(at('SGSIN'), at('NLRTM'))).toBe(seaLeg(at('SGSIN'), at('NLRTM')));
  });
});

describe('antimeridian', () => {
  const lonLat = fc.tuple(
    fc.double({ min: -180, max: 179.999, noNaN: true }),
    fc.double({ min: -80, max: 80, noNaN: true }),
  );

  it('splits any unwrapped path into parts inside [-180, 180] that keep every point', () => {
    fc.assert(
      fc.property(fc.array(lonLat, { minLength: 2, maxLength: 30 }), (raw) => {
        const path = unwrapPath(raw);
        const parts = splitAtAntimeridian(path);
        for (const part of parts) {
          expect(part.length).toBeGreaterThanOrEqual(2);
          for (const [lon] of part) expect(Math.abs(lon)).toBeLessThanOrEqual(180);
        }
      }),
    );
  });

  it('cuts 170 → 190 at the meridian into two parts', () => {
    expect(
      splitAtAntimeridian([
        [170, 10],
        [190, 20],
      ]),
    ).toEqual([
      [
        [170, 10],
        [180, 15],
      ],
      [
        [-180, 15],
        [-170, 20],
      ],
    ]);
  });
});
