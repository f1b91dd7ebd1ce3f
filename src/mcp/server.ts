import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import type { ToolContext } from './tool.ts';
import { refusedCallError } from './tool-error.ts';
import { tools } from './tools/index.ts';

export const MCP_SERVER_NAME = 'stevedore';

/** Read by the client at `initialize`: the vocabulary and the order in which tools chain. */
const INSTRUCTIONS = `Answers questions about tracked ocean containers and shipments from the Container Tracking Service.
A shipment is a bill of lading or booking; it holds containers; each container has transport events.
Find ids first with search_container (or a list tool), then get_container / get_shipment_details, then
get_container_transport_events and get_container_route for the journey. To start tracking a number use
track_container; get_supported_shipping_lines gives the SCACs. Errors carry a code: not_found, not_enabled,
rate_limited (wait retry_after seconds), invalid_input, unauthorized, upstream_error.`;

/** One MCP server bound to one caller's client: tools, prompts and resources. */
export const createMcpServer = (context: ToolContext, version: string): McpServer => {
  const server = new McpServer({ name: MCP_SERVER_NAME, version }, { instructions: INSTRUCTIONS });
  // The SDK turns a call it refuses (bad arguments, unknown tool) into a plain-text tool error through this
  // one method; our handlers never throw, so replacing it gives every refusal the structured error model.
  // It is private in the SDK's types, hence Object.assign; probe-mcp-http.test.ts pins the behaviour.
  Object.assign(server, { createToolError: refusedCallError });
  for (const tool of tools) tool.register(server, context);
  registerPrompts(server);
  registerResources(server, context);
  return server;
};
