import { z } from 'zod';
import { TrackingApiError } from '../../client/tracking-errors.ts';
import type { InferNumberResult } from '../../client/tracking-schemas.ts';
import { meantNumber } from '../pasted-number.ts';
import { defineTool } from '../tool.ts';
import { containerView, toContainerView, toTrackingRequestView, trackingRequestView } from '../views.ts';
import { containerSummaryLine } from './get-container.ts';

const NUMBER_TYPES = ['container', 'bill_of_lading', 'booking_number'] as const;
type NumberType = (typeof NUMBER_TYPES)[number];

/** What people type for a number's kind, mapped to the API's request types. */
const numberType = z
  .string()
  .transform((value, context): NumberType => {
    const key = value
      .trim()
      .toLowerCase()
      .replaceAll(/[\s/-]/g, '_');
    if (key === 'container') return 'container';
    if (['bill_of_lading', 'bl', 'b_l', 'bol'].includes(key)) return 'bill_of_lading';
    if (['booking_number', 'booking'].includes(key)) return 'booking_number';
    context.addIssue({ code: 'custom', message: `numberType must be one of ${NUMBER_TYPES.join(', ')}` });
    return z.NEVER;
  })
  .describe('container, bill_of_lading or booking_number (BL, B/L and booking are accepted)');

/**
 * A number as people paste it, label and punctuation included ("B/L No.: MAEU123456789."): far longer
 * than this is not a number, and would only reach the search as a request too large to answer.
 */
const pastedNumber = z.string().max(200, 'a tracking number is at most 200 characters, label included');

/** ISO 6346: four letters (owner and category) then seven digits. */
const CONTAINER_NUMBER = /^[A-Z]{4}\d{7}$/;

/** infer_number's answer, in the terms the caller needs. */
const inferKinds: Record<string, NumberType> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
  booking_number: 'booking_number',
};

const s = z.string().nullable();

