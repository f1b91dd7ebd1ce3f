/**
 * Every metric stevedore publishes, named once. CloudWatch receives them as EMF (Embedded Metric Format)
 * lines: from Powertools in Lambda, from `metrics-emf.ts` when `stevedore up --metrics` asks for them.
 * Dashboards and alarms use these names, so they change only with the README's metrics table.
 */
export const METRICS_NAMESPACE = 'Stevedore';
/** The `service` dimension of every metric (Powertools' `serviceName`). */
export const METRICS_SERVICE = 'stevedore';

export const METRIC_NAMES = {
  /** An intake message taken by the ingest stage (one file from a source). */
  received: 'DocumentsReceived',
  /** A file whose content already had a document (ledger or the service's 409). */
  duplicates: 'DocumentsDuplicate',
  /** A new document handed to the service. */
  uploaded: 'DocumentsUploaded',
  extracted: 'DocumentsExtracted',
  /** A re-extraction scheduled after a failed extraction. */
  reextracted: 'DocumentsReextracted',
  /** A document routed to the failure sink. */
  failed: 'DocumentsFailed',
  /** An outcome the reconciler recovered because its webhook never arrived. */
  lostWebhooksRecovered: 'LostWebhooksRecovered',
  /** A webhook delivery refused with 401 for its signature; the deployed alarm counts these. */
  webhookSignatureRejected: 'WebhookSignatureRejected',
  /** From the file's arrival at a source to its outcome, in milliseconds. */
  latency: 'EndToEndLatency',
} as const;

export type CountMetric = Exclude<keyof typeof METRIC_NAMES, 'latency'>;
export type MetricStage = 'ingest' | 'events' | 'reconcile' | 'webhook';

/** What the stages call; one implementation per place they run, and a no-op by default. */
export interface Metrics {
  count(name: CountMetric, n?: number): void;
  /** End-to-end latency, drop to outcome. */
  latency(ms: number): void;
}

export const noMetrics: Metrics = { count() {}, latency() {} };

export type MetricUnitName = 'Count' | 'Milliseconds';
export const unitOf = (name: keyof typeof METRIC_NAMES): MetricUnitName =>
  name === 'latency' ? 'Milliseconds' : 'Count';
