import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { listFiles, type Workspace } from './workspace.ts';

/** The outcome files as a user reads them; only the fields the tests look at (others are allowed). */
const origin = z.object({
  file_name: z.string(),
  origin_id: z.string(),
  source: z.string(),
  location: z.string(),
  received_at: z.string(),
});

export const resultRecord = z.object({
  status: z.literal('extracted'),
  document_id: z.string(),
  document_type: z.string(),
  sha256: z.string(),
  payload: z.record(z.string(), z.unknown()),
  origins: z.array(origin),
});
export type ResultRecord = z.infer<typeof resultRecord>;

export const failureRecord = z.object({
  status: z.literal('failed'),
  document_id: z.string(),
  sha256: z.string(),
  reason: z.string(),
  detail: z.string(),
  attempts: z.array(
    z.object({ attempt: z.number().int(), reason: z.string(), detail: z.string(), at: z.string() }),
  ),
  origins: z.array(origin),
});
export type FailureRecord = z.infer<typeof failureRecord>;

export interface Outcomes {
  readonly results: ResultRecord[];
  readonly failures: FailureRecord[];
}

/** Outcome files are `<document-id>.json`; temp files the sink writes first start with a dot. */
export const outcomeNames = async (dir: string): Promise<string[]> =>
  (await listFiles(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));

/** How many outcome files exist, without parsing them: cheap enough to poll. */
export async function countOutcomes(workspace: Workspace): Promise<number> {
  const [results, failures] = await Promise.all([
    outcomeNames(workspace.results),
    outcomeNames(workspace.failed),
  ]);
  return results.length + failures.length;
}

async function readRecords<T extends { document_id: string }>(
  dir: string,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const records: T[] = [];
  for (const name of await outcomeNames(dir)) {
    const record = schema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')));
    // The file name is the user's handle on the document: it must be the id inside.
    if (name !== `${record.document_id}.json`) {
      throw new Error(`${join(dir, name)} holds document ${record.document_id}`);
    }
    records.push(record);
  }
  return records;
}

/** Every result and failure file, parsed and checked against its schema. */
export async function readOutcomes(workspace: Workspace): Promise<Outcomes> {
  const [results, failures] = await Promise.all([
    readRecords(workspace.results, resultRecord),
    readRecords(workspace.failed, failureRecord),
  ]);
  return { results, failures };
}
