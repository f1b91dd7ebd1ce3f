import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of the tracking API for unit tests of the typed client and the MCP views: recorded JSON:API
 * bodies shaped like the upstream reference (docs/openapi.json and the SDK's live fixtures), checking
 * `Authorization: Token <key>` like the API, and able to fail a path with any status or to hang, so every
 * branch of the error mapping can be reached. Integration and e2e tests use the real local service.
 */

export const FAKE_KEY = 'fake-tracking-key-1';
export const SHIPMENT_ID = '6f1c1a8e-2d3b-4c5d-9e0f-111111111111';
export const CONTAINER_ID = '0c6f0b9a-7b8c-4d2e-8f10-222222222222';
export const CONTAINER_NUMBER = 'MSCU1234565';
export const BILL_OF_LADING = 'MEDUFK123456';
export const TRACKING_REQUEST_ID = 'a3b2c1d0-5e6f-4a7b-8c9d-333333333333';
const POD_ID = '9a8b7c6d-0000-4000-8000-444444444444';
const POL_ID = '9a8b7c6d-0000-4000-8000-555555555555';
const TERMINAL_ID = '9a8b7c6d-0000-4000-8000-666666666666';
const VESSEL_ID = '9a8b7c6d-0000-4000-8000-777777777777';

export interface FakeFailure {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

export interface FakeTrackingApi {
  /** `http://127.0.0.1:<port>/v2` */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Answer every request whose path starts with `pathPrefix` (after /v2) with this failure. */
  fail(pathPrefix: string, failure: FakeFailure): void;
  /** Never answer requests whose path starts with `pathPrefix`. */
  hang(pathPrefix: string): void;
  /** Accounts with the paid "Routing Data" feature get the route; others a 403. */
  routingEnabled: boolean;
  reset(): void;
  close(): Promise<void>;
}

const iso = (days: number, from: number) => new Date(from + days * 86_400_000).toISOString();

const port = (id: string, code: string, name: string) => ({
  id,
  type: 'port',
  attributes: {
    id,
    name,
    code,
    state_abbr: null,
    city: name,
    country_code: code.slice(0, 2),
    latitude: '53.5',
    longitude: '9.9',
    time_zone: 'Europe/Berlin',
  },
});

export const fixtures = (now = Date.now()) => {
  const shipment = {
    id: SHIPMENT_ID,
    type: 'shipment',
    attributes: {
      bill_of_lading_number: BILL_OF_LADING,
      normalized_number: BILL_OF_LADING,
      ref_numbers: ['PO-4711'],
      tags: [],
      created_at: iso(-20, now),
      shipping_line_scac: 'MSCU',
      shipping_line_name: 'Mediterranean Shipping Company',
      shipping_line_short_name: 'MSC',
      customer_name: 'Acme Imports',
      port_of_lading_locode: 'CNSHA',
      port_of_lading_name: 'Shanghai',
      port_of_discharge_locode: 'USLAX',
      port_of_discharge_name: 'Los Angeles',
      destination_locode: null,
      destination_name: null,
      pod_vessel_name: 'MSC AURORA',
      pod_vessel_imo: '9876543',
      pod_voyage_number: '123W',
      pol_etd_at: iso(-18, now),
      pol_atd_at: iso(-18, now),
      pod_eta_at: iso(-2, now),
      pod_original_eta_at: iso(-4, now),
      pod_ata_at: iso(-2, now),
      destination_eta_at: null,
      destination_ata_at: null,
      pol_timezone: 'Asia/Shanghai',
      pod_timezone: 'America/Los_Angeles',
      destination_timezone: null,
      line_tracking_last_attempted_at: iso(0, now),
      line_tracking_last_succeeded_at: iso(0, now),
      line_tracking_stopped_at: null,
      line_tracking_stopped_reason: null,
    },
    relationships: {
      port_of_lading: { data: { id: POL_ID, type: 'port' } },
      port_of_discharge: { data: { id: POD_ID, type: 'port' } },
      pod_terminal: { data: { id: TERMINAL_ID, type: 'terminal' } },
      destination: { data: null },
      destination_terminal: { data: null },
      containers: { data: [{ id: CONTAINER_ID, type: 'container' }] },
    },
    links: { self: `/v2/shipments/${SHIPMENT_ID}` },
  };
  const container = {
    id: CONTAINER_ID,
    type: 'container',
    attributes: {
      number: CONTAINER_NUMBER,
      ref_numbers: ['PO-4711'],
      seal_number: 'SL123',
      created_at: iso(-20, now),
      equipment_type: 'dry',
      equipment_length: 40,
      equipment_height: 'high_cube',
      weight_in_lbs: 22000,
      pickup_lfd: iso(2, now),
      pickup_appointment_at: null,
      availability_known: true,
      available_for_pickup: false,
      pod_arrived_at: iso(-2, now),
      pod_discharged_at: iso(-1, now),
      pod_full_out_at: null,
      pod_full_out_chassis_number: null,
      location_at_pod_terminal: 'Yard B-12',
      terminal_checked_at: iso(0, now),
      final_destination_full_out_at: null,
      empty_terminated_at: null,
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'CBP exam' }],
      fees_at_pod_terminal: [{ type: 'demurrage', amount: 150, currency_code: 'USD' }],
      pod_timezone: 'America/Los_Angeles',
      final_destination_timezone: null,
      empty_terminated_timezone: null,
      pod_rail_carrier_scac: null,
      ind_rail_carrier_scac: null,
      pod_rail_loaded_at: null,
      pod_rail_departed_at: null,
      ind_eta_at: null,
      ind_ata_at: null,
      ind_rail_unloaded_at: null,
      import_deadlines: { pickup_lfd_terminal: iso(2, now), pickup_lfd_rail: null, pickup_lfd_line: null },
      current_status: 'not_available',
    },
    relationships: {
      shipment: { data: { id: SHIPMENT_ID, type: 'shipment' } },
      pod_terminal: { data: { id: TERMINAL_ID, type: 'terminal' } },
      pickup_facility: { data: null },
      transport_events: { data: [] },
    },
  };
  const terminal = {
    id: TERMINAL_ID,
    type: 'terminal',
    attributes: { id: TERMINAL_ID, name: 'Pier 400', nickname: 'APMT', firms_code: 'Y258' },
    relationships: { port: { data: { id: POD_ID, type: 'port' } } },
  };
  const event = (n: number, name: string, days: number, locationId: string, locode: string) => ({
    id: `e0000000-0000-4000-8000-00000000000${n}`,
    type: 'transport_event',
    attributes: {
      event: name,
      created_at: iso(days, now),
      voyage_number: '123W',
      timestamp: iso(days, now),
      timezone: 'UTC',
      location_locode: locode,
      data_source: 'shipping_line',
    },
    relationships: {
      shipment: { data: { id: SHIPMENT_ID, type: 'shipment' } },
      container: { data: { id: CONTAINER_ID, type: 'container' } },
      vessel: { data: null },
      location: { data: { id: locationId, type: 'port' } },
      terminal: { data: null },
    },
  });
  const events = [
    event(1, 'container.transport.vessel_loaded', -19, POL_ID, 'CNSHA'),
    event(2, 'container.transport.vessel_departed', -18, POL_ID, 'CNSHA'),
    event(3, 'container.transport.vessel_arrived', -2, POD_ID, 'USLAX'),
    event(4, 'container.transport.vessel_discharged', -1, POD_ID, 'USLAX'),
  ];
  const ports = [port(POL_ID, 'CNSHA', 'Shanghai'), port(POD_ID, 'USLAX', 'Los Angeles')];
  const route = {
    data: {
      id: 'r0000000-0000-4000-8000-000000000001',
      type: 'route',
      attributes: { created_at: iso(-20, now), updated_at: iso(0, now) },
      relationships: {
        cargo: { data: { id: CONTAINER_ID, type: 'container' } },
        route_locations: {
          data: [
            { id: 'l0000000-0000-4000-8000-000000000001', type: 'route_location' },
            { id: 'l0000000-0000-4000-8000-000000000002', type: 'route_location' },
          ],
        },
      },
    },
    included: [
      {
        id: 'l0000000-0000-4000-8000-000000000001',
        type: 'route_location',
        attributes: {
          outbound_scac: 'MSCU',
          outbound_mode: 'vessel',
          outbound_etd_at: iso(-18, now),
          outbound_atd_at: iso(-18, now),
          outbound_voyage_number: '123W',
        },
        relationships: {
          location: { data: { id: POL_ID, type: 'port' } },
          outbound_vessel: { data: { id: VESSEL_ID, type: 'vessel' } },
          inbound_vessel: { data: null },
        },
      },
      {
        id: 'l0000000-0000-4000-8000-000000000002',
        type: 'route_location',
        attributes: {
          inbound_scac: 'MSCU',
          inbound_mode: 'vessel',
          inbound_eta_at: iso(-2, now),
          inbound_ata_at: iso(-2, now),
          inbound_voyage_number: '123W',
        },
        relationships: {
          location: { data: { id: POD_ID, type: 'port' } },
          inbound_vessel: { data: { id: VESSEL_ID, type: 'vessel' } },
          outbound_vessel: { data: null },
        },
      },
      ...ports,
      { id: VESSEL_ID, type: 'vessel', attributes: { name: 'MSC AURORA', imo: '9876543' } },
    ],
  };
  const shippingLine = (scac: string, name: string, shortName: string | null) => ({
    id: `${scac.toLowerCase()}0000-0000-4000-8000-000000000000`,
    type: 'shipping_line',
    attributes: {
      scac,
      name,
      short_name: shortName,
      alternative_scacs: [],
      bill_of_lading_tracking_support: true,
      booking_number_tracking_support: true,
      container_number_tracking_support: scac !== 'HDMU',
    },
  });
  const shippingLines = [
    shippingLine('MSCU', 'Mediterranean Shipping Company', 'MSC'),
    shippingLine('MAEU', 'Maersk', 'Maersk'),
    shippingLine('HDMU', 'Hyundai Merchant Marine', 'HMM'),
    shippingLine('TEST', 'T49 Test Carrier', null),
  ];
  const trackingRequest = {
    id: TRACKING_REQUEST_ID,
    type: 'tracking_request',
    attributes: {
      request_number: BILL_OF_LADING,
      request_type: 'bill_of_lading',
      scac: 'MSCU',
      ref_numbers: ['PO-4711'],
      shipment_tags: [],
      status: 'created',
      failed_reason: null,
      is_retrying: false,
      retry_count: null,
      created_at: iso(-20, now),
      updated_at: iso(-20, now),
    },
    relationships: {
      tracked_object: { data: { id: SHIPMENT_ID, type: 'shipment' } },
      customer: { data: null },
    },
    links: { self: `/v2/tracking_requests/${TRACKING_REQUEST_ID}` },
  };
  return { shipment, container, terminal, events, ports, route, shippingLines, trackingRequest };
};

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/vnd.api+json', ...headers });
  res.end(JSON.stringify(body));
};

