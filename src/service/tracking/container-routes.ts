import { Hono } from 'hono';
import { updateContainerBody } from '../../contract/tracking.ts';
import type { Clock } from '../../domain/clock.ts';
import { ValidationError } from '../../domain/errors.ts';
import { type AccountFeatures, requireFeature } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { type RollingWindowLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/read-json.ts';
import { annotationLookups } from './annotation-lookups.ts';
import type { CustomFieldStore } from './custom-field-store.ts';
import { readAnnotationFilters } from './list-annotation-filters.ts';
import { readCodes, readContainerNumbers, readNumbers, readStopped } from './list-filters.ts';
import { isPlainQuery, readContainerQuery } from './list-query.ts';
import { scanPage } from './list-scan.ts';
import type { PartyStore } from './party-store.ts';
import type { Resource } from './resource.ts';
import type { SandboxPlayer } from './sandbox-player.ts';
import type { ContainerFilter, ContainerRecord, ShipmentRecord, TrackingStore } from './tracking-store.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

/** The upstream allows 10 refreshes per minute per key. */
export const REFRESHES_PER_MINUTE = 10;
export const REFRESH_MESSAGE = 'Started refresh for Shipping line, Terminal, Rail';

export function containerRoutes(deps: {
  store: TrackingStore;
  views: TrackingViews;
  player: SandboxPlayer;
  features: AccountFeatures;
  limiter: RollingWindowLimiter;
  clock: Clock;
  parties: PartyStore;
  fields: CustomFieldStore;
}): Hono<ServiceEnv> {
  const { store, views } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.get('/containers', async (c) => {
    const page = readPage(c);
    const includes = readIncludes(c, 'container');
    const accountId = c.get('account').id;
    const numbers = readContainerNumbers(c);
    const prefix = readNumbers(c, 'filter[search_by_number]')?.[0]?.replace(/^~/, '');
    const scacs = readCodes(c, 'filter[shipping_line_scac]');
    const tags = readCodes(c, 'filter[tag]') ?? readCodes(c, 'filter[tags]');
    const stopped = readStopped(c);
    const derived = readContainerQuery(c, deps.clock.now());
    const lookups = annotationLookups(deps.parties, deps.fields, accountId);
    const query = {
      ...derived,
      filters: [...derived.filters, ...readAnnotationFilters(c, lookups, 'container')],
    };
    const stored: ContainerFilter = {
      ...(numbers === undefined ? {} : { numbers }),
      ...(prefix === undefined ? {} : { numberPrefix: prefix }),
      ...(scacs === undefined ? {} : { scacs }),
      ...(tags === undefined ? {} : { tags }),
      ...(stopped === undefined || stopped === 'none' ? {} : { trackingStopped: stopped }),
    };
    const shipments = new Map<string, ShipmentRecord | undefined>();
    const shipmentOf = (container: ContainerRecord): ShipmentRecord | undefined => {
      if (!shipments.has(container.shipmentId))
        shipments.set(container.shipmentId, store.shipment(accountId, container.shipmentId));
      return shipments.get(container.shipmentId);
    };
    const withShipment = (records: readonly ContainerRecord[]) =>
      records.flatMap((container) => {
        const shipment = shipmentOf(container);
        return shipment === undefined ? [] : [{ seq: container.seq, container, shipment }];
      });
    let found: {
      rows: Array<{ seq: number; container: ContainerRecord; shipment: ShipmentRecord }>;
      total: number;
    };
    if (stopped === 'none') {
      found = { rows: [], total: 0 };
    } else if (isPlainQuery(query)) {
      const listed = store.listContainers(accountId, stored, page);
      found = { rows: withShipment(listed.records), total: listed.total };
    } else {
      const shipmentResources = new Map<string, Resource>();
      found = await scanPage(
        (before, limit) => withShipment(store.containerChunk(accountId, stored, before, limit)),
        ({ container, shipment }) => {
          let shipmentResource = shipmentResources.get(shipment.id);
          if (shipmentResource === undefined) {
            shipmentResource = views.shipment(shipment);
            shipmentResources.set(shipment.id, shipmentResource);
          }
          return {
            resource: views.container(container, shipment),
            shipment: shipmentResource,
            updatedAt: container.updatedAt,
            ids: { container: container.id, shipment: shipment.id, request: shipment.trackingRequestId },
          };
        },
        query,
        page,
      );
    }
    const { data, included } = views.containers(found.rows, includes);
    return c.json({
      data,
      included,
      links: listEnvelope(c, page, found.total).links,
      meta: paginationMeta(page, found.total),
    });
  });

  routes.get('/containers/:id', (c) => {
    const row = views.containerOr404(c.get('account').id, c.req.param('id'));
    const { data, included } = views.containers([row], readIncludes(c, 'container'));
    return c.json({
      data: data[0],
      ...(included.length === 0 ? {} : { included }),
      links: { self: `/v2/containers/${row.container.id}` },
    });
  });

  const updateContainer = (accountId: string, id: string, refNumbers: string[]) => {
    const { container } = views.containerOr404(accountId, id);
    store.updateContainerRefs(accountId, container.id, refNumbers);
    const row = views.containerOr404(accountId, container.id);
    return { data: views.container(row.container, row.shipment) };
  };

  routes.patch('/containers/:id', async (c) => {
    // An id the account does not have is a 404 whatever the body says, as every other PATCH here.
    views.containerOr404(c.get('account').id, c.req.param('id'));
    const { attributes } = (await readJson(c, updateContainerBody)).data;
    return c.json(updateContainer(c.get('account').id, c.req.param('id'), attributes.ref_numbers));
  });

  // The OpenAPI document puts this operation on `PATCH /containers`, the container named by `data.id`;
  // the guides use `/containers/{id}`. Both are served.
  routes.patch('/containers', async (c) => {
    const { id, attributes } = (await readJson(c, updateContainerBody)).data;
    if (id === undefined || id.trim() === '') {
      throw new ValidationError("Id can't be blank", {}, { pointer: '/data/id', code: 'blank' });
    }
    return c.json(updateContainer(c.get('account').id, id, attributes.ref_numbers));
  });

  routes.get('/containers/:id/transport_events', (c) => {
    const { container, shipment } = views.containerOr404(c.get('account').id, c.req.param('id'));
    const { data, included } = views.transportEvents(container, shipment, readIncludes(c, 'transport_event'));
    const page = readPage(c);
    return c.json({
      data: data.slice(page.offset, page.offset + page.size),
      included,
      links: listEnvelope(c, page, data.length).links,
      meta: paginationMeta(page, data.length),
    });
  });

  routes.get('/containers/:id/raw_events', (c) => {
    const { container, shipment } = views.containerOr404(c.get('account').id, c.req.param('id'));
    const includes = readIncludes(c, 'raw_event');
    return c.json({
      data: views.rawEvents(container, shipment),
      ...(includes.size > 0 ? { included: views.rawEventsIncluded(container, shipment, includes) } : {}),
    });
  });

  routes.patch(
    '/containers/:id/refresh',
    requireFeature(deps.features, 'refresh'),
    rateLimit({
      limiter: deps.limiter,
      limit: REFRESHES_PER_MINUTE,
      bucket: 'refresh',
      detail: "You've hit the refresh limit. Please try again in a minute.",
    }),
    (c) => {
      const { container, shipment } = views.containerOr404(c.get('account').id, c.req.param('id'));
      // The sandbox carrier answers at once: whatever is due is published now, by webhook.
      deps.player.playContainer(container, shipment);
      return c.json({ message: REFRESH_MESSAGE });
    },
  );

  return routes;
}