export const trackContainer = defineTool({
  name: 'track_container',
  title: 'Track a container, BL or booking',
  description:
    'Start tracking a container, bill of lading or booking number, or return it at once if it is already tracked. The shipping line is detected when no SCAC is given. A new request takes minutes to resolve: check it later with list_tracking_requests or search_container.',
  readOnly: false,
  input: {
    number: pastedNumber.optional().describe('the container, bill of lading or booking number'),
    numberType: numberType.optional(),
    containerNumber: pastedNumber.optional().describe('deprecated: use number'),
    bookingNumber: pastedNumber.optional().describe('deprecated: use number with numberType booking_number'),
    scac: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{4}$/, 'a SCAC is 4 letters')
      .transform((value) => value.toUpperCase())
      .optional()
      .describe('the shipping line SCAC (see get_supported_shipping_lines); detected when absent'),
    refNumbers: z.array(z.string()).optional().describe('your reference numbers for this shipment'),
  },
  output: {
    tracking_request_created: z.boolean(),
    infer_result: z
      .object({
        source: z.enum(['search_match', 'infer_number', 'argument', 'number_prefix']),
        number_type: s,
        scac: s,
        decision: s,
      })
      .nullable(),
    container: containerView.optional(),
    shipment_id: s.optional(),
    tracking_request: trackingRequestView.optional(),
  },
  async handler(input, { client, now }) {
    const raw = (input.number ?? input.containerNumber ?? input.bookingNumber ?? '').trim();
    let number = raw.replaceAll(/\s+/g, '').toUpperCase();
    if (number === '')
      throw new TrackingApiError('invalid_input', 'give the number to track', { source: 'number' });
    const givenType: NumberType | undefined =
      input.numberType ?? (input.bookingNumber && !input.number ? 'booking_number' : undefined);
    let inferred: InferNumberResult | undefined;
    let inferAsked = false;
    const infer = async (value: string): Promise<InferNumberResult | undefined> => {
      inferAsked = true;
      try {
        return await client.inferNumber(value);
      } catch (error) {
        if (!(error instanceof TrackingApiError)) throw error;
        // A deployment without carrier inference (404, 405): the number's prefix or the arguments decide.
        const noInference = error.status === 404 || error.status === 405;
        // An unrecognised number can still be tracked when its kind is known.
        if (!noInference && error.code !== 'invalid_input') throw error;
        if (!noInference && !givenType && !CONTAINER_NUMBER.test(number)) throw error;
        return undefined;
      }
    };
    if (/[^A-Z0-9]/.test(number)) {
      // Pasted with its label or in a sentence ("B/L No. MAEU123456789"): infer_number reads the number
      // out of it, and that number is the one searched for and tracked.
      inferred = await infer(raw);
      number = meantNumber(inferred, number);
    }

    const hits = await client.search(number);
    const match = hits.data.find(
      (hit) => hit.attributes.number?.replaceAll(/[\s-]/g, '').toUpperCase() === number,
    );
    if (
      match &&
      match.attributes.entity_type !== 'shipment' &&
      match.attributes.entity_type !== 'tracking_request'
    ) {
      const answer = await client.getContainer(match.id, ['shipment', 'pod_terminal']);
      const view = toContainerView(answer.data, answer.included ?? [], now());
      return {
        result: {
          tracking_request_created: false,
          infer_result: {
            source: 'search_match' as const,
            number_type: 'container',
            scac: match.attributes.scac ?? null,
            decision: null,
          },
          container: view,
        },
        summary: `Already tracked. ${containerSummaryLine(view)}`,
      };
    }
    if (match?.attributes.entity_type === 'tracking_request') {
      // Already asked for and not resolved yet: a second request would be refused as a duplicate.
      const a = match.attributes;
      const requestType = typeof a.request_type === 'string' ? a.request_type : (givenType ?? 'unknown');
      return {
        result: {
          tracking_request_created: false,
          infer_result: {
            source: 'search_match' as const,
            number_type: requestType,
            scac: a.scac ?? null,
            decision: null,
          },
          tracking_request: {
            id: match.id,
            request_number: number,
            request_type: requestType,
            scac: a.scac ?? null,
            status: a.status ?? 'pending',
            failed_reason: typeof a.failed_reason === 'string' ? a.failed_reason : null,
            shipment_id: a.shipment_id ?? null,
            created_at: a.created_at ?? null,
          },
        },
        summary: `${number} was already requested (tracking request ${match.id}, ${a.status ?? 'pending'}).`,
      };
    }
    if (match?.attributes.entity_type === 'shipment') {
      return {
        result: {
          tracking_request_created: false,
          infer_result: {
            source: 'search_match' as const,
            number_type: 'shipment',
            scac: match.attributes.scac ?? null,
            decision: null,
          },
          shipment_id: match.id,
        },
        summary: `${number} is already tracked as shipment ${match.id}; use get_shipment_details.`,
      };
    }

    if (!inferAsked && (!input.scac || !givenType)) {
      inferred = await infer(number);
      number = meantNumber(inferred, number);
    }
    const type: NumberType =
      givenType ??
      inferKinds[inferred?.number_type ?? ''] ??
      (CONTAINER_NUMBER.test(number) ? 'container' : 'bill_of_lading');
    const selected = inferred?.shipping_line?.selected?.scac;
    const scac = input.scac ?? selected ?? (type === 'container' ? number.slice(0, 4) : undefined);
    const source = input.scac
      ? ('argument' as const)
      : selected
        ? ('infer_number' as const)
        : ('number_prefix' as const);
    const created = await client.createTrackingRequest({
      request_type: type,
      request_number: number,
      scac,
      ref_numbers: input.refNumbers,
    });
    const request = toTrackingRequestView(created.data);
    return {
      result: {
        tracking_request_created: true,
        infer_result: {
          source,
          number_type: type,
          scac: scac ?? null,
          decision: inferred?.shipping_line?.decision ?? null,
        },
        tracking_request: request,
      },
      summary: `Tracking request for ${number} (${type.replaceAll('_', ' ')}, ${scac ?? 'line to be detected'}) is ${request.status}; the shipment appears once the line answers, usually within minutes.`,
    };
  },
});
