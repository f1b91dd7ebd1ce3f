import { pino } from 'pino';

export type Logger = pino.Logger;
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Names of fields that must never reach a log line, wherever they appear in a logged object. */
const SECRET_PATHS = [
  'token',
  'apiToken',
  'secret',
  'password',
  'authorization',
  '*.token',
  '*.secret',
  '*.authorization',
];

/**
 * JSON lines on stderr (or `destination`); stdout stays free for the command's own output. Children name their part
 * with `component` (service, ingest, events, …) and a part's own parts with `module`: pino repeats a
 * key given twice rather than replacing it.
 */
export const createLogger = (
  options: { level?: LogLevel; name?: string; destination?: pino.DestinationStream } = {},
): Logger =>
  pino(
    {
      level: options.level ?? 'info',
      // `name` names the program; children add `component`, so the two never collide.
      ...(options.name ? { name: options.name } : {}),
      base: {},
      redact: { paths: SECRET_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? pino.destination({ fd: 2, sync: false }),
  );

export const silentLogger: Logger = pino({ level: 'silent' });
