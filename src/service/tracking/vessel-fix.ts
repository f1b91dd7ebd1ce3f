import type { Clock } from '../../domain/clock.ts';
import { wrapLongitude } from '../../domain/geo/geodesy.ts';
import { vesselPositionAt } from '../../domain/tracking/vessel-position.ts';
import type { AccountFeatures } from '../accounts/account-features.ts';
import type { JourneyBook } from './journey-book.ts';
import type { TrackingStore } from './tracking-store.ts';

/** A vessel's position attributes, as the upstream's vessel resource names them. */
export interface VesselFix {
  readonly latitude: number;
  readonly longitude: number;
  readonly nautical_speed_knots: number;
  readonly navigational_heading_degrees: number;
  readonly position_timestamp: string;
}

/** Shipments read per step while looking for a journey that sails the vessel now. */
const SHIPMENT_CHUNK = 500;

/**
 * Where a vessel is at the service's now, for `GET /vessels/{id}`: positions are paid upstream (Routing
 * Data), so only for an account with `routing`, and only for a vessel one of its journeys sails now (the
 * sandbox knows no other). The position is the one the route map draws.
 */
export function vesselFixes(deps: {
  store: TrackingStore;
  journeys: JourneyBook;
  features: AccountFeatures;
  clock: Clock;
}): (accountId: string, vesselId: string) => VesselFix | undefined {
  return (accountId, vesselId) => {
    if (!deps.features.has(accountId, 'routing')) return undefined;
    const now = deps.clock.now();
    let before: number | null = null;
    for (;;) {
      const shipments = deps.store.shipmentChunk(accountId, {}, before, SHIPMENT_CHUNK);
      for (const shipment of shipments) {
        const position = vesselPositionAt(deps.journeys.of(shipment), now);
        if (position === undefined || position.leg.vessel.id !== vesselId) continue;
        return {
          latitude: position.coordinates[1],
          longitude: wrapLongitude(position.coordinates[0]),
          nautical_speed_knots: Math.round(position.speedKn * 10) / 10,
          navigational_heading_degrees: Math.round(position.heading),
          position_timestamp: new Date(now).toISOString(),
        };
      }
      const last = shipments.at(-1);
      if (last === undefined || shipments.length < SHIPMENT_CHUNK) return undefined;
      before = last.seq;
    }
  };
}

/** One point of a vessel's `positions`, as the upstream's vessel schema names them. */
export interface VesselTrackPoint {
  readonly latitude: number;
  readonly longitude: number;
  readonly heading: number;
  readonly timestamp: string;
  readonly estimated: boolean;
}

/** One point an hour, the spacing a track the size of a week reads well at. */
const TRACK_STEP_MS = 3_600_000;
/** Points per answer: a longer window is sampled more sparsely rather than answered at any size. */
const MAX_TRACK_POINTS = 2_000;

/**
 * The vessel's positions between `from` and `to` (`show_positions` on `GET /vessels/{id}`), from every
 * journey of the account that sails it: sampled along each leg it sails in the window, in time order,
 * `estimated` after the service's now. Empty when none of the account's journeys sails it then.
 */
export function vesselTracks(deps: {
  store: TrackingStore;
  journeys: JourneyBook;
  clock: Clock;
}): (accountId: string, vesselId: string, from: number, to: number) => VesselTrackPoint[] {
  return (accountId, vesselId, from, to) => {
    const now = deps.clock.now();
    const step = Math.max(TRACK_STEP_MS, Math.ceil((to - from) / MAX_TRACK_POINTS));
    const points = new Map<number, VesselTrackPoint>();
    let before: number | null = null;
    for (;;) {
      const shipments = deps.store.shipmentChunk(accountId, {}, before, SHIPMENT_CHUNK);
      for (const shipment of shipments) {
        const journey = deps.journeys.of(shipment);
        for (const leg of journey.legs) {
          if (leg.vessel.id !== vesselId || leg.arriveAt <= from || leg.departAt > to) continue;
          // Times on the step grid from `from`, so two shipments on one vessel give the same instants.
          const first = from + Math.ceil(Math.max(0, leg.departAt - from) / step) * step;
          for (let at = first; at <= to && at < leg.arriveAt; at += step) {
            if (points.has(at)) continue;
            const position = vesselPositionAt(journey, at);
            if (position === undefined || position.leg.vessel.id !== vesselId) continue;
            points.set(at, {
              latitude: position.coordinates[1],
              longitude: wrapLongitude(position.coordinates[0]),
              heading: Math.round(position.heading),
              timestamp: new Date(at).toISOString(),
              estimated: at > now,
            });
          }
        }
      }
      const last = shipments.at(-1);
      if (last === undefined || shipments.length < SHIPMENT_CHUNK) break;
      before = last.seq;
    }
    return [...points.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
  };
}
