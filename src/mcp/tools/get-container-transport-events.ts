import { z } from 'zod';
import { TrackingApiError } from '../../client/tracking-errors.ts';
import type { IncludedResource, TransportEventResource } from '../../client/tracking-schemas.ts';
import { defineTool } from '../tool.ts';
import { eventView, toEventView } from '../views.ts';
import { containerId } from './get-container.ts';

/** The first time each milestone happened, keyed for an agent that wants "when did it discharge?". */
const MILESTONES = {
  vessel_loaded_at: 'container.transport.vessel_loaded',
  vessel_departed_at: 'container.transport.vessel_departed',
  vessel_arrived_at: 'container.transport.vessel_arrived',
  vessel_discharged_at: 'container.transport.vessel_discharged',
  full_out_at: 'container.transport.full_out',
  delivered_at: 'container.transport.delivered',
  empty_returned_at: 'container.transport.empty_in',
} as const;

export const getContainerTransportEvents = defineTool({
  name: 'get_container_transport_events',
  title: 'Get the journey of a container',
  description:
    'The transport events of a container in time order (loaded, departed, transshipped, arrived, discharged, out-gated, returned…), with counts per category and the key milestones.',
  input: { id: containerId },
  output: {
    total_events: z.number().int(),
    event_categories: z.record(z.string(), z.number().int()),
    timeline: z.array(eventView),
    milestones: z.object(
      Object.fromEntries(Object.keys(MILESTONES).map((key) => [key, z.string().nullable()])) as Record<
        keyof typeof MILESTONES,
        z.ZodNullable<z.ZodString>
      >,
    ),
  },
  async handler({ id }, { client }) {
    let events: readonly (TransportEventResource | IncludedResource)[];
    let included: readonly IncludedResource[];
    try {
      const answer = await client.listTransportEvents(id);
      events = answer.data;
      included = answer.included ?? [];
    } catch (error) {
      // Some deployments serve events only as an include of the container.
      if (!(error instanceof TrackingApiError && error.code === 'not_found')) throw error;
      const answer = await client.getContainer(id, ['transport_events']);
      included = answer.included ?? [];
      events = included.filter((r) => r.type === 'transport_event');
    }
    const timeline = events
      .map((event) => toEventView(event, included))
      .sort((x, y) => (x.timestamp ?? '').localeCompare(y.timestamp ?? ''));
    const categories: Record<string, number> = {};
    for (const entry of timeline) {
      const category = entry.event.split('.').slice(0, 2).join('.');
      categories[category] = (categories[category] ?? 0) + 1;
    }
    const milestones = Object.fromEntries(
      Object.entries(MILESTONES).map(([key, name]) => [
        key,
        timeline.find((e) => e.event === name)?.timestamp ?? null,
      ]),
    ) as Record<keyof typeof MILESTONES, string | null>;
    const last = timeline.at(-1);
    return {
      result: { total_events: timeline.length, event_categories: categories, timeline, milestones },
      summary:
        last === undefined
          ? 'No transport events yet.'
          : `${timeline.length} event(s); latest ${last.event} at ${last.timestamp ?? 'an unknown time'}${last.location ? ` in ${last.location}` : ''}.`,
    };
  },
});
