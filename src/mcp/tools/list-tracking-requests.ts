import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { pageOutput, pageQuery, toTrackingRequestView, trackingRequestView } from '../views.ts';
import { pageInput } from './list-shipments.ts';

export const listTrackingRequests = defineTool({
  name: 'list_tracking_requests',
  title: 'List tracking requests',
  description:
    'The requests to track a number, newest first, with their status (pending, created, awaiting_manifest, failed, tracking_stopped) and why a failed one failed.',
  input: {
    filters: z
      .record(z.string(), z.string())
      .optional()
      .describe('raw API query filters, e.g. {"filter[scac]": "MAEU"}; paging keys are ignored'),
    status: z.string().trim().min(1).optional().describe('only requests in this status'),
    request_type: z
      .string()
      .optional()
      .describe('not supported by the API: reported back in dropped_filters'),
    ...pageInput,
  },
  output: {
    items: z.array(trackingRequestView),
    dropped_filters: z.array(z.string()),
    ...pageOutput,
  },
  async handler({ filters, status, request_type, page, page_size }, { client }) {
    const raw = Object.fromEntries(Object.entries(filters ?? {}).filter(([key]) => !key.startsWith('page[')));
    const answer = await client.listTrackingRequests({
      ...raw,
      'filter[status]': status,
      ...pageQuery(page, page_size),
    });
    const items = answer.data.map(toTrackingRequestView);
    return {
      result: {
        items,
        dropped_filters: request_type === undefined ? [] : ['request_type'],
        links: answer.links,
        meta: answer.meta,
      },
      summary: `${items.length} tracking request(s) on this page.`,
    };
  },
});
