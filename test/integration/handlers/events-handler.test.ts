import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventsHandler } from '../../../pipeline/handlers/events.handler.ts';
import { createReconcileHandler } from '../../../pipeline/handlers/reconcile.handler.ts';
import { encodeMessage, parseMessage } from '../../../pipeline/messages.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { FakeClient } from '../../unit/pipeline/events-fakes.ts';
import {
  attributes,
  DOC,
  documentResource,
  eventMessage,
  failedAttributes,
  ingested,
  representation,
} from '../../unit/pipeline/events-fixtures.ts';
import { captureStdout, embedded, lambdaContext, powertools } from './handler-harness.ts';

const TEN_MINUTES_MS = 10 * 60_000;
const config = {
  maxReextracts: 2,
  reextractBackoffSeconds: 30,
  reconcileAfterSeconds: 60,
  trackContainers: true,
};

describe('events and reconcile handlers (embedded queue, SQLite ledger, folder sink)', () => {
  let env: ReturnType<typeof embedded>;
  let stdout: ReturnType<typeof captureStdout>;
  let clock: ManualClock;
  let client: FakeClient;

  beforeEach(async () => {
    // Ten minutes after the fixtures' documents arrived: the latency the metric should show.
    clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z') + TEN_MINUTES_MS);
    env = embedded(clock);
    client = new FakeClient();
    await ingested(env.ledger);
    stdout = captureStdout();
  });
  afterEach(() => {
    stdout.restore();
    env.close();
  });

  const eventsHandler = () =>
    createEventsHandler({
      ...powertools('events'),
      clock,
      client: async () => client,
      ledger: env.ledger,
      sink: env.sink,
      eventsQueue: env.queue,
      config,
      visibilityTimeoutSeconds: 60,
    });

  it('writes the outcome once for a notification delivered twice, fails a malformed record alone, and counts', async () => {
    const extracted = encodeMessage(eventMessage('document.extracted', attributes()));
    await env.queue.send(extracted);
    await env.queue.send('{');
    await env.queue.send(extracted);
    const records = await env.poll();

    const response = await eventsHandler()({ Records: records }, lambdaContext());

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: records[1]?.messageId }]);
    expect(existsSync(join(env.out, 'results', `${DOC}.json`))).toBe(true);
    expect(stdout.metricNames()).toEqual(['DocumentsExtracted', 'EndToEndLatency']);
    expect(stdout.emf()[0]).toMatchObject({
      DocumentsExtracted: 1,
      EndToEndLatency: TEN_MINUTES_MS,
      service: 'stevedore',
      stage: 'events',
      _aws: { CloudWatchMetrics: [{ Namespace: 'Stevedore' }] },
    });
    const processed = stdout.logs().filter((line) => line.message === 'document event processed');
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({ correlationId: DOC, function_name: 'stevedore-test' });
  });

  it('schedules a re-extraction of a failed document on the events queue and counts it', async () => {
    await env.queue.send(encodeMessage(eventMessage('document.extraction_failed', failedAttributes(1))));
    const records = await env.poll();

    expect(await eventsHandler()({ Records: records }, lambdaContext())).toEqual({ batchItemFailures: [] });

    expect(stdout.metricNames()).toEqual(['DocumentsReextracted']);
    clock.advance(30_000);
    const [reextract] = await env.poll();
    expect(parseMessage(reextract?.body ?? '')).toMatchObject({ kind: 'reextract', attempt: 1 });
  });

  it('the reconcile function recovers an outcome whose webhook never arrived and counts it', async () => {
    client.documents.set(DOC, { data: documentResource(attributes()), included: [representation()] });
    const handler = createReconcileHandler({
      ...powertools('reconcile'),
      clock,
      client: async () => client,
      ledger: env.ledger,
      sink: env.sink,
      eventsQueue: env.queue,
      config,
    });

    const summary = await handler(
      {
        version: '0',
        id: 'schedule-1',
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: '123456789012',
        time: new Date(clock.now()).toISOString(),
        region: 'eu-west-1',
        resources: ['arn:aws:events:eu-west-1:123456789012:rule/stevedore-reconcile'],
        detail: {},
      },
      lambdaContext(),
    );

    expect(summary.actions.recovered).toBe(1);
    expect(existsSync(join(env.out, 'results', `${DOC}.json`))).toBe(true);
    expect(stdout.metricNames().sort()).toEqual([
      'DocumentsExtracted',
      'EndToEndLatency',
      'LostWebhooksRecovered',
    ]);
  });
});
