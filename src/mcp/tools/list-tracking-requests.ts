import { z } from 'zod';
import { readNumberFilter } from '../pasted-number.ts';
import { defineTool } from '../tool.ts';
import { pageOutput, pageQuery, toTrackingRequestView, trackingRequestView } from '../views.ts';
import { pageInput } from './list-shipments.ts';

const REQUEST_NUMBER_FILTER = 'filter[request_number]';

export const listTrackingRequests = defineTool({
  name: 'list_tracking_requests',
  title: 'List tracking requests',
  description:
    'The requests to track a number, newest first, with their status (pending, created, awaiting_manifest, failed, tracking_stopped) and why a failed one failed.',
  input: {
    filters: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'raw API query filters, e.g. {"filter[scac]": "MAEU"} or {"filter[request_number]": "MAEU123456789"}; paging keys are ignored',
      ),
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
    // The request number is read as track_container reads it (`{"filter[request_number]": "BL: MAEU…"}`).
    const requestNumber = raw[REQUEST_NUMBER_FILTER];
    if (requestNumber !== undefined && requestNumber.trim() !== '') {
      raw[REQUEST_NUMBER_FILTER] = await readNumberFilter(requestNumber, client);
    }
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
