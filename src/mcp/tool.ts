import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TrackingClient } from '../client/tracking-client.ts';
import { TrackingApiError } from '../client/tracking-errors.ts';
import { toolError } from './tool-error.ts';

/** What every tool handler gets: the typed client of the tracking API, bound to the caller's key. */
export interface ToolContext {
  readonly client: TrackingClient;
  /** Milliseconds since the epoch; days to the last free day are counted from it. */
  readonly now: () => number;
}

/** Every tool accepts it; it only helps a reader of the logs see why a tool was called. */
const intent = z.string().max(200).optional().describe('why the tool is called, in a few words (optional)');

export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  /** Tools only read, except where a tool says otherwise. */
  readonly readOnly?: boolean;
  readonly handler: (
    input: z.output<z.ZodObject<I>>,
    context: ToolContext,
  ) => Promise<{ result: z.input<z.ZodObject<O>>; summary: string }>;
}

/** A tool of any shape, for the server's list. */
export interface AnyTool {
  readonly name: string;
  register(server: McpServer, context: ToolContext): void;
}

/**
 * Declares a tool: its schemas and its handler live together in the tool's file. A result goes back as
 * `structuredContent` (checked against the output schema) with a short text; a failure as `isError`
 * with the one error model of `tool-error.ts`.
 */
export const defineTool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(
  definition: ToolDefinition<I, O>,
): AnyTool => ({
  name: definition.name,
  register(server, context) {
    const readOnly = definition.readOnly ?? true;
    // Widened on purpose: the handler re-parses its arguments with the exact schema below.
    const inputSchema: z.ZodRawShape = { ...definition.input, intent };
    const outputSchema: z.ZodRawShape = definition.output;
    server.registerTool(
      definition.name,
      {
        title: definition.title,
        description: definition.description,
        inputSchema,
        outputSchema,
        annotations: {
          readOnlyHint: readOnly,
          destructiveHint: false,
          idempotentHint: readOnly,
          openWorldHint: false,
        },
      },
      // The SDK validated the arguments against `inputSchema` before calling this.
      async (args: unknown): Promise<CallToolResult> => {
        try {
          const input = z.object(definition.input).safeParse(args);
          if (!input.success) {
            throw new TrackingApiError('invalid_input', z.prettifyError(input.error).replaceAll('\n', ' '));
          }
          const { result, summary } = await definition.handler(input.data, context);
          // A result that breaks its own schema means the API answered something unexpected.
          const structured = z.object(definition.output).safeParse(result);
          if (!structured.success) {
            throw new TrackingApiError('upstream_error', `unexpected result: ${structured.error.message}`);
          }
          return { structuredContent: structured.data, content: [{ type: 'text', text: summary }] };
        } catch (error) {
          return toolError(error);
        }
      },
    );
  },
});
