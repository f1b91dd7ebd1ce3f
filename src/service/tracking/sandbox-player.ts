import type { DatabaseSync } from 'node:sqlite';
import type { WebhookEvent } from '../../contract/webhook-events.ts';
import { CARRIER_CATALOG, type CarrierCatalog } from '../../domain/carriers/carrier-catalog.ts';
import type { Clock, Timer } from '../../domain/clock.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import { terminalChangeset, terminalViewAt } from '../../domain/tracking/container-state.ts';
import type { Logger } from '../../observability/logger.ts';
import { transaction } from '../../store/database.ts';
import type { Notifier } from '../webhooks/notifier.ts';
import type { JourneyBook } from './journey-book.ts';
import { SandboxRequests } from './sandbox-requests.ts';
import { resourceEventPayload } from './tracking-payloads.ts';
import {
  type Resource,
  serializeContainer,
  serializePort,
  serializeShipment,
  serializeTerminal,
  serializeTransportEvent,
  serializeVessel,
} from './tracking-serializers.ts';
import type { ContainerRecord, ShipmentRecord, TrackingStore } from './tracking-store.ts';

/** How often the player looks for due work, in service time. */
export const DEFAULT_PLAY_INTERVAL_MS = 1_000;
/** Requests and containers handled per pass, so one pass never holds the database for long. */
const BATCH = 200;

export interface SandboxPlayerDeps {
  readonly db: DatabaseSync;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly store: TrackingStore;
  readonly journeys: JourneyBook;
  readonly ports: PortCatalog;
  readonly notifier: Notifier;
  readonly intervalMs?: number;
  /** The carriers an auto-detected request may be given; the shipped catalog by default. */
  readonly carriers?: CarrierCatalog;
  /** Called in the answer's transaction once a request has become a shipment and its containers. */
  readonly onShipmentCreated?: (shipment: ShipmentRecord, containers: readonly ContainerRecord[]) => void;
}

/**
 * The sandbox carrier at work: it answers pending tracking requests (a shipment and its containers, or a
 * failure), then, as service time passes, publishes each container's milestones and the terminal changes
 * they bring, as webhooks. Everything it publishes is derived from the stored journey anchors, so a pass
 * that runs twice (two processes, a crash) publishes nothing twice: each container's mark only moves
 * forward, in the same transaction as its notifications.
 */
export class SandboxPlayer {
  private timer: Timer | undefined;
  private running = false;
  /** The carrier's answers to tracking requests (created, failed, awaiting_manifest, stopped). */
  readonly requests: SandboxRequests;

  constructor(private readonly deps: SandboxPlayerDeps) {
    this.requests = new SandboxRequests({ ...deps, carriers: deps.carriers ?? CARRIER_CATALOG });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One pass at the clock's current time. */
  playOnce(): void {
    const now = this.deps.clock.now();
    this.requests.answerDue(now, BATCH);
    for (const { container, shipment } of this.deps.store.due(now, BATCH))
      this.play(container, shipment, now);
  }

  /** Publishes what is due for one container now (a refresh). */
  playContainer(container: ContainerRecord, shipment: ShipmentRecord): void {
    this.play(container, shipment, this.deps.clock.now());
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = this.deps.clock.setTimeout(
      () => {
        try {
          this.playOnce();
        } catch (error) {
          this.deps.logger.warn({ err: error }, 'sandbox carrier pass failed; the next pass retries');
        }
        this.schedule();
      },
      this.deps.intervalMs ?? DEFAULT_PLAY_INTERVAL_MS,
      { keepAlive: false },
    );
  }

  private play(container: ContainerRecord, shipment: ShipmentRecord, now: number): void {
    const { store, notifier, db, journeys, ports } = this.deps;
    const journey = journeys.of(shipment);
    const plan = journeys.planOf(shipment, container);
    const from = container.playedThrough;
    // A stopped shipment gets no updates; resumed, it catches up on what fell due meanwhile.
    if (now <= from || shipment.trackingStoppedAt !== null) return;
    const due = plan.events
      .map((event, index) => ({ event, index }))
      .filter(({ event }) => event.at > from && event.at <= now);
    if (due.length === 0) return;
    const nextDueAt = plan.events.find((event) => event.at > now)?.at;
    const containers = store.containersOf(shipment.id);
    transaction(db, () => {
      if (!store.markPlayed(container.id, from, now, nextDueAt)) return;
      const pod = journey.stops.at(-1)?.port;
      const terminal = serializeTerminal(journey.podTerminal, pod);
      for (const { event, index } of due) {
        const shipmentResource = serializeShipment(shipment, journey, containers, event.at);
        const containerResource = serializeContainer(container, shipment, journey, plan, event.at);
        const eventResource = serializeTransportEvent(event, index, container, journey);
        const port = ports.find(event.port.locode);
        const included: Resource[] = [
          eventResource,
          containerResource,
          shipmentResource,
          ...(port === undefined ? [] : [serializePort(port)]),
          ...(event.vessel === null ? [] : [serializeVessel(event.vessel)]),
        ];
        const name = event.event as WebhookEvent;
        notifier.publishEvent({
          accountId: container.accountId,
          event: name,
          referenceType: 'transport_event',
          referenceId: eventResource.id,
          payload: (notification) => resourceEventPayload(notification, name, eventResource, included),
        });
        const changeset = terminalChangeset(
          terminalViewAt(plan, event.at - 1),
          terminalViewAt(plan, event.at),
        );
        if (Object.keys(changeset).length === 0) continue;
        const updateId = stableUuid('container_updated_event', `${container.id}:${index}`);
        const update: Resource = {
          id: updateId,
          type: 'container_updated_event',
          attributes: {
            changeset,
            timestamp: new Date(event.at).toISOString(),
            data_source: 'terminal',
            timezone: pod?.timeZone ?? null,
          },
          relationships: {
            container: { data: { id: container.id, type: 'container' } },
            terminal: { data: { id: journey.podTerminal.id, type: 'terminal' } },
            shipment: { data: { id: shipment.id, type: 'shipment' } },
          },
        };
        const podPort = pod === undefined ? undefined : ports.find(pod.locode);
        notifier.publishEvent({
          accountId: container.accountId,
          event: 'container.updated',
          referenceType: 'container_updated_event',
          referenceId: updateId,
          payload: (notification) =>
            resourceEventPayload(notification, 'container.updated', update, [
              shipmentResource,
              ...(podPort === undefined ? [] : [serializePort(podPort)]),
              terminal,
              containerResource,
              update,
            ]),
        });
      }
    });
  }
}
