import { describe, expect, test } from 'vitest';
import { makeContainerNumber, validateContainerNumber } from '../../../../src/domain/iso6346.ts';
import { portCatalog } from '../../../../src/domain/ports/port-catalog.ts';
import {
  containerStateAt,
  terminalChangeset,
  terminalViewAt,
} from '../../../../src/domain/tracking/container-state.ts';
import { isValidImo } from '../../../../src/domain/tracking/imo.ts';
import { type JourneyRequest, planJourney } from '../../../../src/domain/tracking/sandbox-journey.ts';
import { greatCircleNm } from '../../../../src/domain/tracking/sea-router.ts';
import { seaLeg } from '../../../../src/service/maps/sea-legs.ts';
import { longestLandRunKm } from '../../../support/geo/land.ts';

const HOUR_MS = 3_600_000;
const MAX_KNOTS = 30;
const ports = portCatalog();
// The service's router: journeys sail the sea-lane network, each port pair routed once and cached.
const deps = { ports, router: { leg: seaLeg } };
/** Ports sit inland at city level; the approaches are not judged (as in sea-routing.test.ts). */
const PORT_APPROACH_KM = 60;
const SAMPLE_KM = 10;
/** 1:50m land blurs coasts and narrow straits by a few km; longer runs mean a land crossing. */
const MAX_LAND_RUN_KM = 30;
const ANCHOR = Date.UTC(2026, 5, 1, 12);
const SCACS = ['MSCU', 'MAEU', 'HLCU', 'CMDU', 'ONEY', 'EGLV'];

/** Many requests of every type: the property checks below must hold for each. */
const requests: JourneyRequest[] = Array.from({ length: 400 }, (_, index) => {
  const scac = SCACS[index % SCACS.length] ?? 'MSCU';
  const type = (['container', 'bill_of_lading', 'booking_number'] as const)[index % 3] ?? 'container';
  const requestNumber =
    type === 'container'
      ? makeContainerNumber(`${scac.slice(0, 3)}U`, (100_000 + index * 7919) % 1_000_000)
      : `${scac}${String(500_000_000 + index * 104_729)}`;
  return { requestType: type, requestNumber, scac, anchorAt: ANCHOR + index * 3_600_000 };
});

