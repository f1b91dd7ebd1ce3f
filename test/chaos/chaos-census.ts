import { z } from 'zod';
import { readOutcomes } from '../e2e/support/outcome-files.ts';
import { authorization } from '../e2e/support/service-api.ts';
import { listFiles, type Workspace } from '../e2e/support/workspace.ts';

/** The largest page the service serves. */
const PAGE_SIZE = 100;

const documentPage = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ file_name: z.string() }) })),
});

/** A file the chaos run put in the inbox. Names are unique and so are contents, one for one. */
export interface Dropped {
  readonly name: string;
  readonly sha256: string;
}

export interface Census {
  readonly documents: number;
  readonly outcomes: number;
  /** Outcome files that report a failed extraction (valid PDFs: each one is worth a look). */
  readonly failed: number;
  /**
   * At the end: dropped files whose content has no outcome file. Mid-run: dropped files that are nowhere
   * any more (not in the inbox, archive or rejected folder, and with no document and no outcome).
   */
  readonly lost: number;
  /** Extra documents for one content, plus documents with more than one outcome file. */
  readonly duplicated: number;
}

export interface ServiceAccess {
  readonly baseUrl: string;
  readonly apiKey: string;
}

/**
 * Every document's id and upload name. Oldest first, so that documents created while the pages are read
 * land after the last page instead of shifting the ones still to read.
 */
async function listDocuments(service: ServiceAccess): Promise<{ id: string; fileName: string }[]> {
  const documents: { id: string; fileName: string }[] = [];
  for (let page = 1; ; page += 1) {
    const url = new URL(`${service.baseUrl}/documents`);
    url.searchParams.set('sort', 'created_at');
    url.searchParams.set('page[size]', String(PAGE_SIZE));
    url.searchParams.set('page[number]', String(page));
    const response = await fetch(url, { headers: authorization(service.apiKey) });
    if (response.status !== 200) {
      throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    }
    const { data } = documentPage.parse(await response.json());
    documents.push(...data.map((document) => ({ id: document.id, fileName: document.attributes.file_name })));
    if (data.length < PAGE_SIZE) return documents;
  }
}

const countBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/**
 * What the service and the outcome folders hold, checked against what was dropped. The worker uploads a
 * file under its own name, and every dropped name has its own content, so a document's name is its content.
 */
export async function takeCensus(
  service: ServiceAccess,
  workspace: Workspace,
  dropped: readonly Dropped[],
  final: boolean,
): Promise<Census> {
  const documents = await listDocuments(service);
  const { results, failures } = await readOutcomes(workspace);
  const outcomes = [...results, ...failures];
  const documentsPerName = countBy(documents, (document) => document.fileName);
  const outcomesPerDocument = countBy(outcomes, (outcome) => outcome.document_id);
  const extra = (counts: Map<string, number>) =>
    [...counts.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const withOutcome = new Set(outcomes.map((outcome) => outcome.sha256));
  const stillFiles = final
    ? new Set<string>()
    : new Set(
        (
          await Promise.all(
            [workspace.inbox, workspace.archive, workspace.rejected].map((dir) => listFiles(dir)),
          )
        ).flat(),
      );
  const lost = dropped.filter(
    (file) =>
      !withOutcome.has(file.sha256) &&
      (final || (!documentsPerName.has(file.name) && !stillFiles.has(file.name))),
  );
  return {
    documents: documents.length,
    outcomes: outcomes.length,
    failed: failures.length,
    lost: lost.length,
    duplicated: extra(documentsPerName) + extra(outcomesPerDocument),
  };
}
