import {
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type MetricStage,
  type Metrics,
  unitOf,
} from './metrics.ts';

/** One EMF line, the shape Powertools' `publishStoredMetrics` prints and CloudWatch Logs understands. */
export const emfLine = (
  stage: MetricStage,
  name: keyof typeof METRIC_NAMES,
  value: number,
  timestamp: number,
): string =>
  JSON.stringify({
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', 'stage']],
          Metrics: [{ Name: METRIC_NAMES[name], Unit: unitOf(name) }],
        },
      ],
    },
    service: METRICS_SERVICE,
    stage,
    [METRIC_NAMES[name]]: value,
  });

export interface EmfWriterOptions {
  readonly stage: MetricStage;
  /** Receives one complete line (with its newline) per metric. */
  readonly write: (line: string) => void;
  readonly now: () => number;
}

/**
 * The local worker's metrics: one EMF line per event, written as it happens, so the same names and
 * dimensions as in Lambda can be read (and tested) without AWS. A line per event, not a flush per
 * batch: the local worker has no invocation whose end would flush.
 */
export const createEmfWriter = ({ stage, write, now }: EmfWriterOptions): Metrics => ({
  count: (name, n = 1) => write(`${emfLine(stage, name, n, now())}\n`),
  latency: (ms) => write(`${emfLine(stage, 'latency', Math.max(0, ms), now())}\n`),
});
