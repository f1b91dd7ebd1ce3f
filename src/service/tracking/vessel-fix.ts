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
