import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../client/tracking-client.ts';
import { defineTool } from '../tool.ts';

/** The service's internal test carrier: not something a user ships with. */
const HIDDEN_SCACS: ReadonlySet<string> = new Set(['TEST']);
/** The carrier list is a few dozen lines; more pages than this means a loop, not a list. */
const MAX_PAGES = 10;

export const getSupportedShippingLines = defineTool({
  name: 'get_supported_shipping_lines',
  title: 'List supported shipping lines',
  description:
    'The ocean carriers the service tracks, with their SCAC (needed by track_container), name and which numbers each supports. Optionally filtered by a part of the SCAC, the name or another name the line goes by (former names, spellings: "Hamburg Süd", "Yang Ming").',
  input: {
    search: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('part of a SCAC, a carrier name or another name it goes by, any case'),
  },
  output: {
    total_lines: z.number().int(),
    shipping_lines: z.array(
      z.object({
        scac: z.string(),
        name: z.string(),
        short_name: z.string().nullable(),
        bol_prefix: z.string().nullable(),
        supports: z.object({
          bill_of_lading: z.boolean().nullable(),
          booking_number: z.boolean().nullable(),
          container_number: z.boolean().nullable(),
        }),
      }),
    ),
  },
  async handler({ search }, { client }) {
    // The service's `?search=` matches the other names a line goes by, which the shipping_line resource
    // does not carry: filtering here on SCAC and name alone would miss `Hamburg Süd` or `Yang Ming`.
    const lines = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.listShippingLines({
        search,
        'page[number]': page,
        'page[size]': MAX_PAGE_SIZE,
      });
      lines.push(...answer.data);
      if (!answer.links?.next || answer.data.length === 0) break;
    }
    const matches = lines
      .filter((line) => !HIDDEN_SCACS.has(line.attributes.scac))
      .map(({ attributes: a }) => ({
        scac: a.scac,
        name: a.name,
        short_name: a.short_name ?? null,
        bol_prefix: a.bol_prefix ?? null,
        supports: {
          bill_of_lading: a.bill_of_lading_tracking_support ?? null,
          booking_number: a.booking_number_tracking_support ?? null,
          container_number: a.container_number_tracking_support ?? null,
        },
      }))
      .sort((x, y) => x.name.localeCompare(y.name));
    return {
      result: { total_lines: matches.length, shipping_lines: matches },
      summary: `${matches.length} supported shipping line(s)${search ? ` matching "${search}"` : ''}.`,
    };
  },
});
