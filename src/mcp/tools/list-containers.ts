import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { pageOutput, pageQuery } from '../views.ts';
import { pageInput } from './list-shipments.ts';

const s = z.string().nullable();

export const listContainers = defineTool({
  name: 'list_containers',
  title: 'List containers',
  description:
    'The containers tracked on this account, a page at a time. Use get_container for the details of one.',
  input: {
    include: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('related data to load, a comma list (e.g. "shipment")'),
    ...pageInput,
  },
  output: {
    items: z.array(
      z.object({
        id: z.string(),
        container_number: z.string(),
        status: s,
        available_for_pickup: z.boolean().nullable(),
        pickup_lfd: s,
        pod_arrived_at: s,
        shipment_id: s,
      }),
    ),
    ...pageOutput,
  },
  async handler({ include, page, page_size }, { client }) {
    const answer = await client.listContainers({ include, ...pageQuery(page, page_size) });
    const items = answer.data.map((container) => {
      const a = container.attributes;
      const shipment = container.relationships?.shipment?.data;
      return {
        id: container.id,
        container_number: a.number,
        status: a.current_status ?? null,
        available_for_pickup: a.available_for_pickup ?? null,
        pickup_lfd: a.pickup_lfd ?? null,
        pod_arrived_at: a.pod_arrived_at ?? null,
        shipment_id: shipment && !Array.isArray(shipment) ? shipment.id : null,
      };
    });
    return {
      result: { items, links: answer.links, meta: answer.meta },
      summary: `${items.length} container(s) on this page.`,
    };
  },
});
