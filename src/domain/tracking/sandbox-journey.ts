import { makeContainerNumber } from '../iso6346.ts';
import { REGIONS, TRADE_LANES, type TradeLane } from '../ports/journey-ports.ts';
import type { Port, PortCatalog } from '../ports/port-catalog.ts';
import { type Terminal, terminalOf, VESSELS, type Vessel } from './sandbox-fleet.ts';
import type { SeaRouter } from './sea-router.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Milestones the sandbox plays, as `transport_event.event` names them. */
export type TransportEventName =
  | 'container.transport.empty_out'
  | 'container.transport.full_in'
  | 'container.transport.vessel_loaded'
  | 'container.transport.vessel_departed'
  | 'container.transport.transshipment_arrived'
  | 'container.transport.transshipment_discharged'
  | 'container.transport.transshipment_loaded'
  | 'container.transport.transshipment_departed'
  | 'container.transport.vessel_arrived'
  | 'container.transport.vessel_berthed'
  | 'container.transport.vessel_discharged'
  | 'container.transport.available'
  | 'container.transport.full_out'
  | 'container.transport.empty_in';

export interface JourneyEvent {
  readonly event: TransportEventName;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly port: Port;
  readonly vessel: Vessel | null;
  readonly voyageNumber: string | null;
}

/** One port call, in order: POL, TS1…, POD. Times are null where the journey has none (no arrival at the POL). */
export interface JourneyStop {
  readonly label: string;
  readonly port: Port;
  readonly arrivalAt: number | null;
  readonly departureAt: number | null;
}

export interface JourneyLeg {
  readonly from: Port;
  readonly to: Port;
  readonly vessel: Vessel;
  readonly voyageNumber: string;
  readonly departAt: number;
  readonly arriveAt: number;
  readonly distanceNm: number;
  readonly coordinates: ReadonlyArray<readonly [number, number]>;
}

export interface PlannedHold {
  readonly name: 'customs' | 'freight' | 'USDA';
  readonly status: 'hold';
  readonly description: string | null;
}

export interface ContainerPlan {
  readonly number: string;
  readonly equipmentType: 'dry' | 'reefer';
  readonly equipmentLength: 20 | 40 | 45;
  readonly equipmentHeight: 'standard' | 'high_cube';
  readonly weightInLbs: number;
  readonly sealNumber: string;
  /** Held at the POD terminal from discharge until it becomes available. */
  readonly holds: readonly PlannedHold[];
  readonly dischargedAt: number;
  readonly availableAt: number;
  /** Last free day: the end of free time at the terminal (epoch ms, midnight UTC). */
  readonly lastFreeDay: number;
  readonly fullOutAt: number;
  readonly emptyInAt: number;
  /** Every milestone, in time order. */
  readonly events: readonly JourneyEvent[];
}

export interface Journey {
  readonly billOfLadingNumber: string;
  readonly stops: readonly JourneyStop[];
  readonly legs: readonly JourneyLeg[];
  readonly podTerminal: Terminal;
  readonly containers: readonly ContainerPlan[];
}

export interface JourneyRequest {
  readonly requestType: 'container' | 'bill_of_lading' | 'booking_number';
  /** Normalized: upper case, no spaces. */
  readonly requestNumber: string;
  readonly scac: string;
  /** When the tracking request was created: the journey is placed around it (some of it already past). */
  readonly anchorAt: number;
}

export interface JourneyDeps {
  readonly ports: PortCatalog;
  readonly router: SeaRouter;
}

/** Service speed of container ships: slow steaming to full speed, well under the 30 kn a check allows. */
const MIN_SPEED_KN = 14;
const MAX_SPEED_KN = 19;
/** Days from the anchor to the first departure: -10 (sailed ten days ago) to +3 (sails in three days). */
const FIRST_DEPARTURE_DAYS = [-10, 3] as const;
/** A hold delays availability by this many hours at most, instead of the usual 6 to 24. */
const HOLD_DELAY_HOURS = [24, 72] as const;
/** Free time at the POD terminal after discharge. */
const FREE_DAYS = 4;

/**
 * The sandbox carrier's plan for a tracking request: a deterministic function of the number and carrier
 * (the same request always sails the same ports, vessels and durations), placed in time around the
 * request's creation. Every time comes from sailing a routed distance at a realistic speed, so the events
 * are ordered and no leg is faster than the slowest plausible ship.
 */
