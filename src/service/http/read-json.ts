import type { Context } from 'hono';
import type { z } from 'zod';
import { hasControlCharacters } from '../../contract/file-name.ts';
import { ValidationError } from '../../domain/errors.ts';
import { MalformedJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from './http-errors.ts';

const ACCEPTED_TYPES = ['application/json', 'application/vnd.api+json'];

/** Largest JSON request body; documents arrive by direct upload, so bodies are small. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * How deep a body may nest. A JSON:API body nests about six levels and a custom field's value a few
 * more; a body 10,000 levels deep parses, but the code that walks or serialises it recursively ran out
 * of stack (a 500 on custom field definitions before this limit).
 */
export const MAX_JSON_DEPTH = 64;

interface Nested {
  readonly value: object;
  readonly depth: number;
  readonly key: PropertyKey;
  readonly parent: Nested | undefined;
}

/** The path of the first member nested deeper than MAX_JSON_DEPTH, found without recursion. */
function tooDeepAt(body: unknown): PropertyKey[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  // Each entry links to its parent, so a wide body costs one small record per object, not a path each.
  const pending: Nested[] = [{ value: body, depth: 0, key: '', parent: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth >= MAX_JSON_DEPTH) {
      const path: PropertyKey[] = [];
      for (let at: Nested | undefined = next; at?.parent !== undefined; at = at.parent) path.unshift(at.key);
      // The keys are the client's: the pointer stops above one that is too long or holds control characters.
      const unsafe = path.findIndex((key) => typeof key === 'string' && echoedValue(key) !== key);
      return unsafe === -1 ? path : path.slice(0, unsafe);
    }
    const entries: Iterable<[PropertyKey, unknown]> = Array.isArray(next.value)
      ? next.value.entries()
      : Object.entries(next.value);
    for (const [key, item] of entries) {
      if (typeof item === 'object' && item !== null) {
        pending.push({ value: item, depth: next.depth + 1, key, parent: next });
      }
    }
  }
  return undefined;
}

/** JSON Pointer of a zod issue path, e.g. ['data','attributes','name'] → /data/attributes/name. */
const pointer = (path: readonly PropertyKey[]): string =>
  `/${path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** A value named in an error detail is cut here, so a huge input is not echoed back whole. */
const MAX_ECHOED_VALUE_CHARS = 100;

const echoed = (value: string): string =>
  value.length > MAX_ECHOED_VALUE_CHARS ? `${value.slice(0, MAX_ECHOED_VALUE_CHARS)}…` : value;

/**
 * A client's value as an error detail may name it: cut to MAX_ECHOED_VALUE_CHARS, or undefined when it
 * holds control or bidi characters (they would reach the logs and terminals that show the error).
 */
export const echoedValue = (value: string): string | undefined =>
  hasControlCharacters(value) ? undefined : echoed(value);

const humanField = (path: readonly PropertyKey[]): string => {
  const last = String(path.at(-1) ?? 'body');
  const words = last.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Reads and validates a JSON request body: wrong content type → 415, unparsable → 400, empty → as `{}`,
 * too big → 413, nested deeper than MAX_JSON_DEPTH or schema violations → 422 with a `source.pointer` for the
 * first offending member.
 */
export const readJson = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = await c.req.text();
  // An empty body is no parameters, whatever its type (Rails parses none), so its required members are
  // missing: a 422 naming the first, like a `{}` body.
  const empty = text.trim() === '';
  if (!empty && !ACCEPTED_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeError(ACCEPTED_TYPES);
  }
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw new PayloadTooLargeError(MAX_JSON_BODY_BYTES);
  }
  let body: unknown = {};
  try {
    if (!empty) body = JSON.parse(text);
  } catch {
    throw new MalformedJsonError();
  }
  const deep = tooDeepAt(body);
  if (deep !== undefined) {
    throw new ValidationError(
      `The body nests deeper than ${MAX_JSON_DEPTH} levels; at most ${MAX_JSON_DEPTH} are allowed`,
      {},
      { pointer: pointer(deep), code: 'invalid' },
    );
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const field = humanField(path);
  const message = issue?.message ?? 'is invalid';
  // Schemas may word their own message with the field name ("Name can't be blank"); do not say it twice.
  const value = valueAt(body, path);
  // zod leaves `issue.input` out, so a wrong type (a string for a list, 1.5 for a size) must be told
  // from a missing member by looking at the body itself.
  const blank = issue?.code === 'invalid_type' && (value === undefined || value === null);
  const detail = blank ? `${field} can't be blank` : describeIssue(issue, field, message, value);
  throw new ValidationError(
    detail,
    {},
    {
      pointer: pointer(path),
      code: blank ? 'blank' : 'invalid',
    },
  );
};

type Issue = z.core.$ZodIssue | undefined;

/** How a type zod expected reads in a sentence, where "a …" does not. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  int: 'an integer',
  array: 'an array',
  object: 'an object',
};

/** The `detail` of a 422: what is wrong, worded for a person, naming the member or the value at fault. */
function describeIssue(issue: Issue, field: string, message: string, value: unknown): string {
  if (issue?.code === 'invalid_type')
    return `${field} must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}`;
  // An array entry has no name of its own (its index would read "0 is not a known webhook event"):
  // name it by its value instead.
  const index = issue?.path.at(-1);
  if (typeof index === 'number' && typeof value === 'string') {
    // A value holding controls is not echoed: it would carry them into logs and terminals that show the error.
    if (hasControlCharacters(value))
      return `${humanField(issue?.path.slice(0, -1) ?? [])}[${index}] ${message}`;
    return `${echoed(value)} ${message}`;
  }
  // zod words a wrong literal (`data.type`) as "Invalid input: expected …"; say what is expected.
  if (issue?.code === 'invalid_value' && message.startsWith('Invalid input')) {
    return `${field} must be ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
  }
  // zod's own bound messages ("Too big: expected string to have <=255 characters") read as its internals.
  if ((issue?.code === 'too_big' || issue?.code === 'too_small') && message.startsWith('Too ')) {
    return `${field} must be ${boundWords(issue)}`;
  }
  return message.toLowerCase().startsWith(field.toLowerCase()) ? message : `${field} ${message}`;
}

/** The member of a parsed body at a zod issue path (zod does not report inputs by default). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    // An object that is not null, checked just above: any key reads as unknown.
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** "at most 255 characters", "at least 0", "at most 20 entries": the bound of a too_big or too_small issue. */
function boundWords(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const [side, bound] = issue.code === 'too_big' ? ['at most', issue.maximum] : ['at least', issue.minimum];
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
  return `${side} ${String(bound)}${unit}`;
}
