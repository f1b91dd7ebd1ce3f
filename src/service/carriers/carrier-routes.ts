import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  type InferNumberResponse,
  inferNumberRequest,
  type ShippingLineResource,
} from '../../contract/carriers.ts';
import type { Carrier, CarrierCatalog } from '../../domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../domain/carriers/infer-number.ts';
import type { ServiceEnv } from '../http/env.ts';
import { readIncludeParam } from '../http/include-param.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { type RollingWindowLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/read-json.ts';

export const INFER_NUMBER_PATH = '/tracking_requests/infer_number';
/** The upstream gives infer_number its own bucket of 200 requests per key per minute (reference §0). */
export const INFER_NUMBER_LIMIT_PER_MINUTE = 200;
const INFER_NUMBER_LIMIT_DETAIL = 'Rate limit exceeded';
const INVALID_NUMBER_DETAIL = 'This reference number is not valid.';
/** The name the upstream's 400 gives an include on shipping lines, which relate to nothing. */
const SHIPPING_LINE_SERIALIZER = 'ShippingLineSerializer';

/**
 * The upstream's 422 for a number it cannot read, word for word, with why in `meta.reason` (`an air waybill
 * number, not a reference`, `several references`): a client can tell junk from a typo without guessing.
 */
const unreadableNumber = (reason: string): HttpProblem =>
  new HttpProblem(422, 'Unprocessable Entity', INVALID_NUMBER_DETAIL, {
    code: 'invalid',
    pointer: '/number',
    meta: { reason },
  });

/** `METHOD /v2/path` of the routes here that have a rate-limit bucket of their own. */
export const CARRIER_OWN_RATE_LIMITS: ReadonlySet<string> = new Set([`POST /v2${INFER_NUMBER_PATH}`]);

/**
 * A `shipping_line` resource with every attribute the upstream sends (spec, live fixture, and the
 * `bol_prefix` its SDK reads). The carrier data holds no carrier web addresses nor a per-field data
 * inventory, so `tracking_url`, `contact_url` and `provided_data` are null rather than made up.
 */
export const shippingLineResource = (carrier: Carrier): ShippingLineResource => ({
  id: carrier.scac,
  type: 'shipping_line' as const,
  attributes: {
    scac: carrier.scac,
    name: carrier.name,
    short_name: carrier.shortName,
    alternative_scacs: [...carrier.alternativeScacs],
    bill_of_lading_tracking_support: carrier.trackingSupport.bill_of_lading,
    booking_number_tracking_support: carrier.trackingSupport.booking_number,
    container_number_tracking_support: carrier.trackingSupport.container_number,
    bol_prefix: carrier.bolPrefix,
    tracking_url: null,
    contact_url: null,
    provided_data: null,
  },
  links: { self: `/v2/shipping_lines/${carrier.scac}` },
});

/**
 * The upstream's internal test carrier, listed as the live service lists it: tracking requests accept it
 * with the documented test numbers (the MCP server hides it from agents).
 */
export const TEST_SHIPPING_LINE: Carrier = {
  scac: 'TEST',
  name: 'T49 Test Carrier',
  shortName: 'T49 line',
  alternativeNames: [],
  alternativeScacs: [],
  bolPrefix: 'TEST',
  trackingSupport: { bill_of_lading: true, booking_number: true, container_number: true },
  containerPrefixes: [],
  groupContainerPrefixes: [],
  blPrefixes: [],
  blFormats: [],
  bookingFormats: [],
};

const matchesSearch = (line: Carrier, search: string): boolean =>
  [line.scac, line.name, line.shortName, ...line.alternativeNames, ...line.alternativeScacs].some((text) =>
    text.toLowerCase().includes(search),
  );

/**
 * Carrier inference (`POST /tracking_requests/infer_number`, reference §4) and the carrier list
 * (`GET /shipping_lines`, `GET /shipping_lines/{scac}`, reference §6).
 */
export const carrierRoutes = ({
  catalog,
  limiter,
}: {
  catalog: CarrierCatalog;
  limiter: RollingWindowLimiter;
}): Hono<ServiceEnv> =>
  new Hono<ServiceEnv>()
    .post(
      INFER_NUMBER_PATH,
      rateLimit({
        limiter,
        limit: INFER_NUMBER_LIMIT_PER_MINUTE,
        bucket: 'infer_number',
        detail: INFER_NUMBER_LIMIT_DETAIL,
      }),
      async (c) => {
        const { number } = await readJson(c, inferNumberRequest);
        const inferred = inferNumber(number, catalog);
        if ('unreadable' in inferred) throw unreadableNumber(inferred.reason);
        const candidate = (entry: { scac: string; name: string; confidence: number }) => ({
          scac: entry.scac,
          name: entry.name,
          confidence: entry.confidence,
        });
        const body: InferNumberResponse = {
          data: {
            id: `req_${randomUUID()}`,
            type: 'infer_number_results',
            attributes: {
              number_type: inferred.numberType,
              validation: {
                is_valid: inferred.validation.isValid,
                type: inferred.validation.type,
                check_digit_passed: inferred.validation.checkDigitPassed,
                parsed_number: inferred.validation.parsedNumber,
                reason: inferred.validation.reason,
              },
              shipping_line: {
                decision: inferred.decision,
                selected: inferred.selected === null ? null : candidate(inferred.selected),
                candidates: inferred.candidates.map(candidate),
              },
            },
          },
        };
        return c.json(body);
      },
    )
    .get('/shipping_lines', (c) => {
      readIncludeParam(c, SHIPPING_LINE_SERIALIZER, []);
      // The SDK's `shippingLines.list(search)` sends `search`: a case-insensitive part of a SCAC or name.
      const search = c.req.query('search')?.trim().toLowerCase() ?? '';
      const lines = [...catalog.carriers, TEST_SHIPPING_LINE]
        .filter((line) => search === '' || matchesSearch(line, search))
        .sort((a, b) => a.scac.localeCompare(b.scac));
      return c.json({ data: lines.map(shippingLineResource), links: { self: c.req.url } });
    })
    .get('/shipping_lines/:id', (c) => {
      const id = c.req.param('id');
      const carrier =
        catalog.bySCAC(id) ??
        catalog.carriers.find((line) => line.alternativeScacs.includes(id.toUpperCase())) ??
        (id.toUpperCase() === TEST_SHIPPING_LINE.scac ? TEST_SHIPPING_LINE : undefined);
      if (carrier === undefined) throw notFound('ShippingLine', id);
      readIncludeParam(c, SHIPPING_LINE_SERIALIZER, []);
      return c.json({ data: shippingLineResource(carrier), links: { self: c.req.url } });
    });
