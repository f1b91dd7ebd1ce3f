import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';
import { echoedValue } from './read-json.ts';

/**
 * Reads `include` (a comma list; a dot path keeps its first step, the relationship this resource has)
 * against the relationships the resource's serializer has. An unknown name is a 400 on `include` worded
 * as the upstream's serializer words it, also on routes whose resource has no relationship at all: the
 * upstream checks every include against the serializer, whatever the route. An empty value is no include.
 */
export function readIncludeParam(
  c: Context,
  serializer: string,
  known: readonly string[],
  fallback: readonly string[] = [],
): Set<string> {
  const raw = c.req.query('include');
  if (raw === undefined) return new Set(fallback);
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  for (const name of names) {
    const first = name.split('.')[0] ?? name;
    if (!known.includes(first)) {
      throw new InvalidParameterError(
        'include',
        `${echoedValue(name) ?? 'a name'} is not specified as a relationship on V2::${serializer}`,
      );
    }
  }
  return new Set(names);
}
