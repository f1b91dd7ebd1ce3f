import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** The largest page the service serves. */
const PAGE_SIZE = 100;

const documentList = z.object({
  data: z.array(z.object({ id: z.string(), type: z.literal('document') })),
  meta: z.object({ total: z.number().int() }),
});

/** The key the local service wrote into its data dir on first start. */
export async function readApiKey(dataDir: string): Promise<string> {
  return (await readFile(join(dataDir, 'api-key'), 'utf8')).trim();
}

export const authorization = (apiKey: string) => ({ Authorization: `Token ${apiKey}` });

/**
 * Every document the service holds: `meta.total` and the ids of all pages. Each call costs requests
 * against the key's rate limit, which the worker shares, so tests call it once a scenario is quiet, not
 * in polling loops.
 */
export async function listDocuments(
  baseUrl: string,
  apiKey: string,
): Promise<{ total: number; ids: string[] }> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const url = new URL(`${baseUrl}/documents`);
    url.searchParams.set('page[size]', String(PAGE_SIZE));
    url.searchParams.set('page[number]', String(page));
    const response = await fetch(url, { headers: authorization(apiKey) });
    if (response.status !== 200) {
      throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    }
    const body = documentList.parse(await response.json());
    ids.push(...body.data.map((document) => document.id));
    if (body.data.length < PAGE_SIZE || ids.length >= body.meta.total) return { total: body.meta.total, ids };
  }
}
