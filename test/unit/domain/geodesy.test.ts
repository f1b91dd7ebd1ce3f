import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearingDegrees, haversineKm, unwrapPath, wrapLongitude } from '../../../src/domain/geo/geodesy.ts';

describe('geodesy', () => {
  it('measures a known distance: Rotterdam to Shanghai as the crow flies is about 8,900 km', () => {
    expect(haversineKm([4.5, 51.91667], [121.48333, 31.23333])).toBeGreaterThan(8_800);
    expect(haversineKm([4.5, 51.91667], [121.48333, 31.23333])).toBeLessThan(9_000);
  });

  it('gives the same distance for a longitude and the same one a turn away', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        (lon, lat) => {
          expect(haversineKm([lon, lat], [lon + 360, lat])).toBeLessThan(1e-6);
          expect(wrapLongitude(lon + 360)).toBeCloseTo(wrapLongitude(lon), 9);
        },
      ),
    );
  });

  it('wraps every longitude into [-180, 180)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (lon) => {
        const wrapped = wrapLongitude(lon);
        expect(wrapped).toBeGreaterThanOrEqual(-180);
        expect(wrapped).toBeLessThan(180);
      }),
    );
  });

  it('unwraps a path so that no step jumps more than half a turn', () => {
    const path = unwrapPath([
      [170, 0],
      [-175, 1],
      [-160, 2],
    ]);
    expect(path).toEqual([
      [170, 0],
      [185, 1],
      [200, 2],
    ]);
  });

  it('points east for a course due east and north for due north', () => {
    expect(bearingDegrees([0, 0], [10, 0])).toBeCloseTo(90, 6);
    expect(bearingDegrees([0, 0], [0, 10])).toBeCloseTo(0, 6);
  });
});