export function planJourney(request: JourneyRequest, deps: JourneyDeps): Journey {
  const random = seededRandom(`${request.scac}:${request.requestNumber}`);
  const lane = pickLane(random);
  const pol = deps.ports.get(random.pick(REGIONS[lane.from]));
  const pod = deps.ports.get(random.pick(REGIONS[lane.to]));
  const hubs = pickHubs(random, lane, [pol.locode, pod.locode]).map((code) => deps.ports.get(code));
  const calls = [pol, ...hubs, pod];

  const firstDeparture =
    Math.floor(request.anchorAt / HOUR_MS) * HOUR_MS +
    random.int(FIRST_DEPARTURE_DAYS[0] * 24, FIRST_DEPARTURE_DAYS[1] * 24) * HOUR_MS;
  const legs: JourneyLeg[] = [];
  let departAt = firstDeparture;
  for (let index = 0; index + 1 < calls.length; index += 1) {
    const from = calls[index] as Port;
    const to = calls[index + 1] as Port;
    const route = deps.router.leg([from.longitude, from.latitude], [to.longitude, to.latitude]);
    const speed = random.between(MIN_SPEED_KN, MAX_SPEED_KN);
    // Whole hours, rounded up: the effective speed only gets slower.
    const hours = Math.max(1, Math.ceil(route.distanceNm / speed));
    const arriveAt = departAt + hours * HOUR_MS;
    legs.push({
      from,
      to,
      vessel: random.pick(VESSELS),
      voyageNumber: voyageNumber(random, from, to),
      departAt,
      arriveAt,
      distanceNm: route.distanceNm,
      coordinates: route.coordinates,
    });
    // Dwell at a transshipment hub: one to four days.
    departAt = arriveAt + random.int(24, 96) * HOUR_MS;
  }

  const stops: JourneyStop[] = calls.map((port, index) => ({
    label: index === 0 ? 'POL' : index === calls.length - 1 ? 'POD' : `TS${index}`,
    port,
    arrivalAt: legs[index - 1]?.arriveAt ?? null,
    departureAt: legs[index]?.departAt ?? null,
  }));
  const lastLeg = legs.at(-1) as JourneyLeg;
  const berthedAt = lastLeg.arriveAt + random.int(2, 8) * HOUR_MS;
  const discharge = lastLeg.arriveAt + random.int(10, 28) * HOUR_MS;

  const numbers = containerNumbers(request, random);
  const containers = numbers.map((number) =>
    planContainer(number, random, { legs, stops, berthedAt, dischargedAt: discharge }),
  );
  return {
    billOfLadingNumber:
      request.requestType === 'container'
        ? `${request.scac}${String(random.int(100_000_000, 999_999_999))}`
        : request.requestNumber,
    stops,
    legs,
    podTerminal: terminalOf(pod.locode, pod.name),
    containers,
  };
}

function pickLane(random: SeededRandom): TradeLane {
  const total = TRADE_LANES.reduce((sum, lane) => sum + lane.weight, 0);
  let draw = random.next() * total;
  for (const lane of TRADE_LANES) {
    draw -= lane.weight;
    if (draw < 0) return lane;
  }
  return TRADE_LANES[0] as TradeLane;
}

/** Zero to two of the lane's hubs, in sailing order, never the POL or POD themselves. */
function pickHubs(random: SeededRandom, lane: TradeLane, ends: readonly string[]): string[] {
  const available = lane.hubs.filter((hub) => !ends.includes(hub));
  const count = Math.min(available.length, random.int(0, 2));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random.int(0, available.length - 1));
  return [...chosen].sort((a, b) => a - b).map((index) => available[index] as string);
}

/** A carrier-style voyage number: three digits and the heading (E/W by longitude, N/S otherwise). */
function voyageNumber(random: SeededRandom, from: Port, to: Port): string {
  const eastWest = Math.abs(to.longitude - from.longitude) >= Math.abs(to.latitude - from.latitude);
  const heading = eastWest
    ? to.longitude > from.longitude
      ? 'E'
      : 'W'
    : to.latitude > from.latitude
      ? 'N'
      : 'S';
  return `${String(random.int(100, 999))}${heading}`;
}

/** The container itself for a container request; one to three of the carrier's boxes for a B/L or booking. */
function containerNumbers(request: JourneyRequest, random: SeededRandom): string[] {
  if (request.requestType === 'container') return [request.requestNumber];
  const prefix = `${request.scac.slice(0, 3)}U`;
  const count = random.int(1, 3);
  return Array.from({ length: count }, () => makeContainerNumber(prefix, random.int(0, 999_999)));
}

