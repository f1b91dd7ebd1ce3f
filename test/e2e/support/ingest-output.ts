import { z } from 'zod';

/** What `stevedore ingest` prints for one file. */
export const ingestSummary = z.object({
  file: z.string(),
  document_id: z.string(),
  duplicate: z.boolean(),
  status: z.string(),
  document_type: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ reason: z.string(), detail: z.string() }).optional(),
});
export type IngestSummary = z.infer<typeof ingestSummary>;

/** `ingest` prints one pretty-printed JSON object per file, one after the other. */
export function parseIngestOutput(stdout: string): IngestSummary[] {
  const summaries: IngestSummary[] = [];
  for (const chunk of stdout.split(/\n(?=\{)/)) {
    if (chunk.trim() !== '') summaries.push(ingestSummary.parse(JSON.parse(chunk)));
  }
  return summaries;
}
