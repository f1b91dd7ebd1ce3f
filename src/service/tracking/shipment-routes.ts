import { Hono } from 'hono';
import { updateShipmentBody } from '../../contract/tracking.ts';
import type { Clock } from '../../domain/clock.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import type { SandboxRequests } from './sandbox-requests.ts';
import type { TrackingStore } from './tracking-store.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

export function shipmentRoutes(deps: {
  store: TrackingStore;
  views: TrackingViews;
  requests: SandboxRequests;
  clock: Clock;
}): Hono<ServiceEnv> {
  const { store, views, requests, clock } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.get('/shipments', (c) => {
    const page = readPage(c);
    const includes = readIncludes(c, 'shipment');
    // `number` (and the older `filter[number]`) is the request's B/L or booking number, never a container's.
    const number = c.req.query('number') ?? c.req.query('filter[number]');
    const stopped = c.req.query('filter[tracking_stopped]');
    const q = c.req.query('q');
    if (stopped !== undefined && stopped !== 'true' && stopped !== 'false') {
      throw new InvalidParameterError(
        'filter[tracking_stopped]',
        'filter[tracking_stopped] must be true or false',
      );
    }
    const { records, total } = store.listShipments(
      c.get('account').id,
      {
        ...(number === undefined || number === ''
          ? {}
          : { numbers: [number.trim().toUpperCase().replace(/[\s-]/g, '')] }),
        ...(stopped === undefined ? {} : { trackingStopped: stopped === 'true' }),
        // The deprecated `q`: a bill of lading, a reference number or a container number.
        ...(q === undefined || q.trim() === '' ? {} : { query: q.trim() }),
      },
      page,
    );
    const { data, included } = views.shipments(records, includes);
    return c.json({
      data,
      included,
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  routes.get('/shipments/:id', (c) => {
    const shipment = views.shipmentOr404(c.get('account').id, c.req.param('id'));
    const { data, included } = views.shipments([shipment], readIncludes(c, 'shipment'));
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
      ...(attributes.tags === undefined ? {} : { tags: [...new Set(attributes.tags)] }),
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
