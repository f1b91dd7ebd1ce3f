import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { errorCode } from '../domain/system-error-code.ts';

/** What a failure line of the worker's log holds: the runtime logs every failed delivery with its id. */
const failureLine = z.object({
  level: z.number().int().min(40),
  messageId: z.string(),
  msg: z.string(),
  err: z.object({ message: z.string() }).optional(),
});

/**
 * The last error logged for each of `ids`, read from the log files oldest first (a missing file is
 * skipped). A dead-letter row keeps only the reason it was set aside; the log line of each failed
 * delivery says what went wrong that time.
 */
export const lastLoggedErrors = async (
  files: readonly string[],
  ids: readonly string[],
): Promise<Map<string, string>> => {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const wanted = new Set(ids);
  for (const file of files) {
    const lines = createInterface({
      input: createReadStream(file, 'utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    try {
      for await (const text of lines) {
        // Cheap filter first: most lines are about other messages.
        if (!text.includes('"messageId"')) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          continue;
        }
        const entry = failureLine.safeParse(parsed);
        if (!entry.success || !wanted.has(entry.data.messageId)) continue;
        found.set(entry.data.messageId, entry.data.err?.message ?? entry.data.msg);
      }
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  }
  return found;
};
