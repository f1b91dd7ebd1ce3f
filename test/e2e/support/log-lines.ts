import { z } from 'zod';

/** The fields of a JSON log line the tests look at; the rest is allowed. */
const logLine = z.object({ level: z.number(), msg: z.string() }).loose();
export type LogLine = z.infer<typeof logLine>;

/** The JSON log lines of a command's stderr whose message is `msg`; other output is skipped. */
export function logLinesWith(stderr: string, msg: string): LogLine[] {
  const found: LogLine[] = [];
  for (const text of stderr.split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      const parsed = logLine.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.msg === msg) found.push(parsed.data);
    } catch {
      // Not JSON after all (a stack trace, say): not a log line.
    }
  }
  return found;
}
