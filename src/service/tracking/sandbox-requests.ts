import type { DatabaseSync } from 'node:sqlite';
import type { WebhookEvent } from '../../contract/webhook-events.ts';
import type { CarrierCatalog } from '../../domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../domain/carriers/infer-number.ts';
import { transaction } from '../../store/database.ts';
import type { Notifier } from '../webhooks/notifier.ts';
import type { JourneyBook } from './journey-book.ts';
import { knownCarrierName } from './known-carriers.ts';
import { TEST_AWAITING_MANIFEST_NUMBER, TEST_MANIFEST_LATE_NUMBER } from './request-number.ts';
import { resourceEventPayload } from './tracking-payloads.ts';
import {
  type Resource,
  serializeContainer,
  serializeShipment,
  serializeTrackingRequest,
} from './tracking-serializers.ts';
import type {
  ContainerRecord,
  ShipmentRecord,
  TrackingRequestRecord,
  TrackingStore,
} from './tracking-store.ts';

/** How long the sandbox carrier takes to answer a new request, in service time (the upstream is asynchronous). */
export const SANDBOX_ANSWER_DELAY_MS = 3_000;
/** The upstream re-checks a request awaiting its manifest once a day (tracking-request-lifecycle guide). */
export const MANIFEST_RECHECK_MS = 24 * 3_600_000;
/** ... and fails it as `expired` once it is 7 days old. */
export const MANIFEST_EXPIRY_MS = 7 * MANIFEST_RECHECK_MS;

/** The upstream's documented test number that always fails with `not_found`. */
export const TEST_FAILED_NUMBER = 'TEST-TR-FAILED';

/** What the sandbox carrier says of a request number. */
type LineAnswer = 'found' | 'not_found' | 'not_manifested';

const lineAnswer = (request: TrackingRequestRecord, now: number): LineAnswer => {
  if (request.requestNumber === TEST_FAILED_NUMBER) return 'not_found';
  const lateFound =
    request.requestNumber === TEST_MANIFEST_LATE_NUMBER && now - request.createdAt >= MANIFEST_RECHECK_MS;
  if (
    (request.requestNumber === TEST_AWAITING_MANIFEST_NUMBER ||
      request.requestNumber === TEST_MANIFEST_LATE_NUMBER) &&
    !lateFound
  ) {
    return 'not_manifested';
  }
  return 'found';
};

export interface SandboxRequestsDeps {
  readonly db: DatabaseSync;
  readonly store: TrackingStore;
  readonly journeys: JourneyBook;
  readonly notifier: Notifier;
  readonly carriers: CarrierCatalog;
  /** Called in the answer's transaction once a request has become a shipment and its containers. */
  readonly onShipmentCreated?: (shipment: ShipmentRecord, containers: readonly ContainerRecord[]) => void;
}

/**
 * The sandbox carrier's answers to tracking requests, as the upstream's lifecycle guide describes them:
 * a found number becomes a shipment (`created`); a container number the line does not know fails at once
 * (`not_found`); a B/L or booking it does not know yet waits in `awaiting_manifest` (one webhook), is
 * re-checked daily and fails as `expired` after 7 days; a request without a carrier
 * (`auto_detect_vocc_scac`) gets the one inferred with confidence, or fails with `scac_auto_detect_failed`.
 * Each answer is one transaction with its webhook, and only moves a request out of an open status, so a
 * pass that runs twice answers nothing twice.
 */
export class SandboxRequests {
  constructor(private readonly deps: SandboxRequestsDeps) {}

  /** Answers what is due at `now`: new requests past the answer delay, and the daily manifest re-checks. */
  answerDue(now: number, batch: number): void {
    const { store } = this.deps;
    for (const request of store.pendingBefore(now - SANDBOX_ANSWER_DELAY_MS, batch)) {
      transaction(this.deps.db, () => this.answer(request, now));
    }
    for (const request of store.awaitingCheckedBefore(now - MANIFEST_RECHECK_MS, batch)) {
      transaction(this.deps.db, () => this.recheck(request, now));
    }
  }

