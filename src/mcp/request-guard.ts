import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The checks an MCP HTTP request passes before anything else runs: Host and Origin against the allowed
 * lists (DNS-rebinding protection: a web page must not reach a loopback server through a hostname it
 * controls), then the caller's API key, then the shape of the JSON-RPC body. Pure functions of the headers
 * and the parsed body, so a Lambda could reuse them.
 */

const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export interface GuardOptions {
  /** `host[:port]` or bare hostnames; empty means loopback names only. */
  readonly allowedHosts: readonly string[];
  /** `scheme://host[:port]` or bare hostnames; empty means loopback origins and the request's own host. */
  readonly allowedOrigins: readonly string[];
}

export type GuardResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

const hostnameOf = (host: string): string | undefined => {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
};

const lower = (list: readonly string[]) => new Set(list.map((item) => item.toLowerCase()));

export const checkHost = (host: string | undefined, allowed: readonly string[]): GuardResult => {
  const value = host?.trim().toLowerCase();
  const hostname = value ? hostnameOf(value) : undefined;
  if (!value || hostname === undefined)
    return { ok: false, message: `Invalid Host header: ${host || '(missing)'}` };
  const ok =
    allowed.length === 0
      ? LOOPBACK_HOSTNAMES.has(hostname)
      : lower(allowed).has(value) || lower(allowed).has(hostname);
  return ok ? { ok } : { ok: false, message: `Invalid Host header: ${host}` };
};

export const checkOrigin = (
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): GuardResult => {
  // Only browsers send Origin; a local MCP client without one is not the attack this stops.
  if (origin === undefined) return { ok: true };
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return { ok: false, message: `Invalid Origin header: ${origin}` };
  }
  const hostname = parsed.hostname.toLowerCase();
  let ok: boolean;
  if (allowed.length > 0) {
    ok = lower(allowed).has(parsed.origin.toLowerCase()) || lower(allowed).has(hostname);
  } else {
    ok =
      LOOPBACK_HOSTNAMES.has(hostname) || (host !== undefined && hostnameOf(host.toLowerCase()) === hostname);
  }
  return ok ? { ok } : { ok: false, message: `Invalid Origin header: ${origin}` };
};

export type Credentials =
  | { readonly ok: true; readonly token: string }
  | { readonly ok: false; readonly message: string };

/**
 * `Authorization: Bearer <t>` or `Token <t>` (any case) is the caller's API key; without the header, the
 * server's own key (SVC_API_TOKEN) when it has one.
 */
export const credentialsOf = (
  authorization: string | undefined,
  fallback: string | undefined,
): Credentials => {
  if (authorization === undefined || authorization.trim() === '') {
    return fallback
      ? { ok: true, token: fallback }
      : {
          ok: false,
          message:
            'Missing Authorization header: send "Authorization: Bearer <API key>" or "Token <API key>"',
        };
  }
  const match = /^(bearer|token)\s+(\S+)\s*$/i.exec(authorization.trim());
  if (!match?.[2]) {
    return {
      ok: false,
      message: 'Unsupported Authorization header: use "Bearer <API key>" or "Token <API key>"',
    };
  }
  return { ok: true, token: match[2] };
};

/** JSON-RPC error codes the body check answers with. */
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

/**
 * Requests whose params the SDK checks against its own schema; a mismatch there (tool arguments that are a
 * string, a prompt argument that is a number) comes back as an internal error (-32603) carrying zod's whole
 * report, so they are checked here first and answered as what they are: invalid params.
 */
const PARAM_SCHEMAS: Readonly<
  Record<
    string,
    typeof CallToolRequestSchema | typeof ReadResourceRequestSchema | typeof GetPromptRequestSchema
  >
> = {
  'tools/call': CallToolRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/get': GetPromptRequestSchema,
};

/**
 * The names and values the SDK echoes in its errors ("Prompt <name> not found") or in its answer (a
 * resource's uri, a prompt's text), cut to sizes no real one reaches, so one call cannot echo a megabyte.
 */
export const MAX_RPC_NAME_CHARS = 128;
export const MAX_RESOURCE_URI_CHARS = 2_048;
export const MAX_PROMPT_ARGUMENT_CHARS = 1_024;

/** The first value of a valid call that is longer than the SDK should echo, as a params problem. */
const oversizedParam = (method: string, params: Record<string, unknown>): string | undefined => {
  const name = params.name;
  if ((method === 'tools/call' || method === 'prompts/get') && typeof name === 'string') {
    if (name.length > MAX_RPC_NAME_CHARS) return `name: at most ${MAX_RPC_NAME_CHARS} characters`;
  }
  if (
    method === 'resources/read' &&
    typeof params.uri === 'string' &&
    params.uri.length > MAX_RESOURCE_URI_CHARS
  ) {
    return `uri: at most ${MAX_RESOURCE_URI_CHARS} characters`;
  }
  if (method === 'prompts/get' && isRecord(params.arguments)) {
    for (const [argument, value] of Object.entries(params.arguments)) {
      if (typeof value === 'string' && value.length > MAX_PROMPT_ARGUMENT_CHARS) {
        return `arguments.${argument.slice(0, MAX_RPC_NAME_CHARS)}: at most ${MAX_PROMPT_ARGUMENT_CHARS} characters`;
      }
    }
  }
  return undefined;
};

export type RpcBodyCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly id: string | number | null;
      readonly code: number;
      readonly message: string;
    };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem of a JSON-RPC body (one message or a batch) that the SDK would not answer cleanly. */
export const checkRpcBody = (body: unknown): RpcBodyCheck => {
  if (Array.isArray(body) && body.length === 0) {
    return { ok: false, id: null, code: INVALID_REQUEST, message: 'Invalid Request: the batch is empty' };
  }
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isRecord(message) || typeof message.method !== 'string') continue;
    const schema = PARAM_SCHEMAS[message.method];
    if (schema === undefined) continue;
    const parsed = schema.safeParse(message);
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    if (parsed.success) {
      const oversized = isRecord(message.params) ? oversizedParam(message.method, message.params) : undefined;
      if (oversized === undefined) continue;
      return {
        ok: false,
        id,
        code: INVALID_PARAMS,
        message: `Invalid params for ${message.method}: ${oversized}`,
      };
    }
    const issue = parsed.error.issues[0];
    const where = (issue?.path ?? []).map(String).join('.');
    return {
      ok: false,
      id,
      code: INVALID_PARAMS,
      message: `Invalid params for ${message.method}: ${where === '' ? '' : `${where}: `}${issue?.message ?? 'invalid'}`,
    };
  }
  return { ok: true };
};
