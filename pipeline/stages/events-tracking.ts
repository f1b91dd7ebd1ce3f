import type { NewTrackingRequest, TrackingRequestType } from '../../src/client/service-client.ts';
import type { InferNumberResult, TrackingRequestResource } from '../../src/client/tracking-schemas.ts';
import { AppError, isAppError } from '../../src/domain/errors.ts';
import { readTracked, recordTracked, recordTrackIntent, type TrackingKey } from '../ledger/tracking.ts';
import type { TrackedNumberRecord, TrackingRecord } from '../sinks/result-records.ts';
import type { EventsDeps } from './events-deps.ts';
import type { DocumentState } from './events-document-state.ts';

/**
 * The worker closes the loop: the container numbers (and the B/L number) of an extracted bill of lading or
 * arrival notice are tracked when the service names their carrier with confidence (`auto_select`); any
 * other answer goes to the result file for a person, with the candidates, and nothing is guessed.
 *
 * Exactly once per number and account, across redeliveries, retries and the same content dropped twice:
 * 1. `tracked/<account>/<type>/<number>` present: done, nothing asked.
 * 2. `track-intent/...` written before the call. If it was already there, an earlier run stopped between
 *    the call and step 4, so the service's live requests are looked up first and one found is taken.
 * 3. Create; a 422 `duplicate` (a pending or created request exists: a concurrent run, a lost answer) is
 *    success, and the request is looked up.
 * 4. `tracked/...` written with the request id; a concurrent run's entry, when first, wins.
 * Steps 2-4 repeat at worst, and the service's duplicate rule stops a second live request.
 */

/** The client calls this needs; `ServiceClient` satisfies it (retries, 429 `Retry-After`). */
export interface TrackingClientPort {
  /** Names the account behind the API key (a digest, never the key). */
  readonly accountKey: string;
  inferNumber(number: string): Promise<InferNumberResult>;
  createTrackingRequest(input: NewTrackingRequest): Promise<TrackingRequestResource>;
  findTrackingRequests(requestNumber: string): Promise<TrackingRequestResource[]>;
  /** Whether an error of `createTrackingRequest` is the service's 422 `duplicate`. */
  isDuplicate(error: unknown): boolean;
}

/** Documents whose numbers are tracked. */
const TRACKED_DOCUMENT_TYPES: ReadonlySet<string> = new Set(['bill_of_lading', 'arrival_notice']);

/** Requests the service still works on or has found: a duplicate of one of these is refused. */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['pending', 'created']);

/** The service reported a duplicate but lists no live request for the number: ask again later. */
export class TrackingLookupError extends AppError {
  constructor(number: string, scac: string) {
    super(
      'tracking_request_not_found',
      `no live tracking request for ${number} (${scac}) after a duplicate`,
      {
        retryable: true,
        details: { number, scac },
      },
    );
  }
}

/** Spaces, dashes and case do not change a number; the ledger key needs one spelling. */
export const normalizeNumber = (value: string): string => value.replace(/[\s\-./]/g, '').toUpperCase();

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The numbers to track of a document, containers first, each once; none for other documents. */
export const numbersOf = (
  state: DocumentState,
): { containers: string[]; billOfLading: string | undefined; scac: string | undefined } | undefined => {
  const type = state.representation?.document_type ?? state.document.document_type;
  const payload = state.representation?.payload;
  if (type === null || !TRACKED_DOCUMENT_TYPES.has(type) || payload == null) return undefined;
  const containers = [...new Set(stringsOf(payload.container_numbers).map(normalizeNumber))].filter(
    (number) => number !== '',
  );
  const bl = textOf(payload.bill_of_lading_number);
  const scac = textOf(payload.scac);
  return {
    containers,
    billOfLading: bl === undefined ? undefined : normalizeNumber(bl),
    scac: scac?.toUpperCase(),
  };
};

/** What to do with one inferred number: the carrier to track with, or why a person must decide. */
export type TrackDecision =
  | { readonly track: true; readonly scac: string }
  | { readonly track: false; readonly status: 'needs_person' | 'not_tracked'; readonly reason: string };

/**
 * Pure: the service's answer (and, for a B/L, the carrier the document names) → track or not. Only
 * `auto_select` tracks; for a B/L the document's SCAC is used when it agrees with the prediction, and one
 * that disagrees goes to a person.
 */
export const decide = (
  requestType: TrackingRequestType,
  inferred: InferNumberResult,
  documentScac?: string,
): TrackDecision => {
  if (inferred.validation?.is_valid === false) {
    const detail = inferred.validation.reason;
    return {
      track: false,
      status: 'not_tracked',
      reason: detail ? `invalid_number: ${detail}` : 'invalid_number',
    };
  }
  const decision = inferred.shipping_line?.decision ?? 'no_prediction';
  if (decision !== 'auto_select') return { track: false, status: 'needs_person', reason: decision };
  const selected = inferred.shipping_line?.selected?.scac;
  if (selected === undefined) return { track: false, status: 'needs_person', reason: 'no_prediction' };
  if (requestType === 'bill_of_lading' && documentScac !== undefined && documentScac !== selected) {
    return { track: false, status: 'needs_person', reason: 'scac_conflict' };
  }
  return { track: true, scac: selected };
};

