import { Hono } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import { containerStateAt } from '../../domain/tracking/container-state.ts';
import type { ServiceEnv } from '../http/env.ts';
import type { JourneyBook } from './journey-book.ts';
import type { Resource } from './tracking-serializers.ts';
import type { TrackingStore } from './tracking-store.ts';
import { readIncludes } from './tracking-views.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Every live `search_result` carries the same attributes whatever its entity, null where they do not
 * apply (the SDK's captured responses): the ones given here over nulls for the rest.
 */
const searchAttributes = (given: Record<string, unknown>): Record<string, unknown> => ({
  entity_type: null,
  number: null,
  shipment_id: null,
  scac: null,
  port_of_lading_name: null,
  port_of_discharge_name: null,
  containers_count: null,
  tracking_stopped: null,
  tracking_stopped_reason: null,
  status: null,
  failed_reason: null,
  ref_numbers: [],
  created_at: null,
  updated_at: null,
  ...given,
});

/** The upstream returns at most 25 results. */
export const MAX_SEARCH_RESULTS = 25;

/**
 * `GET /search?query=`: the account's shipments, then containers ("cargo"), then tracking requests whose
 * number or reference contains the query, newest first in each group; a request whose shipment is already
 * listed is left out. Results are `search_result`s with the entity in `attributes.entity_type`.
 */
export function searchRoute(deps: {
  store: TrackingStore;
  journeys: JourneyBook;
  clock: Clock;
}): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.get('/search', (c) => {
    readIncludes(c, 'search_result');
    const query = (c.req.query('query') ?? '').trim();
    // The upstream's detail, with the parameter named as every other 400 of the service names it.
    if (query === '') throw new InvalidParameterError('query', 'Query parameter is required');
    const accountId = c.get('account').id;
    const found = deps.store.search(accountId, query, MAX_SEARCH_RESULTS);
    const compact = query.toUpperCase().replace(/[\s-]/g, '');
    const byContainerNumber =
      compact === query.toUpperCase()
        ? []
        : deps.store.search(accountId, compact, MAX_SEARCH_RESULTS).containers;
    const now = deps.clock.now();
    const results: Resource[] = [];
    const shipmentIds = new Set<string>();
    for (const shipment of found.shipments) {
      const journey = deps.journeys.of(shipment);
      shipmentIds.add(shipment.id);
      results.push({
        id: shipment.id,
        type: 'search_result',
        attributes: searchAttributes({
          entity_type: 'shipment',
          number: journey.billOfLadingNumber,
          ref_numbers: shipment.refNumbers,
          scac: shipment.scac,
          containers_count: deps.store.containersOf(shipment.id).length,
          port_of_lading_name: journey.stops[0]?.port.name ?? null,
          port_of_discharge_name: journey.stops.at(-1)?.port.name ?? null,
          tracking_stopped: shipment.trackingStoppedAt !== null,
          tracking_stopped_reason: shipment.trackingStoppedAt === null ? null : 'cancelled_by_user',
          created_at: iso(shipment.createdAt),
          updated_at: iso(shipment.updatedAt),
        }),
      });
    }
    const seenContainers = new Set<string>();
    for (const container of [...byContainerNumber, ...found.containers]) {
      if (seenContainers.has(container.id)) continue;
      seenContainers.add(container.id);
      const shipment = deps.store.shipment(accountId, container.shipmentId);
      if (shipment === undefined) continue;
      const journey = deps.journeys.of(shipment);
      const plan = deps.journeys.planOf(shipment, container);
      results.push({
        id: container.id,
        type: 'search_result',
        attributes: searchAttributes({
          entity_type: 'cargo',
          number: container.number,
          shipment_id: shipment.id,
          ref_numbers: container.refNumbers,
          status: containerStateAt(plan, journey, now).current_status,
          scac: shipment.scac,
          port_of_lading_name: journey.stops[0]?.port.name ?? null,
          port_of_discharge_name: journey.stops.at(-1)?.port.name ?? null,
          created_at: iso(container.createdAt),
          updated_at: iso(container.updatedAt),
        }),
      });
    }
    for (const request of found.requests) {
      if (request.shipmentId !== null && shipmentIds.has(request.shipmentId)) continue;
      results.push({
        id: request.id,
        type: 'search_result',
        attributes: searchAttributes({
          entity_type: 'tracking_request',
          number: request.requestNumber,
          shipment_id: request.shipmentId,
          ref_numbers: request.refNumbers,
          status: request.status,
          failed_reason: request.failedReason,
          scac: request.scac === '' ? null : request.scac,
          created_at: iso(request.createdAt),
          updated_at: iso(request.updatedAt),
        }),
      });
    }
    const data = results.slice(0, MAX_SEARCH_RESULTS);
    const self = new URL(c.req.url);
    const current = new URL(self);
    current.searchParams.set('page[number]', '1');
    return c.json({
      data,
      links: { self: self.toString(), current: current.toString() },
      meta: { total: data.length },
    });
  });
  return routes;
}
