import { createLogUpdate } from 'log-update';
import type { Output } from './output.ts';
import type { ProgressCounts } from './worker.ts';

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

/**
 * Shows progress: one line redrawn in place on a terminal, a plain line per change otherwise (so
 * logs and pipes stay readable).
 */
export const startProgress = (
  output: Output,
  read: () => Promise<ProgressCounts>,
  intervalMs = 500,
): { stop(): Promise<void> } => {
  const interactive = output.stdout.isTTY === true;
  const redraw = interactive ? createLogUpdate(output.stdout) : undefined;
  let last = '';
  const tick = async (): Promise<void> => {
    const text = describe(await read());
    if (text === last) return;
    last = text;
    if (redraw) redraw(text);
    else output.stdout.write(`progress: ${text}\n`);
  };
  const timer = setInterval(() => {
    tick().catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await tick().catch(() => undefined);
      redraw?.done();
    },
  };
};
