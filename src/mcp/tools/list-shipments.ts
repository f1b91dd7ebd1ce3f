import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../client/tracking-client.ts';
import { readNumberFilter } from '../pasted-number.ts';
import { defineTool } from '../tool.ts';
import { pageOutput, pageQuery, shipmentSummary, toShipmentSummary } from '../views.ts';

export const pageInput = {
  page: z.number().int().min(1).optional().describe('page number, from 1'),
  page_size: z.number().int().min(1).default(25).describe(`rows per page (at most ${MAX_PAGE_SIZE})`),
};

export const listShipments = defineTool({
  name: 'list_shipments',
  title: 'List shipments',
  description: 'The shipments tracked on this account, newest first, a page at a time.',
  input: {
    number: z
      .string()
      .trim()
      .min(1)
      .max(200, 'a number is at most 200 characters, label included')
      .optional()
      .describe(
        'a bill of lading or booking number (not a container number), alone or as pasted with its label',
      ),
    tracking_stopped: z
      .boolean()
      .optional()
      .describe('only shipments whose tracking has (or has not) stopped'),
    include_containers: z.boolean().default(false).describe('also return the container ids of each shipment'),
    ...pageInput,
  },
  output: {
    items: z.array(shipmentSummary.extend({ container_ids: z.array(z.string()).optional() })),
    ...pageOutput,
  },
  async handler({ number, tracking_stopped, include_containers, page, page_size }, { client }) {
    const answer = await client.listShipments({
      number: number === undefined ? undefined : await readNumberFilter(number, client),
      'filter[tracking_stopped]': tracking_stopped,
      include: include_containers ? 'containers' : undefined,
      ...pageQuery(page, page_size),
    });
    const items = answer.data.map((shipment) => {
      const summary = toShipmentSummary(shipment);
      if (!include_containers) return summary;
      const refs = shipment.relationships?.containers?.data;
      return { ...summary, container_ids: Array.isArray(refs) ? refs.map((ref) => ref.id) : [] };
    });
    return {
      result: { items, links: answer.links, meta: answer.meta },
      summary: `${items.length} shipment(s) on this page.`,
    };
  },
});
