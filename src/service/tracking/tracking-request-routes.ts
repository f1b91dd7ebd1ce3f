import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  CREATE_ROLE_RELATIONSHIPS,
  createTrackingRequestBody,
  updateTrackingRequestBody,
} from '../../contract/tracking.ts';
import { InvalidParameterError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { type RollingWindowLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/read-json.ts';
import type { InitialCustomFieldsBook } from './initial-custom-fields.ts';
import { knownCarrierName } from './known-carriers.ts';
import type { PartyStore } from './party-store.ts';
import { normalizeRequestNumber } from './request-number.ts';
import type { TrackingStore } from './tracking-store.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

/** The upstream's own bucket for creating tracking requests: 100 per minute per key. */
export const CREATE_TRACKING_REQUESTS_PER_MINUTE = 100;

const scacError = (detail: string, code: 'blank' | 'invalid'): ValidationError =>
  new ValidationError(detail, {}, { pointer: '/data/attributes/scac', code });

function readTime(c: Context, parameter: string): number | undefined {
  const raw = c.req.query(parameter);
  if (raw === undefined || raw === '') return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms))
    throw new InvalidParameterError(parameter, `${parameter} must be an ISO 8601 date or time`);
  return ms;
}

const optional = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;

export function trackingRequestRoutes(deps: {
  store: TrackingStore;
  views: TrackingViews;
  parties: PartyStore;
  initialFields: InitialCustomFieldsBook;
  limiter: RollingWindowLimiter;
}): Hono<ServiceEnv> {
  const { store, views } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.post(
    '/tracking_requests',
    rateLimit({
      limiter: deps.limiter,
      limit: CREATE_TRACKING_REQUESTS_PER_MINUTE,
      bucket: 'tracking-requests',
      detail: "You've hit the create tracking requests limit. Please try again in a minute.",
    }),
    async (c) => {
      const { attributes, relationships } = (await readJson(c, createTrackingRequestBody)).data;
      const accountId = c.get('account').id;
      const scac = (attributes.scac ?? '').trim().toUpperCase();
      if (attributes.request_number.trim() === '') {
        throw new ValidationError(
          "Request number can't be blank",
          {},
          { pointer: '/data/attributes/request_number', code: 'blank' },
        );
      }
      // With `auto_detect_vocc_scac` the SCAC may be left out: the request is pending without one, and the
      // sandbox carrier infers it when it answers (or fails it with `scac_auto_detect_failed`).
      const autoDetect = attributes.auto_detect_vocc_scac === true && scac === '';
      if (scac === '' && !autoDetect) throw scacError("Scac can't be blank", 'blank');
      if (!autoDetect && knownCarrierName(scac) === undefined)
        throw scacError(`Scac '${scac}' is not recognized`, 'invalid');
      const requestNumber = normalizeRequestNumber(attributes.request_type, attributes.request_number, scac);
      const customerId = relationships?.customer?.data?.id;
      const customer = customerId === undefined ? undefined : deps.parties.party(accountId, customerId);
      if (customerId !== undefined && customer === undefined) {
        throw new ValidationError(
          `Customer '${customerId}' is not a party of this account`,
          {},
          { pointer: '/data/relationships/customer/data/id', code: 'invalid' },
        );
      }
      const roles = CREATE_ROLE_RELATIONSHIPS.flatMap((role) => {
        const partyId = relationships?.[role]?.data?.id;
        if (partyId === undefined) return [];
        const party = deps.parties.party(accountId, partyId);
        if (party === undefined) {
          throw new ValidationError(
            `Party '${partyId}' is not a party of this account`,
            {},
            { pointer: `/data/relationships/${role}/data/id`, code: 'invalid' },
          );
        }
        return [{ role, partyId: party.id }];
      });
      const initial = attributes.initial_custom_fields ?? undefined;
      if (initial !== undefined) deps.initialFields.check(accountId, initial);
      const record = store.createRequest(
        {
          accountId,
          requestType: attributes.request_type,
          requestNumber,
          scac,
          refNumbers: attributes.ref_numbers ?? [],
          shipmentTags: attributes.shipment_tags ?? [],
        },
        (created) => {
          if (initial !== undefined) deps.initialFields.keep(created.id, initial);
          // The shipment reads its customer from the request until one is set on it (TrackingViews.shipment).
          if (customer !== undefined) {
            deps.parties.assign(accountId, {
              partyId: customer.id,
              role: 'customer',
              entityType: 'tracking_request',
              entityId: created.id,
            });
          }
          // The other roles wait on the request and are copied to its shipment when the carrier answers.
          for (const { role, partyId } of roles) {
            deps.parties.assign(accountId, {
              partyId,
              role,
              entityType: 'tracking_request',
              entityId: created.id,
            });
          }
        },
      );
      const { data } = views.trackingRequests([record], new Set());
      return c.json({ data: data[0], links: { self: `/v2/tracking_requests/${record.id}` } }, 201);
    },
  );

  routes.get('/tracking_requests', (c) => {
    const page = readPage(c);
    const includes = readIncludes(c, 'tracking_request', ['tracked_object']);
    const { records, total } = store.listRequests(
      c.get('account').id,
      {
        ...(optional(c.req.query('filter[request_number]')) === undefined
          ? {}
          : { requestNumber: c.req.query('filter[request_number]')?.toUpperCase() }),
        ...(optional(c.req.query('filter[status]')) === undefined
          ? {}
          : { status: c.req.query('filter[status]') }),
        ...(optional(c.req.query('filter[scac]')) === undefined
          ? {}
          : { scac: c.req.query('filter[scac]')?.toUpperCase() }),
        // The upstream MCP server's list_tracking_requests maps its request_type argument here.
        ...(optional(c.req.query('filter[request_type]')) === undefined
          ? {}
          : {
              requestType: c.req
                .query('filter[request_type]')
                ?.trim()
                .replace(/^booking$/, 'booking_number'),
            }),
        ...(optional(c.req.query('q')) === undefined ? {} : { query: c.req.query('q')?.trim() }),
        ...dropUndefined({
          createdFrom: readTime(c, 'filter[created_at][start]'),
          createdTo: readTime(c, 'filter[created_at][end]'),
          updatedFrom: readTime(c, 'filter[updated_at][start]'),
          updatedTo: readTime(c, 'filter[updated_at][end]'),
        }),
      },
      page,
    );
    const { data, included } = views.trackingRequests(records, includes);
    return c.json({
      data,
      included,
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  routes.get('/tracking_requests/:id', (c) => {
    const id = c.req.param('id');
    // As the list: `tracked_object` is included unless `include` names others (the OpenAPI says so).
    const includes = readIncludes(c, 'tracking_request', ['tracked_object']);
    const record = store.request(c.get('account').id, id);
    if (record === undefined) throw new NotFoundError('TrackingRequest', id);
    const { data, included } = views.trackingRequests([record], includes);
    return c.json({
      data: data[0],
      ...(included.length === 0 ? {} : { included }),
      links: { self: `/v2/tracking_requests/${id}` },
    });
  });

  routes.patch('/tracking_requests/:id', async (c) => {
    const id = c.req.param('id');
    const accountId = c.get('account').id;
    // The request is found before the body is read: an unknown id is a 404 whatever the body says.
    const record = store.request(accountId, id);
    if (record === undefined) throw new NotFoundError('TrackingRequest', id);
    const { attributes } = (await readJson(c, updateTrackingRequestBody)).data;
    const updated =
      attributes.ref_number === undefined || record.refNumbers.includes(attributes.ref_number)
        ? record
        : store.updateRequestRefs(accountId, id, [...record.refNumbers, attributes.ref_number]);
    const { data } = views.trackingRequests([updated], new Set());
    return c.json({ data: data[0] });
  });

  return routes;
}

function dropUndefined<T extends Record<string, number | undefined>>(values: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: number;
  };
}
