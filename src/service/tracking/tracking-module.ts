import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type { RouteMapGeoJson } from '../../contract/route-map.ts';
import type { Clock } from '../../domain/clock.ts';
import { buildRouteMap } from '../../domain/geo/route-map.ts';
import type { SeaLegFn } from '../../domain/geo/sea-router.ts';
import { type PortCatalog, portCatalog } from '../../domain/ports/port-catalog.ts';
import type { ContainerPlan, Journey } from '../../domain/tracking/sandbox-journey.ts';
import type { SeaRouter } from '../../domain/tracking/sea-router.ts';
import type { Logger } from '../../observability/logger.ts';
import { migrate } from '../../store/database.ts';
import type { AccountFeatures } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';
import type { RollingWindowLimiter } from '../http/rate-limit.ts';
import { seaLeg as shippedSeaLeg } from '../maps/sea-legs.ts';
import { vesselPositionRoutes } from '../maps/vessel-position-routes.ts';
import type { Notifier } from '../webhooks/notifier.ts';
import { containerRoutes } from './container-routes.ts';
import { credentialRoute } from './credential-route.ts';
import { customFieldDefinitionRoutes } from './custom-field-definition-routes.ts';
import { customFieldRoutes } from './custom-field-routes.ts';
import { CustomFieldStore } from './custom-field-store.ts';
import { InitialCustomFieldsBook } from './initial-custom-fields.ts';
import { JourneyBook } from './journey-book.ts';
import { routeMapInput } from './journey-route.ts';
import { partyRoutes } from './party-routes.ts';
import { PartyStore } from './party-store.ts';
import { referenceDataRoutes } from './reference-data-routes.ts';
import { routeMapRoutes } from './route-map-routes.ts';
import { SandboxPlayer } from './sandbox-player.ts';
import { searchRoute } from './search-route.ts';
import { shipmentRoutes } from './shipment-routes.ts';
import { trackingRequestRoutes } from './tracking-request-routes.ts';
import { TrackingStore } from './tracking-store.ts';
import { TRACKING_MIGRATION_NAMESPACE, TRACKING_MIGRATIONS } from './tracking-tables.ts';
import { TrackingViews } from './tracking-views.ts';
import { vesselFixes, vesselTracks } from './vessel-fix.ts';

export interface TrackingModuleDeps {
  readonly db: DatabaseSync;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly notifier: Notifier;
  readonly features: AccountFeatures;
  readonly limiter: RollingWindowLimiter;
  /**
   * Routes a leg between two ports; by default on the shipped sea-lane network (cached per port pair). The
   * journeys' times and the route map both come from it, so a vessel sails the path the map draws.
   */
  readonly seaLeg?: SeaLegFn;
  readonly ports?: PortCatalog;
  /** How often the sandbox carrier looks for due work, in service time. */
  readonly playIntervalMs?: number;
}

export interface ContainerJourney {
  readonly journey: Journey;
  readonly plan: ContainerPlan;
}

export interface TrackingModule {
  /** Routes relative to `/v2`. */
  readonly router: Hono<ServiceEnv>;
  readonly player: SandboxPlayer;
  /** Reads for the web app's pages: the rows, the API's views of them, their journeys, and the sandbox's time. */
  readonly store: TrackingStore;
  readonly views: TrackingViews;
  readonly journeys: JourneyBook;
  readonly clock: Clock;
  /** A container's journey (ordered ports, legs with vessels and times, its milestones), for the route map. */
  journeyOfContainer(accountId: string, containerId: string): ContainerJourney | undefined;
  /** The container's route map at the sandbox carrier's now, as `GET /containers/{id}/map_geojson` answers. */
  routeMapOfContainer(accountId: string, containerId: string): RouteMapGeoJson | undefined;
  /**
   * The resource a tracking notification is about, for delivery and `include=reference_object`. Milestone
   * and change events never go away once published, so they answer with their identifier.
   */
  findReference(accountId: string, type: string, id: string): unknown;
  start(): void;
  stop(): void;
}

