import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TrackingApiError, type TrackingErrorCode } from '../client/tracking-errors.ts';

/** The one error shape every tool returns, in `structuredContent.error` and as JSON text. */
export interface ToolErrorBody {
  readonly code: TrackingErrorCode;
  readonly message: string;
  /** Only for `rate_limited`: seconds to wait before calling again. */
  readonly retry_after?: number;
  /** Only for `invalid_input`, when the API named the offending field or parameter. */
  readonly source?: string;
}

/** What to tell an agent for each code: the next step, not the stack. */
const HINTS: Record<TrackingErrorCode, string> = {
  not_found: 'Nothing with this id or number is tracked on this account; search for it or track it first.',
  not_enabled: 'This feature is not enabled for this account; answer without it.',
  rate_limited: 'The API rate limit was reached; wait retry_after seconds before calling again.',
  invalid_input: 'The input was rejected; correct it before calling again.',
  unauthorized: 'The API key was refused; the user must configure a valid key.',
  upstream_error: 'The tracking API failed or did not answer in time; try again later.',
};

/** A message is cut here: an API error can quote a whole request, and an agent needs the gist, not 1 MB. */
export const MAX_TOOL_ERROR_MESSAGE_CHARS = 500;

const cut = (text: string): string =>
  text.length > MAX_TOOL_ERROR_MESSAGE_CHARS ? `${text.slice(0, MAX_TOOL_ERROR_MESSAGE_CHARS)}…` : text;

export const errorBody = (error: unknown): ToolErrorBody => {
  if (error instanceof TrackingApiError) {
    return {
      code: error.code,
      message: `${cut(error.message)}. ${HINTS[error.code]}`,
      ...(error.retryAfterSeconds === undefined ? {} : { retry_after: error.retryAfterSeconds }),
      ...(error.source === undefined ? {} : { source: error.source }),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'upstream_error', message: `${cut(message)}. ${HINTS.upstream_error}` };
};

export const toolError = (error: unknown): CallToolResult => {
  const body = errorBody(error);
  return {
    isError: true,
    structuredContent: { error: body },
    content: [{ type: 'text', text: JSON.stringify({ error: body }) }],
  };
};

/**
 * The tool error for a call the SDK refused before any handler ran (arguments that break the tool's input
 * schema, an unknown tool): `invalid_input` in the one error model, instead of the SDK's bare text.
 */
export const refusedCallError = (sdkMessage: string): CallToolResult =>
  toolError(new TrackingApiError('invalid_input', sdkMessage.replace(/^MCP error -?\d+: /, '')));
