import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FailureThrottle } from '../../domain/failure-throttle.ts';
import { resolveFind } from '../../domain/tracking/find-resolution.ts';
import type { AccountStore } from '../accounts/account-store.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { clientAddress } from '../http/client-address.ts';
import type { ServiceEnv } from '../http/env.ts';
import type { TrackingModule } from '../tracking/tracking-module.ts';
import type { AppQueries } from './app-queries.ts';
import type { AppSessions } from './app-session.ts';
import { documentPage, documentsPage } from './documents-page.ts';
import { isSameOrigin, pageHeaders } from './page-guards.ts';
import type { Html } from './page-layout.ts';
import { PAGE_STYLE } from './page-style.ts';
import { readRouteGeoJson } from './route-geojson.ts';
import { HOME_PATH, safeNext } from './safe-next.ts';
import { type ContainerView, shipmentPage } from './shipment-page.ts';
import { shipmentsPage } from './shipments-page.ts';
import { messagePage, signInPage } from './sign-in-page.ts';

/** Rows per page of the shipments and documents lists. */
export const APP_PAGE_SIZE = 25;
/** A sign-in form is a key and a path: anything bigger is not one. */
const MAX_FORM_BYTES = 8 * 1024;
/** What the map draws for a container without route data: no features. */
const EMPTY_ROUTE = { type: 'FeatureCollection', features: [] } as const;

/** The paths of the web app's pages: HTML for browsers, not API endpoints (the OpenAPI leaves them out). */
export const APP_PAGE_PATHS = [
  '/',
  '/sign-in',
  '/sign-out',
  '/app/link',
  '/shipments',
  '/shipments/find',
  '/shipments/:id',
  '/documents',
  '/documents/:id',
] as const;

export interface AppRoutesDeps {
  readonly accounts: Pick<AccountStore, 'get' | 'findByKey'>;
  readonly sessions: AppSessions;
  readonly queries: AppQueries;
  readonly tracking: TrackingModule;
  readonly documents: Pick<DocumentStore, 'get' | 'representation'>;
  readonly signIns: FailureThrottle;
}

const pageNumber = (c: Context): number => {
  const parsed = Number.parseInt(c.req.query('page') ?? '1', 10);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
};

const pathOf = (c: Context): string => {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
};

/**
 * The server-rendered web app at the root: sign-in (the API key once, then a session cookie) or a signed
 * link, the shipments list, the deep link `/shipments/find?q=`, a shipment with its route map, documents.
 */
