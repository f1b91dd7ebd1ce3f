import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const ask = (text: string): GetPromptResult => ({
  messages: [{ role: 'user', content: { type: 'text', text } }],
});

/** The three conversation starters an MCP client offers its user. */
export const registerPrompts = (server: McpServer): void => {
  server.registerPrompt(
    'track-shipment',
    {
      title: 'Track a shipment',
      description: 'Track a container and report where it is, its status and any holds',
      argsSchema: {
        container_number: z.string().min(1).describe('the container number, e.g. MSCU1234565'),
        carrier: z.string().optional().describe('the shipping line SCAC, if known'),
      },
    },
    ({ container_number, carrier }) =>
      ask(
        [
          `Track container ${container_number}${carrier ? ` with shipping line ${carrier}` : ''}.`,
          'Use track_container (it returns the container at once when it is already tracked).',
          'Then report its current status and location, the vessel and ETA of its shipment, whether it is',
          'available for pickup, its last free day, and any holds or fees. If the tracking request is still',
          'pending, say so and when to check again.',
        ].join(' '),
      ),
  );

  server.registerPrompt(
    'check-demurrage',
    {
      title: 'Check demurrage risk',
      description: 'Work through the last free day, days left, availability, holds and fees of a container',
      argsSchema: { container_id: z.string().min(1).describe('the container id (a UUID)') },
    },
    ({ container_id }) =>
      ask(
        [
          `Check the demurrage and detention risk of container ${container_id}.`,
          'Use get_container. Report the last free day (and which source set it: line, terminal or rail), the',
          'days left, the urgency, whether the container is available for pickup, every hold still active, the',
          'fees so far, and the one next action that avoids charges. If the urgency is unknown, say why.',
        ].join(' '),
      ),
  );

  server.registerPrompt(
    'analyze-delays',
    {
      title: 'Analyze delays',
      description: 'Compare actual and estimated times of a container and find the causes of delay',
      argsSchema: { container_id: z.string().min(1).describe('the container id (a UUID)') },
    },
    ({ container_id }) =>
      ask(
        [
          `Analyze the delays of container ${container_id}.`,
          'Use get_container_transport_events for what happened, get_shipment_details for the original and',
          'current ETAs, and get_container_route when it is available for transshipments. Compare actual',
          'against estimated times at each step, point out the gaps (waiting at transshipment, late',
          'discharge, slow pickup) and their likely causes, and say what to expect next.',
        ].join(' '),
      ),
  );
};
