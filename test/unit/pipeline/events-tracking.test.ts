import { describe, expect, it } from 'vitest';
import { readOutcome } from '../../../pipeline/ledger/documents.ts';
import { trackingPortOf } from '../../../pipeline/stages/events-deps.ts';
import type { DocumentState } from '../../../pipeline/stages/events-document-state.ts';
import { recordExtracted } from '../../../pipeline/stages/events-outcome.ts';
import { decide, numbersOf, type TrackingClientPort } from '../../../pipeline/stages/events-tracking.ts';
import { type NewTrackingRequest, ServiceClient } from '../../../src/client/service-client.ts';
import type { InferNumberResult, TrackingRequestResource } from '../../../src/client/tracking-schemas.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { FakeClient, harness } from './events-fakes.ts';
import { attributes, DOC } from './events-fixtures.ts';

const MSC = ['MSCU1234566', 'MEDU7654321'];
const LESSOR = 'TGHU1234560';
const BL = 'MEDUAB123456';

const auto = (scac: string): InferNumberResult => ({
  number_type: 'container',
  validation: { is_valid: true, type: 'container', check_digit_passed: true },
  shipping_line: {
    decision: 'auto_select',
    selected: { scac, name: scac, confidence: 0.99 },
    candidates: [{ scac, name: scac, confidence: 0.99 }],
  },
});

const unsure: InferNumberResult = {
  number_type: 'container',
  validation: { is_valid: true, type: 'container', check_digit_passed: true },
  shipping_line: {
    decision: 'needs_confirmation',
    selected: null,
    candidates: [
      { scac: 'MSCU', name: 'MSC', confidence: 0.5 },
      { scac: 'MAEU', name: 'Maersk', confidence: 0.3 },
    ],
  },
};

class DuplicateError extends AppError {
  constructor() {
    super('duplicate', 'a live request exists');
  }
}

/** The service's tracking requests in memory, with its duplicate rule for live requests. */
class FakeTracking implements TrackingClientPort {
  readonly accountKey = 'acct0001';
  readonly inferAnswers = new Map<string, InferNumberResult>();
  readonly requests: TrackingRequestResource[] = [];
  creates = 0;
  infers = 0;
  /** Thrown by the next create, before it takes effect. */
  failNextCreate: Error | undefined;
  /** Thrown by the next create after it took effect: the answer is lost on the way back. */
  loseNextAnswer = false;

  async inferNumber(number: string): Promise<InferNumberResult> {
    this.infers += 1;
    return this.inferAnswers.get(number) ?? { shipping_line: { decision: 'no_prediction', candidates: [] } };
  }
  async createTrackingRequest(input: NewTrackingRequest): Promise<TrackingRequestResource> {
    this.creates += 1;
    const failure = this.failNextCreate;
    this.failNextCreate = undefined;
    if (failure !== undefined) throw failure;
    const live = this.requests.find(
      (request) =>
        request.attributes.request_number === input.requestNumber && request.attributes.scac === input.scac,
    );
    if (live !== undefined) throw new DuplicateError();
    const request: TrackingRequestResource = {
      id: `tr-${this.requests.length + 1}`,
      type: 'tracking_request',
      attributes: {
        request_number: input.requestNumber,
        request_type: input.requestType,
        scac: input.scac,
        status: 'pending',
        ref_numbers: [...input.refNumbers],
        failed_reason: null,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      },
    };
    this.requests.push(request);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new AppError('service_unreachable', 'the answer was lost', { retryable: true });
    }
    return request;
  }
  async findTrackingRequests(requestNumber: string): Promise<TrackingRequestResource[]> {
    return this.requests.filter((request) => request.attributes.request_number === requestNumber);
  }
  isDuplicate(error: unknown): boolean {
    return error instanceof DuplicateError;
  }
}