const candidatesOf = (inferred: InferNumberResult): TrackedNumberRecord['candidates'] =>
  (inferred.shipping_line?.candidates ?? []).map((candidate) => ({
    scac: candidate.scac,
    name: typeof candidate.name === 'string' ? candidate.name : null,
    confidence: typeof candidate.confidence === 'number' ? candidate.confidence : null,
  }));

/**
 * Tracks the numbers of an extracted document and answers the result file's `tracking` section;
 * undefined when tracking is off or the document is not one whose numbers are tracked. Numbers go one by
 * one: the client paces calls, and a failure leaves the rest for the redelivery, which skips what is done.
 */
export const trackDocument = async (
  state: DocumentState,
  deps: EventsDeps,
): Promise<TrackingRecord | undefined> => {
  const client = deps.tracking;
  if (client === undefined) return undefined;
  const found = numbersOf(state);
  if (found === undefined) return undefined;
  const refNumber = state.documentId;
  const inputs: NumberToTrack[] = found.containers.map((number) => ({
    requestType: 'container',
    number,
    refNumber,
  }));
  if (found.billOfLading !== undefined) {
    inputs.push({
      requestType: 'bill_of_lading',
      number: found.billOfLading,
      refNumber,
      documentScac: found.scac,
    });
  }
  const numbers: TrackedNumberRecord[] = [];
  for (const input of inputs) numbers.push(await trackOrExplain(input, client, deps));
  return { ref_number: refNumber, numbers };
};

/**
 * A refusal that asking again cannot change (a 4xx other than 429: an unknown SCAC, a missing feature)
 * is written to the file for a person instead of holding the document's result back for ever; anything
 * retryable (429 after the client's own retries, 5xx, unreachable) throws, so the message comes back.
 */
const trackOrExplain = async (
  input: NumberToTrack,
  client: TrackingClientPort,
  deps: Pick<EventsDeps, 'ledger' | 'clock' | 'logger'>,
): Promise<TrackedNumberRecord> => {
  try {
    return await trackNumber(input, client, deps);
  } catch (error) {
    if (!isAppError(error) || error.retryable) throw error;
    deps.logger.warn({ number: input.number, code: error.code, err: error }, 'number not tracked');
    return {
      number: input.number,
      request_type: input.requestType,
      status: 'not_tracked',
      decision: 'unknown',
      scac: null,
      tracking_request_id: null,
      reason: error.code,
      candidates: [],
    };
  }
};

interface NumberToTrack {
  readonly requestType: TrackingRequestType;
  readonly number: string;
  /** Sent as the request's ref number: the document id. */
  readonly refNumber: string;
  readonly documentScac?: string | undefined;
}

export const trackNumber = async (
  input: NumberToTrack,
  client: TrackingClientPort,
  deps: Pick<EventsDeps, 'ledger' | 'clock' | 'logger'>,
): Promise<TrackedNumberRecord> => {
  const { ledger, clock } = deps;
  const { requestType, number, refNumber } = input;
  const key: TrackingKey = { account: client.accountKey, requestType, number };
  const base = { number, request_type: requestType };

  const done = await readTracked(ledger, key);
  if (done !== undefined) return trackedRecord(base, done);

  const inferred = await client.inferNumber(number);
  const decision = decide(requestType, inferred, input.documentScac);
  const predicted = inferred.shipping_line?.decision ?? 'no_prediction';
  if (!decision.track) {
    return {
      ...base,
      status: decision.status,
      decision: predicted,
      scac: inferred.shipping_line?.selected?.scac ?? null,
      tracking_request_id: null,
      reason: decision.reason,
      candidates: candidatesOf(inferred),
    };
  }

  const { scac } = decision;
  const fresh = await recordTrackIntent(ledger, key, { documentId: refNumber, scac, at: clock.now() });
  let request = fresh ? undefined : await findLive(client, number, scac);
  if (request === undefined) {
    try {
      request = await client.createTrackingRequest({
        requestType,
        requestNumber: number,
        scac,
        refNumbers: [refNumber],
      });
    } catch (error) {
      if (!client.isDuplicate(error)) throw error;
      request = await findLive(client, number, scac);
      if (request === undefined) throw new TrackingLookupError(number, scac);
    }
  }
  const held = await recordTracked(ledger, key, {
    trackingRequestId: request.id,
    scac,
    decision: predicted,
    documentId: refNumber,
    at: clock.now(),
  });
  deps.logger.info(
    { number, requestType, scac, trackingRequestId: held.trackingRequestId },
    'number tracked',
  );
  return trackedRecord(base, held);
};

const findLive = async (
  client: TrackingClientPort,
  number: string,
  scac: string,
): Promise<TrackingRequestResource | undefined> =>
  (await client.findTrackingRequests(number)).find(
    (request) => request.attributes.scac === scac && LIVE_STATUSES.has(request.attributes.status),
  );

const trackedRecord = (
  base: Pick<TrackedNumberRecord, 'number' | 'request_type'>,
  entry: { trackingRequestId: string; scac: string; decision: string },
): TrackedNumberRecord => ({
  ...base,
  status: 'tracked',
  decision: entry.decision,
  scac: entry.scac,
  tracking_request_id: entry.trackingRequestId,
  reason: null,
  // A tracked number reads the same from the ledger on every rewrite, where no candidates are kept.
  candidates: [],
});