describe('sandbox journeys make physical sense', () => {
  test('the same request always plans the same journey', () => {
    for (const request of requests.slice(0, 20)) {
      expect(planJourney(request, deps)).toEqual(planJourney(request, deps));
    }
  });

  test('every container milestone comes after the one before it', () => {
    for (const request of requests) {
      for (const container of planJourney(request, deps).containers) {
        const times = container.events.map((event) => event.at);
        expect(times, `${request.requestNumber}`).toEqual([...times].sort((a, b) => a - b));
        expect(new Set(times).size, `${request.requestNumber} has two milestones at one instant`).toBe(
          times.length,
        );
      }
    }
  });

  test('no leg is sailed faster than 30 knots along its sea path, nor faster than the great circle allows', () => {
    let fastest = 0;
    for (const request of requests) {
      for (const leg of planJourney(request, deps).legs) {
        const hours = (leg.arriveAt - leg.departAt) / HOUR_MS;
        const name = `${leg.from.locode}→${leg.to.locode}`;
        // The path the vessel sails, measured point to point, is the distance the times come from.
        const sailed = leg.coordinates
          .slice(1)
          .reduce((sum, point, i) => sum + greatCircleNm(leg.coordinates[i] ?? point, point), 0);
        expect(sailed, name).toBeCloseTo(leg.distanceNm, 0);
        const knots = sailed / hours;
        fastest = Math.max(fastest, knots);
        expect(knots, name).toBeLessThanOrEqual(MAX_KNOTS);
        // A sea path is never shorter than the great circle between its ports.
        const direct = greatCircleNm(
          [leg.from.longitude, leg.from.latitude],
          [leg.to.longitude, leg.to.latitude],
        );
        expect(sailed, name).toBeGreaterThanOrEqual(direct * 0.99);
      }
    }
    expect(fastest).toBeGreaterThan(5);
  });

  test('every leg stays on water, from its first port to its last', () => {
    const checked = new Set<string>();
    for (const request of requests) {
      for (const leg of planJourney(request, deps).legs) {
        const name = `${leg.from.locode}→${leg.to.locode}`;
        if (checked.has(name)) continue;
        checked.add(name);
        expect(leg.coordinates[0], name).toEqual([leg.from.longitude, leg.from.latitude]);
        expect(leg.coordinates.at(-1)?.[1], name).toBe(leg.to.latitude);
        expect(longestLandRunKm(leg.coordinates, SAMPLE_KM, PORT_APPROACH_KM), name).toBeLessThanOrEqual(
          MAX_LAND_RUN_KM,
        );
      }
    }
    // Enough distinct lanes to mean something.
    expect(checked.size).toBeGreaterThan(50);
  });

  test('ports are distinct, 0 to 2 transshipments, legs joined end to end, stops labelled POL, TS1…, POD', () => {
    const transshipments = new Set<number>();
    for (const request of requests) {
      const journey = planJourney(request, deps);
      const codes = journey.stops.map((stop) => stop.port.locode);
      expect(new Set(codes).size).toBe(codes.length);
      transshipments.add(codes.length - 2);
      expect(journey.stops.map((stop) => stop.label)).toEqual(
        codes.map((_, i) => (i === 0 ? 'POL' : i === codes.length - 1 ? 'POD' : `TS${i}`)),
      );
      for (const [index, leg] of journey.legs.entries()) {
        expect(leg.from.locode).toBe(codes[index]);
        expect(leg.to.locode).toBe(codes[index + 1]);
        const next = journey.legs[index + 1];
        if (next !== undefined) expect(next.departAt).toBeGreaterThan(leg.arriveAt);
      }
    }
    expect([...transshipments].sort()).toEqual([0, 1, 2]);
  });

  test('vessels carry valid IMO numbers and container numbers pass their check digit', () => {
    for (const request of requests) {
      const journey = planJourney(request, deps);
      for (const leg of journey.legs) expect(isValidImo(leg.vessel.imo), leg.vessel.imo).toBe(true);
      for (const container of journey.containers)
        expect(validateContainerNumber(container.number).valid).toBe(true);
    }
  });

  test('a container request tracks that container; B/L and booking requests get one to three', () => {
    for (const request of requests) {
      const { containers } = planJourney(request, deps);
      if (request.requestType === 'container')
        expect(containers.map((c) => c.number)).toEqual([request.requestNumber]);
      else expect(containers.length).toBeGreaterThanOrEqual(1);
      expect(containers.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('container state over time', () => {
  const request = requests[0] as JourneyRequest;
  const journey = planJourney(request, deps);
  const container = journey.containers[0];
  if (container === undefined) throw new Error('no container');

  test('status follows the milestones: new, on the ship, at the terminal, picked up, returned', () => {
    const first = container.events[0]?.at ?? 0;
    expect(containerStateAt(container, journey, first - 1).current_status).toBe('new');
    expect(containerStateAt(container, journey, container.dischargedAt).current_status).toBe('not_available');
    expect(containerStateAt(container, journey, container.availableAt).current_status).toBe('available');
    expect(containerStateAt(container, journey, container.fullOutAt).current_status).toBe('picked_up');
    expect(containerStateAt(container, journey, container.emptyInAt).current_status).toBe('empty_returned');
  });

  test('availability, holds and the last free day appear at discharge; the changeset names what changed', () => {
    expect(terminalViewAt(container, container.dischargedAt - 1).pickup_lfd).toBeNull();
    const discharged = terminalViewAt(container, container.dischargedAt);
    expect(discharged.available_for_pickup).toBe(false);
    expect(discharged.holds_at_pod_terminal).toEqual(container.holds);
    const available = terminalViewAt(container, container.availableAt);
    expect(available.available_for_pickup).toBe(true);
    expect(available.holds_at_pod_terminal).toEqual([]);
    expect(terminalChangeset(discharged, available)).toMatchObject({ available_for_pickup: [false, true] });
    expect(container.lastFreeDay).toBeGreaterThan(container.dischargedAt - 86_400_000);
  });

  test('demurrage accrues per day past the last free day while the box is at the terminal', () => {
    const dayAfter = container.lastFreeDay + 2 * 86_400_000 + 1;
    const fees = terminalViewAt(
      { ...container, fullOutAt: Number.POSITIVE_INFINITY, availableAt: container.dischargedAt },
      dayAfter,
    ).fees_at_pod_terminal;
    expect(fees).toEqual([{ type: 'demurrage', amount: 300, currency_code: 'USD' }]);
  });
});