const billOfLading = (
  payload: Record<string, unknown>,
  documentId = DOC,
  type: 'bill_of_lading' | 'arrival_notice' | 'commercial_invoice' = 'bill_of_lading',
): DocumentState => ({
  documentId,
  document: attributes({ id: documentId, document_type: type }),
  representation: {
    document_type: type,
    schema_version: '2026-03-23',
    payload,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
});

const setup = (options: { tracking?: boolean } = {}) => {
  const h = harness();
  const tracking = new FakeTracking();
  for (const number of MSC) tracking.inferAnswers.set(number, auto('MSCU'));
  tracking.inferAnswers.set(BL, { ...auto('MSCU'), number_type: 'bill_of_lading' });
  tracking.inferAnswers.set(LESSOR, unsure);
  const deps = { ...h.deps, ...(options.tracking === false ? {} : { tracking }) };
  return { ...h, tracking, deps };
};

describe('decide', () => {
  it('tracks only what the service auto-selects, with its SCAC', () => {
    expect(decide('container', auto('MSCU'))).toEqual({ track: true, scac: 'MSCU' });
    expect(decide('container', unsure)).toEqual({
      track: false,
      status: 'needs_person',
      reason: 'needs_confirmation',
    });
    expect(decide('container', { shipping_line: { decision: 'no_prediction' } })).toMatchObject({
      track: false,
      reason: 'no_prediction',
    });
    expect(decide('container', {})).toMatchObject({ track: false, reason: 'no_prediction' });
  });

  it('never tracks an invalid number', () => {
    const invalid = { ...auto('MSCU'), validation: { is_valid: false, reason: 'check digit' } };
    expect(decide('container', invalid)).toEqual({
      track: false,
      status: 'not_tracked',
      reason: 'invalid_number: check digit',
    });
  });

  it("uses a B/L's own SCAC when it agrees with the prediction, and asks a person when it does not", () => {
    expect(decide('bill_of_lading', auto('MSCU'), 'MSCU')).toEqual({ track: true, scac: 'MSCU' });
    expect(decide('bill_of_lading', auto('MSCU'))).toEqual({ track: true, scac: 'MSCU' });
    expect(decide('bill_of_lading', auto('MSCU'), 'MAEU')).toMatchObject({
      track: false,
      reason: 'scac_conflict',
    });
  });
});

describe('numbersOf', () => {
  it('normalizes and dedupes the container numbers, and skips documents that carry none to track', () => {
    const state = billOfLading({
      container_numbers: ['mscu 123456-6', 'MSCU1234566'],
      bill_of_lading_number: null,
    });
    expect(numbersOf(state)).toEqual({
      containers: ['MSCU1234566'],
      billOfLading: undefined,
      scac: undefined,
    });
    expect(numbersOf(billOfLading({ container_numbers: MSC }, DOC, 'commercial_invoice'))).toBeUndefined();
    expect(numbersOf(billOfLading({ container_numbers: MSC }, DOC, 'arrival_notice'))?.containers).toEqual(
      MSC,
    );
  });
});

describe('tracking an extracted bill of lading', () => {
  it('creates one request per auto-selected number with the document id as ref number, and lists the rest for a person', async () => {
    const { deps, tracking, sink } = setup();
    const state = billOfLading({
      container_numbers: [...MSC, LESSOR],
      bill_of_lading_number: BL,
      scac: 'MSCU',
    });
    expect(await recordExtracted(state, deps)).toBe('extracted');

    expect(tracking.requests.map((request) => request.attributes.request_number)).toEqual([...MSC, BL]);
    expect(tracking.requests.every((request) => request.attributes.ref_numbers?.[0] === DOC)).toBe(true);
    const section = sink.results.get(DOC)?.tracking;
    expect(section?.ref_number).toBe(DOC);
    expect(section?.numbers.map((n) => [n.number, n.status, n.scac, n.tracking_request_id])).toEqual([
      ['MSCU1234566', 'tracked', 'MSCU', 'tr-1'],
      ['MEDU7654321', 'tracked', 'MSCU', 'tr-2'],
      [LESSOR, 'needs_person', null, null],
      [BL, 'tracked', 'MSCU', 'tr-3'],
    ]);
    const lessor = section?.numbers.find((n) => n.number === LESSOR);
    expect(lessor?.decision).toBe('needs_confirmation');
    expect(lessor?.candidates.map((c) => c.scac)).toEqual(['MSCU', 'MAEU']);
  });

  it('asks nothing again for a redelivery or another document with the same containers', async () => {
    const { deps, tracking, sink } = setup();
    const payload = { container_numbers: MSC, bill_of_lading_number: null };
    await recordExtracted(billOfLading(payload), deps);
    const first = sink.results.get(DOC)?.tracking;
    const infers = tracking.infers;

    await recordExtracted(billOfLading(payload), deps);
    const other = 'doc-2';
    await recordExtracted(billOfLading(payload, other), deps);

    expect(tracking.creates).toBe(2);
    expect(tracking.infers).toBe(infers);
    expect(sink.results.get(other)?.tracking?.numbers).toEqual(first?.numbers);
  });

  it('creates once when the run stops after the service created the request and before the ledger knew', async () => {
    const { deps, tracking, ledger, sink } = setup();
    const state = billOfLading({ container_numbers: [MSC[0]], bill_of_lading_number: null });
    ledger.crashBefore.add('tracked/');
    await expect(recordExtracted(state, deps)).rejects.toThrow(/crash/);
    expect(await readOutcome(ledger, DOC)).toBeUndefined();

    expect(await recordExtracted(state, deps)).toBe('extracted');
    expect(tracking.creates).toBe(1);
    expect(sink.results.get(DOC)?.tracking?.numbers[0]?.tracking_request_id).toBe('tr-1');
  });

  it('treats a lost answer as done once the service lists the request', async () => {
    const { deps, tracking, sink } = setup();
    const state = billOfLading({ container_numbers: [MSC[0]], bill_of_lading_number: null });
    tracking.loseNextAnswer = true;
    await expect(recordExtracted(state, deps)).rejects.toThrow(/lost/);

    await recordExtracted(state, deps);
    expect(tracking.requests).toHaveLength(1);
    expect(sink.results.get(DOC)?.tracking?.numbers[0]?.status).toBe('tracked');
  });

  it("takes the service's 422 duplicate as success when another worker created the request first", async () => {
    const { deps, tracking, sink } = setup();
    const other = setup();
    const state = billOfLading({ container_numbers: [MSC[0]], bill_of_lading_number: null });
    // Another worker of the same account, with its own ledger, got there first.
    await recordExtracted(state, { ...other.deps, tracking });
    await recordExtracted(state, deps);
    expect(tracking.requests).toHaveLength(1);
    expect(tracking.creates).toBe(2);
    expect(sink.results.get(DOC)?.tracking?.numbers[0]?.tracking_request_id).toBe('tr-1');
  });

  it('writes a refusal that asking again cannot change for a person, without holding back the result', async () => {
    const { deps, tracking, sink } = setup();
    tracking.failNextCreate = new AppError('unknown_scac', 'the service does not know the carrier');
    const state = billOfLading({ container_numbers: [MSC[0]], bill_of_lading_number: null });
    expect(await recordExtracted(state, deps)).toBe('extracted');
    expect(sink.results.get(DOC)?.tracking?.numbers[0]).toMatchObject({
      status: 'not_tracked',
      reason: 'unknown_scac',
    });
  });

  it('leaves the outcome unwritten when the service is unavailable, so the redelivery tracks', async () => {
    const { deps, tracking, ledger } = setup();
    tracking.failNextCreate = new AppError('http_503', 'unavailable', { retryable: true });
    const state = billOfLading({ container_numbers: [MSC[0]], bill_of_lading_number: null });
    await expect(recordExtracted(state, deps)).rejects.toThrow(/unavailable/);
    expect(await readOutcome(ledger, DOC)).toBeUndefined();
    expect(await recordExtracted(state, deps)).toBe('extracted');
    expect(tracking.requests).toHaveLength(1);
  });

  it('does nothing when tracking is off', async () => {
    const { deps, tracking, sink } = setup({ tracking: false });
    await recordExtracted(billOfLading({ container_numbers: MSC, bill_of_lading_number: BL }), deps);
    expect(tracking.infers).toBe(0);
    expect(sink.results.get(DOC)?.tracking).toBeUndefined();
  });
});

describe('both runtimes compose the same tracking', () => {
  const client = new ServiceClient({ baseUrl: 'http://127.0.0.1:9/v2', token: 'key' });

  it('takes the service client as the tracking port (local `up` and the Lambda stages alike), unless the setting is off', () => {
    expect(trackingPortOf(client, true)).toBe(client);
    expect(trackingPortOf(client, false)).toBeUndefined();
    expect(trackingPortOf(new FakeClient(), true)).toBeUndefined();
  });

  it('names the account by a digest of its key, never the key', () => {
    expect(client.accountKey).toMatch(/^[0-9a-f]{16}$/);
    expect(client.accountKey).not.toContain('key');
  });
});
