import { type Context, Hono } from 'hono';
import { updateShipmentBody } from '../../contract/tracking.ts';
import type { Clock } from '../../domain/clock.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import { annotationLookups } from './annotation-lookups.ts';
import type { CustomFieldStore } from './custom-field-store.ts';
import { readAnnotationFilters } from './list-annotation-filters.ts';
import { readCodes, readShipmentNumbers, readStopped } from './list-filters.ts';
import { isPlainQuery, readShipmentQuery } from './list-query.ts';
import { scanPage } from './list-scan.ts';
import type { PartyStore } from './party-store.ts';
import type { SandboxRequests } from './sandbox-requests.ts';
import type { ShipmentFilter, ShipmentRecord, TrackingStore } from './tracking-store.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

/** `flag[parties]=true`: each shipment gets its `party_roles` relationship (upstream's Parties guide). */
const partyRolesFlag = (c: Context): boolean => c.req.query('flag[parties]') === 'true';

export function shipmentRoutes(deps: {
  store: TrackingStore;
  views: TrackingViews;
  requests: SandboxRequests;
  clock: Clock;
  parties: PartyStore;
  fields: CustomFieldStore;
}): Hono<ServiceEnv> {
  const { store, views, requests, clock } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.get('/shipments', async (c) => {
    const page = readPage(c);
    const includes = readIncludes(c, 'shipment');
    const accountId = c.get('account').id;
    // `number` (and `filter[number]`) is the request's B/L or booking number, never a container's.
    const numbers = readShipmentNumbers(c);
    const stopped = readStopped(c);
    // The deprecated `q` (and `filter[q]`): a bill of lading, a reference number or a container number.
    const q = (c.req.query('filter[q]') ?? c.req.query('q'))?.trim();
    // The list-filter reference: a blank top-level `q` is a 400 upstream.
    if (c.req.query('filter[q]') === undefined && c.req.query('q')?.trim() === '') {
      throw new InvalidParameterError('q', 'q must not be blank; leave it out to list every shipment');
    }
    const tags = readCodes(c, 'filter[tag]') ?? readCodes(c, 'filter[tags]');
    const derived = readShipmentQuery(c, clock.now());
    const lookups = annotationLookups(deps.parties, deps.fields, accountId);
    const query = {
      ...derived,
      filters: [...derived.filters, ...readAnnotationFilters(c, lookups, 'shipment')],
    };
    const stored: ShipmentFilter = {
      ...(numbers === undefined ? {} : { numbers }),
      ...(stopped === undefined || stopped === 'none' ? {} : { trackingStopped: stopped }),
      ...(q === undefined || q === '' ? {} : { query: q }),
      ...(tags === undefined ? {} : { tags }),
    };
    let found: { records: ShipmentRecord[]; total: number };
    if (stopped === 'none') {
      found = { records: [], total: 0 };
    } else if (isPlainQuery(query)) {
      found = store.listShipments(accountId, stored, page);
    } else {
      const scanned = await scanPage(
        (before, limit) => store.shipmentChunk(accountId, stored, before, limit),
        (shipment) => {
          const resource = views.shipment(shipment);
          return {
            resource,
            shipment: resource,
            updatedAt: shipment.updatedAt,
            ids: { shipment: shipment.id, request: shipment.trackingRequestId },
          };
        },
        query,
        page,
      );
      found = { records: scanned.rows, total: scanned.total };
    }
    const { data, included } = views.shipments(found.records, includes, { partyRoles: partyRolesFlag(c) });
    return c.json({
      data,
      included,
      links: listEnvelope(c, page, found.total).links,
      meta: paginationMeta(page, found.total),
    });
  });

  routes.get('/shipments/:id', (c) => {
    const shipment = views.shipmentOr404(c.get('account').id, c.req.param('id'));
    const { data, included } = views.shipments([shipment], readIncludes(c, 'shipment'), {
      partyRoles: partyRolesFlag(c),
    });
    return c.json({
      data: data[0],
      ...(included.length === 0 ? {} : { included }),
      links: { self: `/v2/shipments/${shipment.id}` },
    });
  });

  routes.patch('/shipments/:id', async (c) => {
    const accountId = c.get('account').id;
    const shipment = views.shipmentOr404(accountId, c.req.param('id'));
    const { attributes } = (await readJson(c, updateShipmentBody)).data;
    store.updateShipmentRefs(accountId, shipment.id, {
      ...(attributes.ref_numbers === undefined ? {} : { refNumbers: attributes.ref_numbers }),
      ...((attributes.tags ?? attributes.shipment_tags) === undefined
        ? {}
        : { tags: [...new Set(attributes.tags ?? attributes.shipment_tags)] }),
    });
    return c.json({ data: views.shipment(views.shipmentOr404(accountId, shipment.id)) });
  });

  // Manual stop and resume act on all the shipment's containers (reference §3.2).
  for (const [action, stop] of [
    ['stop_tracking', true],
    ['resume_tracking', false],
  ] as const) {
    routes.patch(`/shipments/:id/${action}`, (c) => {
      const accountId = c.get('account').id;
      const shipment = views.shipmentOr404(accountId, c.req.param('id'));
      if (stop === (shipment.trackingStoppedAt === null)) {
        const now = clock.now();
        requests.setTrackingStopped(shipment, stop ? now : null, now);
      }
      return c.json({ data: views.shipment(views.shipmentOr404(accountId, shipment.id)) });
    });
  }

  return routes;
}
