/**
 * JSON with object keys sorted at every depth, pretty-printed, ending in a newline: the same record always
 * gives the same bytes, so rewriting a result on a redelivered event changes nothing and diffs stay small.
 */
export const stableJson = (value: unknown): string => `${JSON.stringify(sortKeys(value), null, 2)}\n`;

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeys(Reflect.get(value, key));
  }
  return sorted;
};