/** Tracking requests, shipments, containers, ports, terminals, vessels and search, played by the sandbox carrier. */
export function createTrackingModule(deps: TrackingModuleDeps): TrackingModule {
  migrate(deps.db, TRACKING_MIGRATION_NAMESPACE, TRACKING_MIGRATIONS);
  const ports = deps.ports ?? portCatalog();
  const store = new TrackingStore(deps.db, deps.clock);
  const parties = new PartyStore(deps.db, deps.clock);
  const fields = new CustomFieldStore(deps.db, deps.clock);
  const initialFields = new InitialCustomFieldsBook(deps.db, fields);
  const seaLeg = deps.seaLeg ?? shippedSeaLeg;
  const seaRouter: SeaRouter = { leg: seaLeg };
  const journeys = new JourneyBook({ ports, router: seaRouter });
  const views = new TrackingViews({ store, journeys, ports, clock: deps.clock, parties });
  const entityOr404 = views.entityOr404.bind(views);
  const player = new SandboxPlayer({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'sandbox-carrier' }),
    store,
    journeys,
    ports,
    notifier: deps.notifier,
    onShipmentCreated: (shipment, containers) => {
      initialFields.apply(shipment, containers);
      parties.copyRequestRoles(shipment.accountId, shipment.trackingRequestId, shipment.id);
    },
    ...(deps.playIntervalMs === undefined ? {} : { intervalMs: deps.playIntervalMs }),
  });
  const router = new Hono<ServiceEnv>();
  router.route('/', trackingRequestRoutes({ store, views, parties, initialFields, limiter: deps.limiter }));
  router.route('/', partyRoutes({ parties, entityOr404 }));
  router.route('/', customFieldDefinitionRoutes({ fields }));
  router.route('/', customFieldRoutes({ fields, entityOr404 }));
  router.route(
    '/',
    shipmentRoutes({ store, views, requests: player.requests, clock: deps.clock, parties, fields }),
  );
  router.route(
    '/',
    containerRoutes({
      store,
      views,
      player,
      features: deps.features,
      limiter: deps.limiter,
      clock: deps.clock,
      parties,
      fields,
    }),
  );
  router.route('/', routeMapRoutes({ views, journeys, features: deps.features, clock: deps.clock, seaLeg }));
  router.route(
    '/',
    referenceDataRoutes({
      ports,
      positionOf: vesselFixes({ store, journeys, features: deps.features, clock: deps.clock }),
      trackOf: vesselTracks({ store, journeys, clock: deps.clock }),
      features: deps.features,
      clock: deps.clock,
    }),
  );
  router.route('/', credentialRoute({ features: deps.features }));
  router.route('/', vesselPositionRoutes({ ports, features: deps.features, clock: deps.clock, seaLeg }));
  router.route('/', searchRoute({ store, journeys, clock: deps.clock }));
  return {
    router,
    player,
    store,
    views,
    journeys,
    clock: deps.clock,
    journeyOfContainer: (accountId, containerId) => {
      const container = store.container(accountId, containerId);
      const shipment = container === undefined ? undefined : store.shipment(accountId, container.shipmentId);
      if (container === undefined || shipment === undefined) return undefined;
      return { journey: journeys.of(shipment), plan: journeys.planOf(shipment, container) };
    },
    routeMapOfContainer: (accountId, containerId) => {
      const container = store.container(accountId, containerId);
      const shipment = container === undefined ? undefined : store.shipment(accountId, container.shipmentId);
      if (shipment === undefined) return undefined;
      const now = deps.clock.now();
      return buildRouteMap(routeMapInput(journeys.of(shipment), shipment, now), new Date(now), seaLeg);
    },
    findReference: (accountId, type, id) => {
      if (type === 'tracking_request') {
        const request = store.request(accountId, id);
        return request === undefined ? undefined : views.trackingRequests([request], new Set()).data[0];
      }
      return type === 'transport_event' || type === 'container_updated_event' ? { id, type } : undefined;
    },
    start: () => player.start(),
    stop: () => player.stop(),
  };
}
