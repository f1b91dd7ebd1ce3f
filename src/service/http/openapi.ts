import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../../contract/api-catalogue.ts';
import { errorDocument } from '../../contract/json-api.ts';
import type { ServiceEnv } from './env.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): unknown =>
  // Transforms and refinements have no JSON Schema form; they are documented as what they accept.
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/** The members of a zod object schema, or none when the schema is not an object. */
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};

/**
 * `page[number]` and `page[size]` on a paged list (a JSON:API list with `meta`), read as the upstream
 * reads them (README, Pagination); `include` on every JSON:API GET.
 */
function queryParameters(endpoint: Endpoint): Record<string, unknown>[] {
  if (endpoint.method !== 'get') return [];
  const shape = shapeOf(endpoint.response);
  if (shape.data === undefined) return [];
  const include = {
    name: 'include',
    in: 'query',
    description: 'Comma list of relationships to include; one the resource does not have is a 400',
    schema: { type: 'string' },
  };
  if (!(shape.data instanceof z.ZodArray) || shape.meta === undefined) return [include];
  return [
    include,
    {
      name: 'page[number]',
      in: 'query',
      description: 'The page, from 1; below 1 or not a number is page 1',
      schema: { type: 'integer', default: 1 },
    },
    {
      name: 'page[size]',
      in: 'query',
      description: `Records a page; below 1 or not a number is the default, above ${MAX_PAGE_SIZE} is ${MAX_PAGE_SIZE}`,
      schema: { type: 'integer', default: endpoint.pageSize ?? DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE },
    },
  ];
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(errorDocument, 'output') } },
});

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

/** Sent with every 429 (the X-RateLimit-* headers come with every counted answer too). */
const rateLimitedResponse = {
  ...errorResponse('Rate limited'),
  headers: {
    'Retry-After': integerHeader('Seconds to wait before the next request'),
    'X-RateLimit-Limit': integerHeader('Requests allowed per rolling minute for this key and route'),
    'X-RateLimit-Remaining': integerHeader('Requests left in the window'),
    'X-RateLimit-Reset': integerHeader('Unix second at which a request slot frees'),
  },
};

/** The error statuses an operation can answer, each as an error document. */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const takesQuery = endpoint.method === 'get';
  return {
    // A query parameter the route cannot read (GET), or a body that is not JSON.
    ...(takesQuery || endpoint.request !== undefined
      ? { '400': errorResponse('A query parameter or the body cannot be read; source.parameter names it') }
      : {}),
    ...(endpoint.root === true ? {} : { '401': errorResponse('No valid API key') }),
    ...(endpoint.feature === undefined
      ? {}
      : { '403': errorResponse(`The account lacks the ${endpoint.feature} feature`) }),
    ...(endpoint.path.includes('{') ? { '404': errorResponse('No such resource in the account') } : {}),
    ...(endpoint.conflict === undefined ? {} : { '409': errorResponse(endpoint.conflict) }),
    ...(endpoint.request === undefined
      ? {}
      : { '422': errorResponse('The body breaks a rule; source.pointer names the member') }),
    '429': rateLimitedResponse,
  };
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const status = String(endpoint.status ?? 200);
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    parameters: [...pathParameters(endpoint.path), ...queryParameters(endpoint)],
    ...(endpoint.request === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchema(endpoint.request, 'input') },
              'application/vnd.api+json': { schema: jsonSchema(endpoint.request, 'input') },
            },
          },
        }),
    responses: {
      [status]: {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
      },
      ...errorResponses(endpoint),
    },
  };
}

/** The OpenAPI 3 document of the service, generated from the contract's schemas. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.root === true ? endpoint.path : `/v2${endpoint.path}`;
    paths[path] = { ...paths[path], [endpoint.method]: operation(endpoint) };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'stevedore local Container Tracking Service', version },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <API key>' },
      },
    },
    security: [{ token: [] }],
    paths,
  };
}

/** The program's version, from package.json (the one place it is written). */
const packageVersion = (): string => {
  const parsed = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')));
  return parsed.version;
};

/** `GET /openapi.json` (under /v2): built once, on the first request. */
export function openApiRoute(): Hono<ServiceEnv> {
  let document: Record<string, unknown> | undefined;
  const routes = new Hono<ServiceEnv>();
  routes.get('/openapi.json', (c) => {
    document ??= buildOpenApi(packageVersion());
    return c.json(document);
  });
  return routes;
}