function planContainer(
  number: string,
  random: SeededRandom,
  voyage: {
    legs: readonly JourneyLeg[];
    stops: readonly JourneyStop[];
    berthedAt: number;
    dischargedAt: number;
  },
): ContainerPlan {
  const { legs, stops } = voyage;
  const first = legs[0] as JourneyLeg;
  const last = legs.at(-1) as JourneyLeg;
  const pol = first.from;
  const pod = last.to;
  const fullInAt = first.departAt - random.int(30, 72) * HOUR_MS;
  const emptyOutAt = fullInAt - random.int(24, 96) * HOUR_MS;
  const loadedAt = first.departAt - random.int(4, 20) * HOUR_MS;

  const events: JourneyEvent[] = [
    { event: 'container.transport.empty_out', at: emptyOutAt, port: pol, vessel: null, voyageNumber: null },
    { event: 'container.transport.full_in', at: fullInAt, port: pol, vessel: null, voyageNumber: null },
    {
      event: 'container.transport.vessel_loaded',
      at: loadedAt,
      port: pol,
      vessel: first.vessel,
      voyageNumber: first.voyageNumber,
    },
    {
      event: 'container.transport.vessel_departed',
      at: first.departAt,
      port: pol,
      vessel: first.vessel,
      voyageNumber: first.voyageNumber,
    },
  ];
  for (let index = 1; index < legs.length; index += 1) {
    const inbound = legs[index - 1] as JourneyLeg;
    const outbound = legs[index] as JourneyLeg;
    const hub = (stops[index] as JourneyStop).port;
    const at = (event: TransportEventName, time: number, leg: JourneyLeg): JourneyEvent => ({
      event,
      at: time,
      port: hub,
      vessel: leg.vessel,
      voyageNumber: leg.voyageNumber,
    });
    // The dwell is at least a day, so discharge (≤ 10 h after arrival) precedes loading (≥ 4 h before departure).
    events.push(
      at('container.transport.transshipment_arrived', inbound.arriveAt, inbound),
      at(
        'container.transport.transshipment_discharged',
        inbound.arriveAt + random.int(2, 10) * HOUR_MS,
        inbound,
      ),
      at(
        'container.transport.transshipment_loaded',
        outbound.departAt - random.int(4, 12) * HOUR_MS,
        outbound,
      ),
      at('container.transport.transshipment_departed', outbound.departAt, outbound),
    );
  }
  const hasHold = random.next() < 0.3;
  const holds: PlannedHold[] = hasHold
    ? [{ name: random.pick(['customs', 'freight', 'USDA'] as const), status: 'hold', description: null }]
    : [];
  const dischargedAt = Math.max(voyage.dischargedAt, voyage.berthedAt + HOUR_MS) + random.int(0, 6) * HOUR_MS;
  const availableAt =
    dischargedAt +
    (hasHold ? random.int(HOLD_DELAY_HOURS[0], HOLD_DELAY_HOURS[1]) : random.int(6, 24)) * HOUR_MS;
  const lastFreeDay = Math.floor(dischargedAt / DAY_MS) * DAY_MS + FREE_DAYS * DAY_MS;
  const fullOutAt = availableAt + random.int(20, 150) * HOUR_MS;
  const emptyInAt = fullOutAt + random.int(48, 200) * HOUR_MS;
  const destination = (event: TransportEventName, time: number, onVessel: boolean): JourneyEvent => ({
    event,
    at: time,
    port: pod,
    vessel: onVessel ? last.vessel : null,
    voyageNumber: onVessel ? last.voyageNumber : null,
  });
  events.push(
    destination('container.transport.vessel_arrived', last.arriveAt, true),
    destination('container.transport.vessel_berthed', voyage.berthedAt, true),
    destination('container.transport.vessel_discharged', dischargedAt, true),
    destination('container.transport.available', availableAt, false),
    destination('container.transport.full_out', fullOutAt, false),
    destination('container.transport.empty_in', emptyInAt, false),
  );
  const length = random.pick([20, 40, 40, 40, 45] as const);
  return {
    number,
    equipmentType: random.next() < 0.1 ? 'reefer' : 'dry',
    equipmentLength: length,
    equipmentHeight: length === 20 ? 'standard' : random.pick(['standard', 'high_cube'] as const),
    weightInLbs: random.int(8_000, 52_000),
    sealNumber: `SB${String(random.int(1_000_000, 9_999_999))}`,
    holds,
    dischargedAt,
    availableAt,
    lastFreeDay,
    fullOutAt,
    emptyInAt,
    events,
  };
}
