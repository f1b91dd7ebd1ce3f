import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { containerView, toContainerView } from '../views.ts';

export const containerId = z.uuid().describe('the container id (a UUID, from search_container or a list)');

export const getContainer = defineTool({
  name: 'get_container',
  title: 'Get a container',
  description:
    'One container by id: status, availability at the terminal, last free days and demurrage urgency, holds, fees, rail legs, its shipment and, on request, its transport events.',
  input: {
    id: containerId,
    include: z
      .array(z.enum(['shipment', 'pod_terminal', 'transport_events']))
      .default(['shipment'])
      .describe('related data to load; the shipment and the POD terminal are always loaded'),
  },
  output: containerView.shape,
  async handler({ id, include }, { client, now }) {
    const wanted = new Set(['shipment', 'pod_terminal', ...include]);
    const answer = await client.getContainer(id, [...wanted]);
    const view = toContainerView(answer.data, answer.included ?? [], now(), {
      withEvents: wanted.has('transport_events'),
    });
    return { result: view, summary: containerSummaryLine(view) };
  },
});

export const containerSummaryLine = (view: z.infer<typeof containerView>): string => {
  const parts = [`Container ${view.container_number}: ${view.status ?? 'status unknown'}`];
  if (view.location.available_for_pickup !== null)
    parts.push(view.location.available_for_pickup ? 'available for pickup' : 'not available for pickup');
  if (view.demurrage.pickup_lfd)
    parts.push(`last free day ${view.demurrage.pickup_lfd} (${view.demurrage.urgency})`);
  const holds = view.demurrage.holds.filter((h) => h.status === 'hold');
  if (holds.length > 0) parts.push(`holds: ${holds.map((h) => h.name).join(', ')}`);
  return `${parts.join('; ')}.`;
};
