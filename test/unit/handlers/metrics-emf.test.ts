import { Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import { describe, expect, it, vi } from 'vitest';
import { stageMetricsOn } from '../../../pipeline/handlers/lambda-kit.ts';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE } from '../../../src/observability/metrics.ts';
import { createEmfWriter } from '../../../src/observability/metrics-emf.ts';

const AT = Date.UTC(2026, 0, 1);

describe('EMF metrics', () => {
  it('the local writer prints one EMF line per event with the namespace, dimensions and unit', () => {
    const lines: string[] = [];
    const metrics = createEmfWriter({ stage: 'ingest', write: (line) => lines.push(line), now: () => AT });
    metrics.count('received');
    metrics.count('duplicates', 2);
    metrics.latency(1500);
    const parsed = lines.map((line) => JSON.parse(line));
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    expect(parsed[0]).toEqual({
      _aws: {
        Timestamp: AT,
        CloudWatchMetrics: [
          {
            Namespace: 'Stevedore',
            Dimensions: [['service', 'stage']],
            Metrics: [{ Name: 'DocumentsReceived', Unit: 'Count' }],
          },
        ],
      },
      service: 'stevedore',
      stage: 'ingest',
      DocumentsReceived: 1,
    });
    expect(parsed[1]).toMatchObject({ DocumentsDuplicate: 2 });
    expect(parsed[2]._aws.CloudWatchMetrics[0].Metrics).toEqual([
      { Name: 'EndToEndLatency', Unit: 'Milliseconds' },
    ]);
  });

  it('in Lambda, Powertools publishes the same names, namespace and dimensions', () => {
    const powertools = new PowertoolsMetrics({
      namespace: METRICS_NAMESPACE,
      serviceName: METRICS_SERVICE,
      defaultDimensions: { stage: 'events' },
    });
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const metrics = stageMetricsOn(powertools);
      for (const name of [
        'received',
        'duplicates',
        'uploaded',
        'extracted',
        'reextracted',
        'failed',
        'lostWebhooksRecovered',
        'webhookSignatureRejected',
      ] as const) {
        metrics.count(name);
      }
      metrics.latency(42);
      powertools.publishStoredMetrics();
    } finally {
      spy.mockRestore();
    }
    const [emf] = printed.map((line) => JSON.parse(line));
    const [declaration] = emf._aws.CloudWatchMetrics;
    expect(declaration.Namespace).toBe('Stevedore');
    expect(declaration.Dimensions[0].sort()).toEqual(['service', 'stage']);
    expect(declaration.Metrics.map((metric: { Name: string }) => metric.Name).sort()).toEqual(
      Object.values(METRIC_NAMES).sort(),
    );
    expect(emf).toMatchObject({ service: 'stevedore', stage: 'events', EndToEndLatency: 42 });
  });
});
