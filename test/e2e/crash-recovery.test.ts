import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, type ExpectStatic } from 'vitest';
import { makeSampleCorpus, type SampleDocument } from '../support/samples/sample-corpus.ts';
import { type E2eScope, e2eTest } from './support/e2e-test.ts';
import { logLinesWith } from './support/log-lines.ts';
import { countOutcomes, readOutcomes } from './support/outcome-files.ts';
import { listDocuments } from './support/service-api.ts';
import type { ExitStatus, StevedoreCommand } from './support/stevedore-command.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';
import { listFiles, sha256Of, type Workspace } from './support/workspace.ts';

const DOCUMENTS = 30;

const ENV = {
  STEVEDORE_MAX_REEXTRACTS: '1',
  STEVEDORE_REEXTRACT_BACKOFF_SECONDS: '1',
  // A document whose webhook died with the process is looked up seconds after the restart, not minutes.
  STEVEDORE_RECONCILE_AFTER_SECONDS: '5',
};

/**
 * The work left, on a loaded 2-core machine. Messages the killed process held come back at the restart
 * (it holds the data dir lock, so nobody else can hold them), not after their 60 s visibility timeout.
 */
const RECOVERY_TIMEOUT_MS = 150_000;
/** What a restart logs when it takes back messages and jobs the killed run held. */
const RECLAIMED = [
  'took back messages a killed run left in flight',
  'took back jobs a killed run left in flight',
];

interface Snapshot {
  readonly inbox: number;
  readonly archived: number;
  readonly outcomes: number;
}

interface Recovery {
  readonly atEnd: Snapshot;
  /** Messages and jobs the restart took back from the run that ended abruptly. */
  readonly reclaimed: number;
  /** From the restart's banner to every outcome written and a quiet worker. */
  readonly recoveryMs: number;
}

const snapshot = async (workspace: Workspace): Promise<Snapshot> => ({
  inbox: (await listFiles(workspace.inbox)).length,
  archived: (await listFiles(workspace.archive)).length,
  outcomes: await countOutcomes(workspace),
});

/** Ends `up` abruptly and resolves with how it ended. */
type AbruptEnd = (command: StevedoreCommand) => Promise<ExitStatus>;

const sigkill: AbruptEnd = (command) => command.kill('SIGKILL');

/** Ctrl-C, and once it shows it is stopping, Ctrl-C again: "now", without finishing anything. */
const doubleInterrupt: AbruptEnd = async (command) => {
  command.signal('SIGINT');
  await command.waitForLine(/^stopping/, 10_000);
  return command.kill('SIGINT');
};

/**
 * Drops the corpus, ends `up` abruptly once `endWhen` holds, starts it again on the same folders and ports,
 * and checks that every content became exactly one document with exactly one outcome file.
 */
