import type { Context } from 'hono';
import type { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import { MalformedJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from './http-errors.ts';

const ACCEPTED_TYPES = ['application/json', 'application/vnd.api+json'];

/** Largest JSON request body; documents arrive by direct upload, so bodies are small. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** JSON Pointer of a zod issue path, e.g. ['data','attributes','name'] → /data/attributes/name. */
const pointer = (path: readonly PropertyKey[]): string =>
  `/${path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

const humanField = (path: readonly PropertyKey[]): string => {
  const last = String(path.at(-1) ?? 'body');
  const words = last.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Reads and validates a JSON request body: wrong content type → 415, unparsable → 400, too big →
 * 413, schema violations → 422 with a `source.pointer` for the first offending member.
 */
export const readJson = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ACCEPTED_TYPES.includes(type)) {
    throw new UnsupportedMediaTypeError(ACCEPTED_TYPES);
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw new PayloadTooLargeError(MAX_JSON_BODY_BYTES);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MalformedJsonError();
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const field = humanField(path);
  const message = issue?.message ?? 'is invalid';
  // Schemas may word their own message with the field name ("Name can't be blank"); do not say it twice.
  const detail =
    issue?.code === 'invalid_type' && issue.input === undefined
      ? `${field} can't be blank`
      : message.startsWith(field)
        ? message
        : `${field} ${message}`;
  throw new ValidationError(
    detail,
    {},
    {
      pointer: pointer(path),
      code: issue?.code === 'invalid_type' && issue.input === undefined ? 'blank' : 'invalid',
    },
  );
};
