import { expect, test } from 'vitest';
import { recoveryFigures, restartLine, runChaos, summaryLine } from './chaos-run.ts';

/** The SIGKILLed run's messages would come back after this long if the restart did not take them back. */
const VISIBILITY_TIMEOUT_MS = 60_000;

test('chaos: 100 documents, 5 SIGKILLs of the whole stack at seeded moments, nothing lost, nothing duplicated', {
  timeout: 170_000,
}, async () => {
  const lines: string[] = [];
  const summary = await runChaos({ documents: 100, kills: 5, seed: 2026 }, (report) => {
    lines.push(restartLine(report));
  });
  lines.push(summaryLine(summary));
  console.log(lines.join('\n'));

  const explain = lines.join('\n');
  expect(summary.census.lost, explain).toBe(0);
  expect(summary.census.duplicated, explain).toBe(0);
  expect(summary.census.documents, explain).toBe(100);
  expect(summary.census.outcomes, explain).toBe(100);
  expect(summary.census.failed, explain).toBe(0);
  expect(summary.notRecovered, explain).toBe(0);
  expect(summary.recoveriesMs, explain).toHaveLength(5);
  expect(recoveryFigures(summary.recoveriesMs).max * 1000, explain).toBeLessThan(VISIBILITY_TIMEOUT_MS);
  expect(lines.at(-1)).toMatch(
    /^chaos: 100 documents, 5 kills, 0 lost, 0 duplicated, recovery p50 \d+\.\d s, max \d+\.\d s$/,
  );
});
