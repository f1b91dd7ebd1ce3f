import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { countOutcomes } from '../e2e/support/outcome-files.ts';
import { interrupt, pickUpPorts } from '../e2e/support/stevedore-up.ts';
import { waitUntil } from '../e2e/support/wait-until.ts';
import { createWorkspace, sha256Of, type Workspace } from '../e2e/support/workspace.ts';
import { createRandom } from '../support/samples/random.ts';
import { makeSampleCorpus, type SampleDocument } from '../support/samples/sample-corpus.ts';
import { type Census, type Dropped, takeCensus } from './chaos-census.ts';
import { ChaosStack, type RunningStack } from './chaos-stack.ts';

/** Settings of every `up` in the run: short waits where the command has them, so kills dominate. */
const CHAOS_ENV = {
  // A webhook that died with the process is looked up seconds later instead of minutes.
  STEVEDORE_RECONCILE_AFTER_SECONDS: '10',
  // Pacing is not what this run measures; the defaults (about 30 documents a minute) would make it last hours.
  STEVEDORE_RATE_LIMIT_PER_MINUTE: '100000',
  STEVEDORE_CLIENT_REQUESTS_PER_MINUTE: '60000',
  // An extraction killed three times fails; its re-extraction should not wait 30 s.
  STEVEDORE_MAX_REEXTRACTS: '2',
  STEVEDORE_REEXTRACT_BACKOFF_SECONDS: '1',
};

/** Kills land up to this long after a batch is dropped: staging, upload, extraction, webhook or quiet. */
export const DEFAULT_MAX_KILL_DELAY_MS = 6_000;
/** Past this, a restart counts as not recovered (and the time is reported as this bound). */
export const DEFAULT_RECOVERY_TIMEOUT_MS = 120_000;

export interface ChaosOptions {
  readonly documents: number;
  readonly kills: number;
  /** Decides the documents and when each kill lands. */
  readonly seed: number;
  readonly maxKillDelayMs?: number;
  readonly recoveryTimeoutMs?: number;
  /** Keep the temp folders for a look; they are kept anyway when something was lost or duplicated. */
  readonly keep?: boolean;
}

export interface RestartReport {
  readonly kill: number;
  readonly kills: number;
  readonly census: Census;
  /** From the kill until every file dropped before it has its outcome; undefined when past the timeout. */
  readonly recoveryMs: number | undefined;
}

export interface ChaosSummary {
  readonly documents: number;
  readonly kills: number;
  readonly census: Census;
  /** Per restart, in order; a restart past the timeout counts as the timeout. */
  readonly recoveriesMs: readonly number[];
  readonly notRecovered: number;
  readonly root: string;
}

/** `count` items split into `parts` batches whose sizes differ by at most one. */
const batches = <T>(items: readonly T[], parts: number): T[][] =>
  Array.from({ length: parts }, (_, i) =>
    items.slice(Math.floor((i * items.length) / parts), Math.floor(((i + 1) * items.length) / parts)),
  );

/** Written under a dot name first and renamed: the inbox never shows a half-written file. */
async function drop(workspace: Workspace, sample: SampleDocument): Promise<void> {
  const hidden = join(workspace.inbox, `.${sample.name}`);
  await writeFile(hidden, sample.bytes);
  await rename(hidden, join(workspace.inbox, sample.name));
}

/**
 * Drops the documents in `kills + 1` batches. After each of the first `kills` batches it waits a seeded
 * random delay, kills the whole stack with SIGKILL, starts it again on the same folders and ports, and
 * measures how long until everything dropped so far has its outcome. Ends once every document has one.
 */
