/** Fields every line has or that only matter to a machine reading the log file. */
const OMITTED = new Set(['level', 'time', 'msg', 'name', 'pid', 'hostname', 'component', 'module', 'err']);

const LABELS: Readonly<Record<number, string>> = { 40: 'warning', 50: 'error', 60: 'fatal' };

const shown = (value: unknown): string | undefined => {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

/**
 * One JSON log line as a short line for a person at a terminal: `warning [intake] file set aside:
 * reason=empty movedTo=…`, with the error's message when there is one. Nested objects are left to the
 * log file. Undefined for anything that is not a log line.
 */
export const humanLine = (json: string): string | undefined => {
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  const fields: Record<string, unknown> = { ...entry };
  const level = typeof fields.level === 'number' ? fields.level : 0;
  const label = LABELS[level] ?? (level >= 60 ? 'fatal' : 'note');
  const where = [fields.component, fields.module].filter((part) => typeof part === 'string').join('/');
  const details = Object.entries(fields)
    .filter(([key]) => !OMITTED.has(key))
    .flatMap(([key, value]) => {
      const text = shown(value);
      return text === undefined ? [] : [`${key}=${text}`];
    });
  const err = fields.err;
  const cause =
    typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string'
      ? err.message
      : undefined;
  const message = typeof fields.msg === 'string' ? fields.msg : '';
  return [`${label}${where ? ` [${where}]` : ''} ${message}${cause ? `: ${cause}` : ''}`, ...details].join(
    ' ',
  );
};
