import { expect, test } from 'vitest';
import { portCatalog } from '../../../../src/domain/ports/port-catalog.ts';
import { planJourney } from '../../../../src/domain/tracking/sandbox-journey.ts';
import { greatCircleRouter } from '../../../../src/domain/tracking/sea-router.ts';
import { bearing, vesselPositionAt } from '../../../../src/domain/tracking/vessel-position.ts';

const journey = planJourney(
  {
    requestType: 'bill_of_lading',
    requestNumber: 'MAEU123456789',
    scac: 'MAEU',
    anchorAt: Date.UTC(2026, 5, 1),
  },
  { ports: portCatalog(), router: greatCircleRouter() },
);

test('at sea only: none before departure, in port between legs, or after arrival', () => {
  const first = journey.legs[0];
  const last = journey.legs.at(-1);
  if (first === undefined || last === undefined) throw new Error('no legs');
  expect(vesselPositionAt(journey, first.departAt - 1)).toBeUndefined();
  expect(vesselPositionAt(journey, last.arriveAt)).toBeUndefined();
  const second = journey.legs[1];
  if (second !== undefined) expect(vesselPositionAt(journey, first.arriveAt + 1)).toBeUndefined();
});

test('the position moves from the departure port to the arrival port with time', () => {
  const leg = journey.legs[0];
  if (leg === undefined) throw new Error('no legs');
  const start = vesselPositionAt(journey, leg.departAt);
  expect(start?.coordinates).toEqual([leg.from.longitude, leg.from.latitude]);
  const middle = vesselPositionAt(journey, (leg.departAt + leg.arriveAt) / 2);
  expect(middle?.legIndex).toBe(0);
  expect(middle?.remaining.at(-1)).toEqual([leg.to.longitude, leg.to.latitude]);
  expect(middle?.sailed.at(-1)).toEqual(middle?.coordinates);
  expect(middle?.speedKn).toBeGreaterThan(10);
  expect(middle?.speedKn).toBeLessThanOrEqual(30);
});

test('bearings: due north is 0, due east 90', () => {
  expect(bearing([0, 0], [0, 10])).toBeCloseTo(0);
  expect(bearing([0, 0], [10, 0])).toBeCloseTo(90);
});
