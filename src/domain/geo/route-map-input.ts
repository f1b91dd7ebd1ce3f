import type { LonLat } from './geodesy.ts';

/**
 * What the route map is drawn from: a container's ports of call in order and the vessel of each leg.
 * The tracking side maps its journey onto this; nothing here reads a store.
 *
 * - `ports[0]` is the port of lading (label POL), the last the port of discharge (POD), the ones between
 *   transshipments (TS1, TS2, ...). At least two ports make a route; fewer give an empty map.
 * - `legs[i]` is the voyage from `ports[i]` to `ports[i + 1]`, so there is one leg fewer than ports.
 * - Times are instants (`Date`), null when unknown. A leg has started once `ports[i].outboundAtdAt` is
 *   at or before `now`, and ended once `ports[i + 1].inboundAtaAt` is.
 */
export interface RouteMapInput {
  readonly ports: readonly RouteMapPort[];
  readonly legs: readonly RouteMapLeg[];
  /** When the shipment was last updated; every port feature's `updated_at`. */
  readonly updatedAt: Date | null;
}

export interface RouteMapPort {
  /** The port's id as `GET /ports/{id}` knows it: `location_id` and the legs' port ids. */
  readonly id: string;
  readonly locode: string;
  readonly name: string;
  /** ISO 3166-2 subdivision (`CA`, `ZH`), as the ports data gives it. */
  readonly stateAbbr: string | null;
  readonly state: string | null;
  readonly countryCode: string;
  readonly country: string;
  /** IANA time zone id. */
  readonly timeZone: string;
  /** [longitude, latitude] in degrees. */
  readonly coordinates: LonLat;
  readonly inboundEtaAt: Date | null;
  readonly inboundAtaAt: Date | null;
  readonly outboundEtdAt: Date | null;
  readonly outboundAtdAt: Date | null;
}

export interface RouteMapLeg {
  /** The vessel on this leg; null when the carrier has not named one (no vessel features are drawn). */
  readonly vessel: { readonly id: string; readonly name: string; readonly imo: string } | null;
  readonly voyageNumber: string | null;
}