const notFound = { errors: [{ status: '404', title: 'Not Found' }] };

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
};

const list = (base: string, data: unknown[], included?: unknown[]) => ({
  data,
  ...(included ? { included } : {}),
  links: { self: base, current: base },
  meta: { size: data.length, total: data.length },
});

/** Starts the stand-in on a free loopback port. */
export const startFakeTrackingApi = async (options: { key?: string } = {}): Promise<FakeTrackingApi> => {
  const key = options.key ?? FAKE_KEY;
  const failures = new Map<string, FakeFailure>();
  const hanging = new Set<string>();
  const requests: RecordedRequest[] = [];
  let created:
    | {
        id: string;
        attributes: { request_number: string; request_type: string; scac: string; status: string };
        relationships: unknown;
      }
    | undefined;
  const api = { routingEnabled: true };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      url: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
      body,
    });
    if (req.headers.authorization !== `Token ${key}`) {
      return send(res, 401, {
        errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
      });
    }
    if (!url.pathname.startsWith('/v2/')) return send(res, 404, notFound);
    const path = url.pathname.slice(3);
    for (const prefix of hanging) if (path.startsWith(prefix)) return;
    for (const [prefix, failure] of failures) {
      if (path.startsWith(prefix)) {
        return send(
          res,
          failure.status,
          failure.body ?? { errors: [{ status: String(failure.status), title: 'Error' }] },
          failure.headers,
        );
      }
    }
    const f = fixtures();
    const include = new Set((url.searchParams.get('include') ?? '').split(',').filter(Boolean));
    const containerPath = `/containers/${CONTAINER_ID}`;
    const m = `${req.method} ${path}`;
    if (m === 'GET /search') {
      const q = (url.searchParams.get('query') ?? '').toUpperCase();
      if (!q) return send(res, 400, { errors: [{ detail: 'Query parameter is required' }] });
      const hits = [];
      if (BILL_OF_LADING.includes(q) || q === 'PO-4711')
        hits.push({
          id: SHIPMENT_ID,
          type: 'search_result',
          attributes: {
            entity_type: 'shipment',
            number: BILL_OF_LADING,
            shipment_id: null,
            scac: 'MSCU',
            port_of_lading_name: 'Shanghai',
            port_of_discharge_name: 'Los Angeles',
            containers_count: 1,
            tracking_stopped: false,
            status: null,
            ref_numbers: ['PO-4711'],
            created_at: f.shipment.attributes.created_at,
          },
        });
      if (CONTAINER_NUMBER.includes(q) || q === 'PO-4711')
        hits.push({
          id: CONTAINER_ID,
          type: 'search_result',
          attributes: {
            entity_type: 'cargo',
            number: CONTAINER_NUMBER,
            shipment_id: SHIPMENT_ID,
            scac: 'MSCU',
            status: 'not_available',
            ref_numbers: ['PO-4711'],
            created_at: f.container.attributes.created_at,
          },
        });
      if (created && created.attributes.request_number === q)
        hits.push({
          id: created.id,
          type: 'search_result',
          attributes: {
            entity_type: 'tracking_request',
            number: q,
            shipment_id: null,
            scac: created.attributes.scac,
            status: created.attributes.status,
            request_type: created.attributes.request_type,
            failed_reason: null,
          },
        });
      return send(res, 200, { data: hits, links: { self: `/v2/search?query=${q}` } });
    }
    if (m === `GET ${containerPath}`) {
      const included: unknown[] = [];
      if (include.has('shipment')) included.push(f.shipment);
      if (include.has('pod_terminal')) included.push(f.terminal);
      if (include.has('transport_events')) included.push(...f.events, ...f.ports);
      return send(res, 200, { data: f.container, included, links: { self: `/v2${containerPath}` } });
    }
    if (m === `GET ${containerPath}/transport_events`)
      return send(res, 200, list(`/v2${path}`, f.events, f.ports));
    if (m === `GET ${containerPath}/route`) {
      if (!api.routingEnabled)
        return send(res, 403, {
          errors: [
            {
              status: '403',
              title: 'Forbidden',
              detail: 'Routing data feature is not enabled for this account',
            },
          ],
        });
      return send(res, 200, f.route);
    }
    if (m === 'GET /containers')
      return send(
        res,
        200,
        list('/v2/containers', [f.container], include.has('shipment') ? [f.shipment] : undefined),
      );
    if (m === `GET /shipments/${SHIPMENT_ID}`)
      return send(res, 200, { data: f.shipment, included: include.has('containers') ? [f.container] : [] });
    if (m === 'GET /shipments')
      return send(
        res,
        200,
        list('/v2/shipments', [f.shipment], include.has('containers') ? [f.container] : undefined),
      );
    if (m === 'GET /shipping_lines')
      return send(res, 200, { data: f.shippingLines, links: { self: '/v2/shipping_lines' } });
    if (m === 'GET /tracking_requests')
      return send(
        res,
        200,
        list('/v2/tracking_requests', [f.trackingRequest, ...(created ? [created] : [])]),
      );
    if (m === 'POST /tracking_requests/infer_number') {
      const number = String((body as { number?: string } | undefined)?.number ?? '');
      if (!/^[A-Z]{4}\d{7}$/.test(number))
        return send(res, 422, { errors: [{ status: '422', detail: 'This reference number is not valid.' }] });
      return send(res, 200, {
        data: {
          id: 'req_1',
          type: 'infer_number_results',
          attributes: {
            number_type: 'container',
            validation: {
              is_valid: true,
              type: 'container',
              check_digit_passed: true,
              parsed_number: null,
              reason: null,
            },
            shipping_line: {
              decision: 'auto_select',
              selected: { scac: 'MAEU', name: 'Maersk', confidence: 0.99 },
              candidates: [{ scac: 'MAEU', name: 'Maersk', confidence: 0.99 }],
            },
          },
        },
      });
    }
    if (m === 'POST /tracking_requests') {
      const attributes = (body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      if (!attributes.scac)
        return send(res, 422, {
          errors: [
            {
              status: '422',
              source: { pointer: '/data/attributes/scac' },
              title: 'Unprocessable Entity',
              detail: "Scac can't be blank",
              code: 'blank',
            },
          ],
        });
      created = {
        ...f.trackingRequest,
        id: 'b0000000-0000-4000-8000-000000000009',
        attributes: {
          ...f.trackingRequest.attributes,
          request_number: String(attributes.request_number),
          request_type: String(attributes.request_type),
          scac: String(attributes.scac),
          status: 'pending',
        },
        relationships: {
          tracked_object: { data: null as unknown as { id: string; type: string } },
          customer: { data: null },
        },
      };
      return send(res, 201, { data: created });
    }
    return send(res, 404, notFound);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      send(res, 500, { errors: [{ status: '500', title: 'Internal Server Error' }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return Object.assign(api, {
    baseUrl: `http://127.0.0.1:${listening}/v2`,
    requests,
    fail: (prefix: string, failure: FakeFailure) => void failures.set(prefix, failure),
    hang: (prefix: string) => void hanging.add(prefix),
    reset() {
      failures.clear();
      hanging.clear();
      requests.length = 0;
      api.routingEnabled = true;
      created = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};
