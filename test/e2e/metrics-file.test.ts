import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes } from './support/outcome-files.ts';
import { interrupt, pickUpPorts, upArgs } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

const INVOICE = fileURLToPath(new URL('../../examples/commercial-invoice.pdf', import.meta.url));

/** Every line of the file as JSON; the metric names of each line's EMF declaration. */
const metricLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter((text) => text.length > 0)
    .map(
      (text) =>
        JSON.parse(text) as {
          stage: string;
          service: string;
          _aws: { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> };
        },
    );

e2eTest(
  'up --metrics writes the same EMF metric names as the Lambda functions',
  { timeout: 90_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const file = join(workspace.root, 'metrics.jsonl');
    const command = e2e.start([...upArgs(workspace, await pickUpPorts()), '--metrics', file], {
      cwd: workspace.root,
      env: {},
    });
    await command.waitForLine(/^Press Ctrl-C to stop\.$/, 30_000);

    await copyFile(INVOICE, join(workspace.inbox, 'invoice.pdf'));
    await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
      what: 'the result file',
      timeoutMs: 60_000,
      explain: () => e2e.describe(),
    });
    await copyFile(INVOICE, join(workspace.inbox, 'invoice-again.pdf'));
    await waitUntil(
      async () =>
        (await metricLines(file).catch(() => [])).some((line) =>
          line._aws.CloudWatchMetrics[0]?.Metrics.some((metric) => metric.Name === 'DocumentsDuplicate'),
        ),
      { what: 'the duplicate metric', timeoutMs: 30_000, explain: () => e2e.describe() },
    );
    expect((await interrupt(command)).code).toBe(0);

    const lines = await metricLines(file);
    const named = lines.map((line) => `${line.stage} ${line._aws.CloudWatchMetrics[0]?.Metrics[0]?.Name}`);
    expect(new Set(named)).toEqual(
      new Set([
        'ingest DocumentsReceived',
        'ingest DocumentsUploaded',
        'ingest DocumentsDuplicate',
        'events DocumentsExtracted',
        'events EndToEndLatency',
      ]),
    );
    expect(lines.every((line) => line.service === 'stevedore')).toBe(true);
    expect(lines.every((line) => line._aws.CloudWatchMetrics[0]?.Namespace === 'Stevedore')).toBe(true);
  },
);
