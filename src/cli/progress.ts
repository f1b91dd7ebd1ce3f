import type { Terminal } from './terminal.ts';
import type { ProgressCounts } from './worker.ts';

/** Often enough to feel live, rare enough that the queries it runs stay invisible. */
export const PROGRESS_INTERVAL_MS = 500;

const describe = (counts: ProgressCounts): string =>
  [
    `queued ${counts.queued}`,
    `processing ${counts.processing}`,
    `extracted ${counts.extracted}`,
    `failed ${counts.failed}`,
    `rejected ${counts.rejected}`,
    `duplicates ${counts.duplicates}`,
    ...(counts.deadLetters > 0 ? [`dead letters ${counts.deadLetters}`] : []),
  ].join(' · ');

/** Shows the worker's counts on the terminal's status line whenever they change. */
export const startProgress = (
  terminal: Terminal,
  read: () => Promise<ProgressCounts>,
  intervalMs = PROGRESS_INTERVAL_MS,
): { stop(): Promise<void> } => {
  let last = '';
  const tick = async (): Promise<void> => {
    const text = describe(await read());
    if (text === last) return;
    last = text;
    terminal.status(text);
  };
  const timer = setInterval(() => {
    tick().catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await tick().catch(() => undefined);
      terminal.done();
    },
  };
};
