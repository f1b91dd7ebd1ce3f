import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MILESTONE_GLOSSARY } from './milestone-glossary.ts';
import type { ToolContext } from './tool.ts';
import { errorBody } from './tool-error.ts';
import { containerId as containerIdSchema } from './tools/get-container.ts';
import { type ContainerView, toContainerView } from './views.ts';

export const CONTAINER_RESOURCE = 'svc://container/{id}';
export const GLOSSARY_RESOURCE = 'svc://docs/milestone-glossary';

const or = (value: string | number | boolean | null, fallback = 'unknown'): string =>
  value === null ? fallback : String(value);

/** A container as a short markdown page an agent can read into its context. */
export const containerMarkdown = (view: ContainerView): string => {
  const d = view.demurrage;
  const lines = [
    `# Container ${view.container_number}`,
    '',
    `- Status: ${or(view.status)}`,
    `- Available for pickup: ${or(view.location.available_for_pickup)}`,
    `- Arrived at POD: ${or(view.location.pod_arrived_at, 'not yet')}; discharged: ${or(view.location.pod_discharged_at, 'not yet')}; out-gated: ${or(view.location.pod_full_out_at, 'not yet')}`,
    `- Last free day: ${or(d.pickup_lfd, 'none known')} (line ${or(d.last_free_days.line, '-')}, terminal ${or(d.last_free_days.terminal, '-')}, rail ${or(d.last_free_days.rail, '-')})`,
    `- Days until LFD: ${or(d.days_until_lfd, '-')}; urgency: ${d.urgency}${d.urgency_reason ? ` (${d.urgency_reason})` : ''}`,
    `- Holds: ${d.holds.length === 0 ? 'none' : d.holds.map((h) => `${h.name} (${h.status})`).join(', ')}`,
    `- Fees: ${d.fees.length === 0 ? 'none' : d.fees.map((f) => `${f.type} ${f.amount} ${f.currency_code ?? ''}`.trim()).join(', ')}`,
  ];
  if (view.rail.pod_rail_carrier_scac || view.rail.ind_eta_at) {
    lines.push(
      `- Rail: ${or(view.rail.pod_rail_carrier_scac, '-')}, inland ETA ${or(view.rail.ind_eta_at, '-')}, ATA ${or(view.rail.ind_ata_at, '-')}`,
    );
  }
  if (view.shipment) {
    lines.push(
      `- Shipment: ${view.shipment.bill_of_lading ?? view.shipment.id} (${or(view.shipment.shipping_line_scac)}), ${or(view.shipment.port_of_lading)} → ${or(view.shipment.port_of_discharge)}`,
    );
  }
  return `${lines.join('\n')}\n`;
};

export const registerResources = (server: McpServer, context: ToolContext): void => {
  server.registerResource(
    'container',
    new ResourceTemplate(CONTAINER_RESOURCE, { list: undefined }),
    {
      title: 'Container summary',
      description: 'Status, availability, last free days, holds, fees and rail of one container',
      mimeType: 'text/markdown',
    },
    async (uri, { id }) => {
      const containerId = Array.isArray(id) ? id[0] : id;
      // Checked here as the tools check it: an id that is no UUID is not sent to the API, nor echoed whole.
      if (!containerIdSchema.safeParse(containerId).success) {
        const text =
          '# Container\n\nError invalid_input: the id in svc://container/{id} must be a container id (a UUID, from search_container or a list).\n';
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
      }
      let text: string;
      try {
        const answer = await context.client.getContainer(String(containerId), ['shipment', 'pod_terminal']);
        text = containerMarkdown(toContainerView(answer.data, answer.included ?? [], context.now()));
      } catch (error) {
        const body = errorBody(error);
        text = `# Container ${containerId}\n\nError ${body.code}: ${body.message}\n`;
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );
  server.registerResource(
    'milestone-glossary',
    GLOSSARY_RESOURCE,
    {
      title: 'Milestone glossary',
      description: 'What each transport event, status, hold and fee means, by phase of the journey',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: MILESTONE_GLOSSARY }] }),
  );
};