async function crashAndRecover(
  e2e: E2eScope,
  expect: ExpectStatic,
  corpus: readonly SampleDocument[],
  endWhen: (seen: Snapshot) => boolean,
  end: { how: AbruptEnd; exit: ExitStatus },
): Promise<Recovery> {
  const workspace = await e2e.workspace();
  const ports = await pickUpPorts();
  const first = await startUp(e2e, workspace, ports, ENV);
  for (const sample of corpus) await writeFile(join(workspace.inbox, sample.name), sample.bytes);

  const atEnd = await waitUntil(
    async () => {
      const seen = await snapshot(workspace);
      return endWhen(seen) ? seen : undefined;
    },
    { what: 'the moment to end the process', timeoutMs: 60_000, explain: () => e2e.describe() },
  );
  expect(await end.how(first.command)).toEqual(end.exit);

  const second = await startUp(e2e, workspace, ports, ENV);
  const restartedAt = Date.now();
  const quiet = new RegExp(
    `^progress: queued 0 · processing 0 · extracted ${corpus.length} · failed 0 · rejected 0 · duplicates \\d+$`,
  );
  await waitUntil(
    async () => {
      const progress = second.command.stdoutLines.filter((line) => line.startsWith('progress: ')).at(-1);
      return (
        progress !== undefined && quiet.test(progress) && (await countOutcomes(workspace)) === corpus.length
      );
    },
    {
      what: `${corpus.length} outcomes and a quiet worker after the restart`,
      timeoutMs: RECOVERY_TIMEOUT_MS,
      explain: async () => `seen: ${JSON.stringify(await snapshot(workspace))}\n${e2e.describe()}`,
    },
  );
  const recoveryMs = Date.now() - restartedAt;

  expect(await listFiles(workspace.inbox)).toEqual([]);
  const archived = await listFiles(workspace.archive);
  expect(archived).toEqual(corpus.map((sample) => sample.name).sort());

  const bySha = new Map(corpus.map((sample) => [sha256Of(sample.bytes), sample]));
  expect(bySha.size).toBe(corpus.length);
  const { results, failures } = await readOutcomes(workspace);
  expect(failures).toEqual([]);
  expect(results).toHaveLength(corpus.length);
  expect(new Set(results.map((result) => result.sha256))).toEqual(new Set(bySha.keys()));
  for (const result of results) {
    const sample = bySha.get(result.sha256);
    expect(result.document_type, sample?.name).toBe(sample?.expected.documentType);
    expect(
      result.origins.map((origin) => origin.file_name),
      sample?.name,
    ).toEqual([sample?.name]);
  }
  for (const name of archived) {
    expect(bySha.get(sha256Of(await readFile(join(workspace.archive, name))))?.name).toBe(name);
  }

  const documents = await listDocuments(second.baseUrl, second.apiKey);
  expect(documents.total).toBe(corpus.length);
  expect([...documents.ids].sort()).toEqual(results.map((result) => result.document_id).sort());

  expect(await interrupt(second.command)).toEqual({ code: 0, signal: null });
  const reclaimed = RECLAIMED.flatMap((msg) => logLinesWith(second.command.stderr, msg)).reduce(
    (sum, logged) => sum + (typeof logged.count === 'number' ? logged.count : 0),
    0,
  );
  return { atEnd, reclaimed, recoveryMs };
}

const KILLED = { how: sigkill, exit: { code: null, signal: 'SIGKILL' } };

// Concurrent: each scenario mostly waits out the visibility timeout, and waiting adds no load.
describe.concurrent('after an abrupt end, a restart on the same folders loses nothing and duplicates nothing', () => {
  e2eTest('SIGKILL once some documents have their outcome', { timeout: 240_000 }, async ({ e2e, expect }) => {
    const corpus = await makeSampleCorpus(DOCUMENTS, 6346);
    const { atEnd } = await crashAndRecover(e2e, expect, corpus, (seen) => seen.outcomes >= 3, KILLED);
    expect(atEnd.outcomes, JSON.stringify(atEnd)).toBeLessThan(DOCUMENTS);
  });

  e2eTest(
    'SIGKILL as soon as every file is staged: the restart takes back the uploads in flight at once',
    { timeout: 240_000 },
    async ({ e2e, expect }) => {
      const corpus = await makeSampleCorpus(DOCUMENTS, 2026);
      const recovery = await crashAndRecover(e2e, expect, corpus, (seen) => seen.inbox === 0, KILLED);
      expect(recovery.atEnd.outcomes, JSON.stringify(recovery)).toBeLessThan(DOCUMENTS);
      // Uploads are paced (STEVEDORE_CLIENT_REQUESTS_PER_MINUTE), so right after staging the ingest stage
      // always holds messages; without the lock they would wait out their visibility timeout.
      expect(recovery.reclaimed, JSON.stringify(recovery)).toBeGreaterThan(0);
    },
  );

  e2eTest('a second Ctrl-C exits 130 at once', { timeout: 240_000 }, async ({ e2e, expect }) => {
    const corpus = await makeSampleCorpus(DOCUMENTS, 130);
    const { atEnd } = await crashAndRecover(e2e, expect, corpus, (seen) => seen.outcomes >= 1, {
      how: doubleInterrupt,
      exit: { code: 130, signal: null },
    });
    expect(atEnd.outcomes, JSON.stringify(atEnd)).toBeLessThan(DOCUMENTS);
  });
});
