import type { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { MetricUnit, type Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { Clock, Timer } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import { createLogger, type Logger, type LogLevel } from '../../src/observability/logger.ts';
import { METRIC_NAMES, type Metrics } from '../../src/observability/metrics.ts';
import type { Queue } from '../ports.ts';

/**
 * What every handler shares: the stages' logger on top of Powertools' logger (JSON, Lambda context,
 * correlation id), the stages' metrics on top of Powertools' metrics (EMF, flushed per invocation), the
 * visibility heartbeat for long records and a guard against starting a record the function has no time
 * left to finish.
 */

/** The pino level numbers the stages' logger writes, mapped to Powertools' methods. */
const levelMethod = (level: number): 'debug' | 'info' | 'warn' | 'error' | 'critical' =>
  level >= 60 ? 'critical' : level >= 50 ? 'error' : level >= 40 ? 'warn' : level >= 30 ? 'info' : 'debug';

/**
 * The stages log through pino (with its redaction of secrets); each line is handed to Powertools, so
 * in Lambda every line carries the function's context and the correlation id appended for the record.
 */
export const stageLoggerOn = (powertools: PowertoolsLogger, level: LogLevel = 'debug'): Logger =>
  createLogger({
    level,
    destination: {
      write: (line: string) => {
        // pino's own output: one JSON object per line, with `level`, `time` and `msg`.
        const { level: number, time: _time, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
        powertools[levelMethod(Number(number))](typeof msg === 'string' ? msg : '', fields);
      },
    },
  });

/**
 * Runs `work` for one record with `correlationId` on every log line (Powertools' `appendKeys`), then
 * removes it, so the next record of the batch does not inherit it. Records run one at a time.
 */
export const withCorrelationId = async <T>(
  powertools: PowertoolsLogger,
  correlationId: string,
  work: () => Promise<T>,
): Promise<T> => {
  powertools.appendKeys({ correlationId });
  try {
    return await work();
  } finally {
    powertools.removeKeys(['correlationId']);
  }
};

/** The stages' `Metrics` port on Powertools' metrics; `flushMetrics` publishes them at the invocation's end. */
export const stageMetricsOn = (powertools: PowertoolsMetrics): Metrics => ({
  count: (name, n = 1) => void powertools.addMetric(METRIC_NAMES[name], MetricUnit.Count, n),
  latency: (ms) => void powertools.addMetric(METRIC_NAMES.latency, MetricUnit.Milliseconds, Math.max(0, ms)),
});

/**
 * Runs one invocation with the Lambda context on the logger and publishes the metrics it stored, also
 * when it throws (a full batch failure still counts what it saw). An invocation that counted nothing
 * prints nothing, instead of Powertools' "no metrics" warning.
 */
export const invoke = async <T>(
  kit: { readonly logger: PowertoolsLogger; readonly metrics: PowertoolsMetrics },
  context: Context | undefined,
  work: () => Promise<T>,
): Promise<T> => {
  if (context) kit.logger.addContext(context);
  try {
    return await work();
  } finally {
    if (kit.metrics.hasStoredMetrics()) kit.metrics.publishStoredMetrics();
  }
};

export interface HeartbeatOptions {
  /** The queue the record came from. */
  readonly queue: Pick<Queue, 'changeVisibility'>;
  readonly receiptHandle: string;
  /** Each renewal hides the message this long again. */
  readonly visibilityTimeoutSeconds: number;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * Renews at a third of the timeout: two renewals can fail or run late before the message reappears while
 * its upload still runs (which would make a second function upload it too).
 */
export const HEARTBEAT_FRACTION = 1 / 3;

/**
 * Keeps a record invisible while `work` runs (a long upload), renewing its visibility every third of
 * the timeout, and stops on completion either way. A renewal that fails is logged and tried again at
 * the next beat: the idempotent stages absorb a redelivery that slips through.
 */
export const withVisibilityHeartbeat = async <T>(
  options: HeartbeatOptions,
  work: () => Promise<T>,
): Promise<T> => {
  const { queue, receiptHandle, visibilityTimeoutSeconds, clock, logger } = options;
  const intervalMs = visibilityTimeoutSeconds * 1000 * HEARTBEAT_FRACTION;
  let timer: Timer | undefined;
  let stopped = false;
  const beat = (): void => {
    timer = clock.setTimeout(() => {
      queue
        .changeVisibility(receiptHandle, visibilityTimeoutSeconds)
        .catch((error: unknown) => logger.warn({ err: error }, 'visibility heartbeat failed'))
        .finally(() => {
          if (!stopped) beat();
        });
    }, intervalMs);
  };
  beat();
  try {
    return await work();
  } finally {
    stopped = true;
    clock.clearTimeout(timer);
  }
};

/** Not enough of the invocation left to finish a record: it goes back to the queue untouched. */
export class OutOfTimeError extends AppError {
  constructor(remainingMs: number) {
    super('out_of_time', `only ${remainingMs} ms of the invocation left; record handed back`, {
      retryable: true,
    });
  }
}

/**
 * Refuses to start a record with less than `minMs` of the invocation left: a timeout mid-record makes
 * Lambda redeliver the whole batch, while a refused record is redelivered alone.
 */
export const ensureTimeLeft = (context: Context | undefined, minMs: number): void => {
  if (context === undefined) return;
  const remaining = context.getRemainingTimeInMillis();
  if (remaining < minMs) throw new OutOfTimeError(remaining);
};