export async function runChaos(
  options: ChaosOptions,
  onRestart: (report: RestartReport) => void,
): Promise<ChaosSummary> {
  const { documents, kills, seed } = options;
  const maxKillDelayMs = options.maxKillDelayMs ?? DEFAULT_MAX_KILL_DELAY_MS;
  const recoveryTimeoutMs = options.recoveryTimeoutMs ?? DEFAULT_RECOVERY_TIMEOUT_MS;
  const corpus = await makeSampleCorpus(documents, seed);
  const random = createRandom(seed);
  const killDelays = Array.from({ length: kills }, () => random.int(0, maxKillDelayMs));

  const workspace = await createWorkspace(`chaos-${documents}-${kills}`);
  const stacks = new ChaosStack(workspace, await pickUpPorts(), CHAOS_ENV);
  const dropped: Dropped[] = [];
  const recoveriesMs: number[] = [];
  let notRecovered = 0;
  let census: Census | undefined;
  try {
    let stack = await stacks.start();
    for (const [index, batch] of batches(corpus, kills + 1).entries()) {
      for (const sample of batch) {
        await drop(workspace, sample);
        dropped.push({ name: sample.name, sha256: sha256Of(sample.bytes) });
      }
      const delay = killDelays[index];
      if (delay === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      const killedAt = performance.now();
      await stack.command.kill('SIGKILL');
      stack = await stacks.start();
      const recovered = await allOutcomes(workspace, dropped.length, recoveryTimeoutMs);
      const recoveryMs = recovered ? performance.now() - killedAt : undefined;
      if (recoveryMs === undefined) notRecovered += 1;
      recoveriesMs.push(recoveryMs ?? recoveryTimeoutMs);
      onRestart({
        kill: index + 1,
        kills,
        census: await takeCensus(stack, workspace, dropped, false),
        recoveryMs,
      });
    }
    await allOutcomes(workspace, dropped.length, recoveryTimeoutMs);
    census = await takeCensus(stack, workspace, dropped, true);
    await stopGracefully(stack);
    return { documents, kills, census, recoveriesMs, notRecovered, root: workspace.root };
  } finally {
    const clean = census !== undefined && census.lost === 0 && census.duplicated === 0;
    await stacks.dispose(options.keep === true || !clean);
  }
}

/** True once there are at least `count` outcome files; false when `timeoutMs` passed first. */
async function allOutcomes(workspace: Workspace, count: number, timeoutMs: number): Promise<boolean> {
  try {
    await waitUntil(async () => (await countOutcomes(workspace)) >= count, {
      what: `${count} outcome files`,
      timeoutMs,
    });
    return true;
  } catch {
    return false;
  }
}

async function stopGracefully(stack: RunningStack): Promise<void> {
  const status = await interrupt(stack.command);
  if (status.code !== 0)
    throw new Error(`the last up ended with ${JSON.stringify(status)}\n${stack.command.describe()}`);
}

/** Median and maximum, in seconds. */
export function recoveryFigures(recoveriesMs: readonly number[]): { p50: number; max: number } {
  if (recoveriesMs.length === 0) return { p50: 0, max: 0 };
  const sorted = [...recoveriesMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const p50 =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { p50: p50 / 1000, max: (sorted.at(-1) ?? 0) / 1000 };
}

/** What the run prints after each restart. */
export const restartLine = (report: RestartReport): string =>
  `restart ${report.kill}/${report.kills}: ${report.census.documents} documents in the service, ` +
  `${report.census.outcomes} outcome files, ${report.census.lost} lost, ${report.census.duplicated} duplicated, ` +
  (report.recoveryMs === undefined
    ? 'not recovered in time'
    : `recovery ${(report.recoveryMs / 1000).toFixed(1)} s`);

/** The run's one-line result. */
export function summaryLine(summary: ChaosSummary): string {
  const { p50, max } = recoveryFigures(summary.recoveriesMs);
  return (
    `chaos: ${summary.documents} documents, ${summary.kills} kills, ${summary.census.lost} lost, ` +
    `${summary.census.duplicated} duplicated, recovery p50 ${p50.toFixed(1)} s, max ${max.toFixed(1)} s`
  );
}
