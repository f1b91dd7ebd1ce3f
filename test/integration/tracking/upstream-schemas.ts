import { readFileSync } from 'node:fs';

/**
 * The upstream's OpenAPI component schemas (test/fixtures/upstream-openapi), and a validator of the part of
 * OpenAPI 3.0 they use: `$ref`, `type`, `nullable`, `enum`, `format` (date-time, date, uuid, uri),
 * `properties`, `required`, `items` and the length and count bounds. Properties a schema does not name are
 * allowed, as OpenAPI 3.0 allows them by default.
 */
export interface SchemaNode {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

const FIXTURE = new URL('../../fixtures/upstream-openapi/components-schemas.json', import.meta.url);

/** The component schemas by name, read from the committed copy. */
export function upstreamSchemas(): Record<string, SchemaNode> {
  const parsed: unknown = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  if (parsed === null || typeof parsed !== 'object' || !('schemas' in parsed)) {
    throw new Error('the upstream schema fixture has no schemas');
  }
  // The fixture is a committed copy of the upstream's component schemas, in the SchemaNode subset.
  return parsed.schemas as Record<string, SchemaNode>;
}

// RFC 3339 date-time as the upstream writes them (`2024-06-26T17:28:59Z`), fractions and offsets allowed.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  'date-time': (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  date: (value) => DATE.test(value) && !Number.isNaN(Date.parse(value)),
  uuid: (value) => UUID.test(value),
  // The upstream's own examples carry relative links (`/v2/shipments/…`), so a reference resolves too.
  uri: (value) => URL.canParse(value, 'https://api.terminal49.com'),
};

const EMPTY_TO_ONE = /\/relationships\/[^/]+\/data$/;

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Every way `value` breaks `schema`, each as `path: what`; empty when it conforms. */
export function validate(
  schemas: Readonly<Record<string, SchemaNode>>,
  schema: SchemaNode,
  value: unknown,
  path = '',
): string[] {
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    return target === undefined ? [`${path}: no schema ${name}`] : validate(schemas, target, value, path);
  }
  const at = path === '' ? '/' : path;
  if (value === null) {
    // An empty to-one relationship is `{"data": null}` in JSON:API, and the upstream's own examples send it
    // for relationships its schemas do not mark nullable (a shipment's destination_terminal, say).
    if (schema.nullable === true || EMPTY_TO_ONE.test(path)) return [];
    return [`${at}: null, not nullable`];
  }
  const problems: string[] = [];
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  const kind = kindOf(value);
  switch (schema.type) {
    case undefined:
      break;
    case 'integer':
      if (!Number.isInteger(value)) problems.push(`${at}: ${kind} ${JSON.stringify(value)}, not an integer`);
      break;
    case 'number':
      if (kind !== 'number') problems.push(`${at}: ${kind}, not a number`);
      break;
    default:
      if (kind !== schema.type) problems.push(`${at}: ${kind}, not ${schema.type}`);
  }
  if (problems.length > 0) return problems;
  if (typeof value === 'string') {
    const check = schema.format === undefined ? undefined : FORMATS[schema.format];
    if (check !== undefined && !check(value))
      problems.push(`${at}: ${JSON.stringify(value)} is no ${schema.format}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      problems.push(`${at}: shorter than ${schema.minLength}`);
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      problems.push(`${at}: longer than ${schema.maxLength}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      problems.push(`${at}: fewer than ${schema.minItems} items`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      problems.push(`${at}: more than ${schema.maxItems} items`);
    }
    if (
      schema.uniqueItems === true &&
      new Set(value.map((item) => JSON.stringify(item))).size !== value.length
    ) {
      problems.push(`${at}: items repeat`);
    }
    if (schema.items !== undefined) {
      const items = schema.items;
      value.forEach((item, index) => {
        problems.push(...validate(schemas, items, item, `${path}/${index}`));
      });
    }
  }
  if (kind === 'object' && typeof value === 'object') {
    // kindOf said object: a JSON object, whose members are read by name.
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) problems.push(`${path}/${name}: required, missing`);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (name in record) problems.push(...validate(schemas, property, record[name], `${path}/${name}`));
    }
  }
  return problems;
}