  /**
   * Stops (a time) or resumes (null) tracking of a shipment; stopping sends
   * `tracking_request.tracking_stopped` about its request.
   */
  setTrackingStopped(shipment: ShipmentRecord, at: number | null, now: number): void {
    const { store, db } = this.deps;
    transaction(db, () => {
      store.setTrackingStopped(shipment.accountId, shipment.id, at);
      if (at === null) return;
      const request = store.request(shipment.accountId, shipment.trackingRequestId);
      if (request === undefined) return;
      const stopped = store.shipment(shipment.accountId, shipment.id) ?? shipment;
      const shipmentResource = serializeShipment(
        stopped,
        this.deps.journeys.of(stopped),
        store.containersOf(stopped.id),
        now,
      );
      this.publish(request, 'tracking_request.tracking_stopped', [shipmentResource]);
    });
  }

  private answer(pending: TrackingRequestRecord, now: number): void {
    const request = pending.scac === '' ? this.detectCarrier(pending) : pending;
    if (request === undefined) return;
    const answer = lineAnswer(request, now);
    if (answer === 'found') {
      this.succeed(request, now);
    } else if (answer === 'not_found' || request.requestType === 'container') {
      // Only B/Ls and bookings wait for a manifest; a container the line does not know fails at once.
      this.fail(request, 'not_found');
    } else if (this.deps.store.awaitManifest(request.id)) {
      this.publish(this.reread(request), 'tracking_request.awaiting_manifest', []);
    }
  }

  private recheck(request: TrackingRequestRecord, now: number): void {
    if (lineAnswer(request, now) === 'found') this.succeed(request, now);
    else if (now - request.createdAt >= MANIFEST_EXPIRY_MS) this.fail(request, 'expired');
    else this.deps.store.touchAwaiting(request.id, now);
  }

  /** The request with its inferred carrier, or undefined once it has been failed for want of one. */
  private detectCarrier(request: TrackingRequestRecord): TrackingRequestRecord | undefined {
    const inferred = inferNumber(request.requestNumber, this.deps.carriers);
    const scac =
      'unreadable' in inferred || inferred.decision !== 'auto_select' ? undefined : inferred.selected?.scac;
    if (scac === undefined || knownCarrierName(scac) === undefined) {
      this.fail(request, 'scac_auto_detect_failed');
      return undefined;
    }
    if (!this.deps.store.assignScac(request, scac)) {
      this.fail(request, 'duplicate');
      return undefined;
    }
    return this.reread(request);
  }

  private fail(request: TrackingRequestRecord, reason: string): void {
    if (!this.deps.store.fail(request.id, reason)) return;
    this.publish(this.reread(request), 'tracking_request.failed', []);
  }

  private succeed(request: TrackingRequestRecord, now: number): void {
    const { store, journeys } = this.deps;
    const journey = journeys.plan({ ...request, anchorAt: request.createdAt });
    const created = store.succeed(request, {
      anchorAt: request.createdAt,
      containers: journey.containers.map((container) => ({
        number: container.number,
        nextDueAt: container.events.find((event) => event.at > now)?.at,
      })),
    });
    if (created === undefined) return;
    this.deps.onShipmentCreated?.(created.shipment, created.containers);
    const shipment = serializeShipment(created.shipment, journey, created.containers, now);
    // The rows were made from the plan's containers, one each, in the same order.
    const containers = created.containers.flatMap((container, index) => {
      const plan = journey.containers[index];
      return plan === undefined ? [] : [serializeContainer(container, created.shipment, journey, plan, now)];
    });
    this.publish(this.reread(request), 'tracking_request.succeeded', [...containers, shipment]);
  }

  private reread(request: TrackingRequestRecord): TrackingRequestRecord {
    return this.deps.store.requestById(request.id) ?? request;
  }

  /** A tracking_request event: the request is the reference object and the last of `included`. */
  private publish(request: TrackingRequestRecord, event: WebhookEvent, others: readonly Resource[]): void {
    const resource = serializeTrackingRequest(request);
    this.deps.notifier.publishEvent({
      accountId: request.accountId,
      event,
      referenceType: 'tracking_request',
      referenceId: request.id,
      payload: (notification) => resourceEventPayload(notification, event, resource, [...others, resource]),
    });
  }
}
