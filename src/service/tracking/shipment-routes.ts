import { Hono } from 'hono';
import { updateShipmentBody } from '../../contract/tracking.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import type { TrackingStore } from './tracking-store.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

export function shipmentRoutes(deps: { store: TrackingStore; views: TrackingViews }): Hono<ServiceEnv> {
  const { store, views } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.get('/shipments', (c) => {
    const page = readPage(c);
    const includes = readIncludes(c, 'shipment');
    // `number` (and the older `filter[number]`) is the request's B/L or booking number, never a container's.
    const number = c.req.query('number') ?? c.req.query('filter[number]');
    const { records, total } = store.listShipments(
      c.get('account').id,
      number === undefined || number === ''
        ? {}
        : { numbers: [number.trim().toUpperCase().replace(/[\s-]/g, '')] },
      page,
    );
    const { data, included } = views.shipments(records, includes);
    const envelope = listEnvelope(c, page, total);
    return c.json({ data, included, links: envelope.links, meta: { size: page.size, total } });
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

  return routes;
}
