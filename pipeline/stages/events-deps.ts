import type { DocumentResource } from '../../src/contract/document.ts';
import type { Clock } from '../../src/domain/clock.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { Metrics } from '../../src/observability/metrics.ts';
import type { Ledger, Queue } from '../ports.ts';
import type { ResultSink } from '../sinks/result-sink.ts';
import type { ReextractBackoff } from './events-backoff.ts';
import type { TrackingClientPort } from './events-tracking.ts';

/** The two calls the events stage makes on the service; `ServiceClient` satisfies it. */
export interface DocumentClient {
  getDocument(
    id: string,
    include?: readonly string[],
  ): Promise<{ data: DocumentResource; included: unknown[] }>;
  reextractDocument(id: string): Promise<void>;
}

export interface EventsDeps {
  readonly client: DocumentClient;
  readonly ledger: Ledger;
  readonly sink: ResultSink;
  /** The events queue, where re-extractions wait out their backoff. */
  readonly queue: Pick<Queue, 'send'>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Re-extractions of a failed document before it is routed to `failed/`. */
  readonly maxReextracts: number;
  readonly backoff: ReextractBackoff;
  /**
   * Tracks the numbers of extracted bills of lading and arrival notices; absent when
   * `STEVEDORE_TRACK_CONTAINERS` is off.
   */
  readonly tracking?: TrackingClientPort | undefined;
  /** extracted, reextracted, failed and the end-to-end latency; none by default. */
  readonly metrics?: Metrics;
}

/**
 * The tracking port of a client when tracking is on and the client has one (`ServiceClient` does; the
 * fakes of stage tests that only answer documents do not).
 */
export const trackingPortOf = (client: DocumentClient, enabled: boolean): TrackingClientPort | undefined =>
  enabled && isTrackingClient(client) ? client : undefined;

const isTrackingClient = (client: object): client is TrackingClientPort =>
  'inferNumber' in client && 'createTrackingRequest' in client && 'findTrackingRequests' in client;
