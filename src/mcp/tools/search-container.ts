import { z } from 'zod';
import { readSearchTerm } from '../pasted-number.ts';
import { defineTool } from '../tool.ts';

const s = z.string().nullable();
/** The longest thing a search can match: a reference number (255 characters). */
const MAX_QUERY_CHARS = 255;

export const searchContainer = defineTool({
  name: 'search_container',
  title: 'Search containers and shipments',
  description:
    'Find tracked containers and shipments by container number, bill of lading, booking or reference number. Use the ids it returns with get_container or get_shipment_details.',
  input: {
    query: z
      .string()
      .trim()
      .min(1)
      .max(MAX_QUERY_CHARS)
      .describe('a container number, BL, booking or reference number, alone or as pasted with its label'),
  },
  output: {
    containers: z.array(
      z.object({
        id: z.string(),
        container_number: s,
        status: s,
        shipping_line: s,
        shipment_id: s.describe('when the API gives it; get_container always names the shipment'),
        port_of_lading: s,
        port_of_discharge: s,
      }),
    ),
    shipments: z.array(
      z.object({
        id: z.string(),
        number: s,
        ref_numbers: z.array(z.string()),
        shipping_line: s,
        container_count: z.number().nullable(),
        port_of_lading: s,
        port_of_discharge: s,
      }),
    ),
    tracking_requests: z.array(z.object({ id: z.string(), number: s, status: s, shipping_line: s })),
    total_results: z.number().int(),
  },
  async handler(input, { client }) {
    // `Container# MSKU6787218` or `B/L No.: MAEU123456789.` is searched as the number it holds.
    const query = await readSearchTerm(input.query, client);
    const answer = await client.search(query);
    const containers = [];
    const shipments = [];
    const trackingRequests = [];
    for (const hit of answer.data) {
      const a = hit.attributes;
      if (a.entity_type === 'shipment') {
        shipments.push({
          id: hit.id,
          number: a.number ?? null,
          ref_numbers: a.ref_numbers ?? [],
          shipping_line: a.scac ?? null,
          container_count: a.containers_count ?? null,
          port_of_lading: a.port_of_lading_name ?? null,
          port_of_discharge: a.port_of_discharge_name ?? null,
        });
      } else if (a.entity_type === 'tracking_request') {
        trackingRequests.push({
          id: hit.id,
          number: a.number ?? null,
          status: a.status ?? null,
          shipping_line: a.scac ?? null,
        });
      } else {
        // The API calls containers "cargo" in search results.
        containers.push({
          id: hit.id,
          container_number: a.number ?? null,
          status: a.status ?? null,
          shipping_line: a.scac ?? null,
          shipment_id: a.shipment_id ?? null,
          port_of_lading: a.port_of_lading_name ?? null,
          port_of_discharge: a.port_of_discharge_name ?? null,
        });
      }
    }
    const total = answer.data.length;
    return {
      result: { containers, shipments, tracking_requests: trackingRequests, total_results: total },
      summary:
        total === 0
          ? `Nothing tracked matches "${query}". Use track_container to start tracking it.`
          : `${containers.length} container(s), ${shipments.length} shipment(s) and ${trackingRequests.length} tracking request(s) match "${query}".`,
    };
  },
});