export function appRoutes(deps: AppRoutesDeps): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const { sessions } = deps;
  for (const path of APP_PAGE_PATHS) app.use(path, pageHeaders(PAGE_STYLE));

  const render = async (c: Context, body: Html, status: 200 | 401 | 403 | 404 | 429 = 200) =>
    c.html(await body, status);
  const refuseCrossSite = (c: Context) =>
    render(
      c,
      messagePage({
        title: 'Refused',
        message: 'This form was not sent from this site, so it was not acted on.',
        signedIn: false,
      }),
      403,
    );

  app.get('/sign-in', (c) => render(c, signInPage({ next: safeNext(c.req.query('next')) })));
  app.post(
    '/sign-in',
    bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text('Payload Too Large', 413) }),
    async (c) => {
      if (!isSameOrigin(c)) return refuseCrossSite(c);
      const form = await c.req.parseBody();
      const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
      const address = clientAddress(c);
      const wait = deps.signIns.retryAfterSeconds(address);
      if (wait !== undefined) {
        c.header('Retry-After', String(wait));
        const minutes = Math.ceil(wait / 60);
        const error = `Too many failed sign-ins from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        return render(c, signInPage({ next, error }), 429);
      }
      const key = typeof form.api_key === 'string' ? form.api_key.trim() : '';
      const found = key === '' ? undefined : deps.accounts.findByKey(key);
      if (found === undefined) {
        deps.signIns.failed(address);
        return render(c, signInPage({ next, error: 'That API key is not valid.' }), 401);
      }
      deps.signIns.succeeded(address);
      sessions.start(c, found.account.id);
      return c.redirect(next, 303);
    },
  );
  app.post('/sign-out', async (c) => {
    if (!isSameOrigin(c)) return refuseCrossSite(c);
    sessions.end(c);
    return c.redirect('/sign-in', 303);
  });
  // A signed link (from `POST /v2/app_links`): signs the browser in to the account and opens the page.
  app.get('/app/link', async (c) => {
    const link = deps.sessions.readLink(c.req.query('token') ?? '');
    if (link === undefined || deps.accounts.get(link.accountId) === undefined) {
      return render(
        c,
        messagePage({
          title: 'Link expired',
          message: 'This link is no longer valid. Sign in with your API key.',
          signedIn: false,
        }),
        403,
      );
    }
    sessions.start(c, link.accountId);
    return c.redirect(safeNext(link.path), 303);
  });

  // Every other page needs a session; without one the browser goes to sign-in and comes back after.
  const requireSession = async (c: Context<ServiceEnv>, next: () => Promise<void>) => {
    const accountId = sessions.accountOf(c);
    const account = accountId === undefined ? undefined : deps.accounts.get(accountId);
    if (account === undefined) {
      return c.redirect(`/sign-in?next=${encodeURIComponent(safeNext(pathOf(c)))}`, 303);
    }
    c.set('account', account);
    await next();
  };
  for (const path of ['/', '/shipments', '/shipments/*', '/documents', '/documents/*'])
    app.use(path, requireSession);

  app.get('/', (c) => c.redirect(HOME_PATH, 303));

  app.get('/shipments', (c) => {
    const accountId = c.get('account').id;
    const page = pageNumber(c);
    const { store, views } = deps.tracking;
    const listed = store.listShipments(
      accountId,
      {},
      { size: APP_PAGE_SIZE, offset: (page - 1) * APP_PAGE_SIZE },
    );
    const rows = listed.records.map((shipment) => ({
      id: shipment.id,
      attributes: views.shipment(shipment).attributes,
      containers: store.containersOf(shipment.id).length,
    }));
    const query = (c.req.query('q') ?? '').trim();
    return render(c, shipmentsPage({ query, rows, page, pageSize: APP_PAGE_SIZE, total: listed.total }));
  });

  app.get('/shipments/find', (c) => {
    const outcome = resolveFind(c.req.query('q') ?? '', deps.queries.findLookup(c.get('account').id));
    if (outcome.kind === 'list') {
      return c.redirect(
        outcome.query === '' ? '/shipments' : `/shipments?q=${encodeURIComponent(outcome.query)}`,
        303,
      );
    }
    const container =
      outcome.containerId === undefined ? '' : `?container=${encodeURIComponent(outcome.containerId)}`;
    return c.redirect(`/shipments/${encodeURIComponent(outcome.shipmentId)}${container}`, 303);
  });

  app.get('/shipments/:id', (c) => {
    const accountId = c.get('account').id;
    const { store, views, journeys, clock } = deps.tracking;
    const shipment = store.shipment(accountId, c.req.param('id'));
    const notFound = () =>
      render(
        c,
        messagePage({ title: 'Not found', message: 'No such shipment in this account.', signedIn: true }),
        404,
      );
    if (shipment === undefined) return notFound();
    const records = store.containersOf(shipment.id);
    const chosen = records.find((record) => record.id === c.req.query('container')) ?? records[0];
    if (chosen === undefined) return notFound();
    const containers: ContainerView[] = records.map((record) => ({
      id: record.id,
      attributes: views.container(record, shipment).attributes,
    }));
    const now = clock.now();
    const events = journeys
      .planOf(shipment, chosen)
      .events.filter((event) => event.at <= now)
      .map((event) => ({
        at: event.at,
        event: event.event,
        location: `${event.port.name} (${event.port.locode})`,
        vessel:
          event.vessel === null
            ? null
            : `${event.vessel.name}${event.voyageNumber === null ? '' : ` ${event.voyageNumber}`}`,
      }));
    return render(
      c,
      shipmentPage({
        shipmentId: shipment.id,
        shipment: views.shipment(shipment).attributes,
        containers,
        selected: containers.find((view) => view.id === chosen.id) ?? { id: chosen.id, attributes: {} },
        events,
        // The same FeatureCollection as GET /containers/{id}/map_geojson, built in process.
        route: readRouteGeoJson(deps.tracking.routeMapOfContainer(accountId, chosen.id) ?? EMPTY_ROUTE),
      }),
    );
  });

  app.get('/documents', (c) => {
    const page = pageNumber(c);
    const listed = deps.queries.documents(c.get('account').id, {
      size: APP_PAGE_SIZE,
      offset: (page - 1) * APP_PAGE_SIZE,
    });
    return render(c, documentsPage({ ...listed, page, pageSize: APP_PAGE_SIZE }));
  });

  app.get('/documents/:id', (c) => {
    const document = deps.documents.get(c.get('account').id, c.req.param('id'));
    if (document === undefined) {
      return render(
        c,
        messagePage({ title: 'Not found', message: 'No such document in this account.', signedIn: true }),
        404,
      );
    }
    const representation =
      document.lastRepresentationId === null
        ? undefined
        : deps.documents.representation(document.lastRepresentationId);
    return render(c, documentPage(document, representation));
  });
  return app;
}
