import { setNewest } from '../../domain/bounded-map.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import type { ContainerPlan, Journey } from '../../domain/tracking/sandbox-journey.ts';
import { planJourney } from '../../domain/tracking/sandbox-journey.ts';
import type { SeaRouter } from '../../domain/tracking/sea-router.ts';
import type { ContainerRecord, ShipmentRecord } from './tracking-store.ts';

/** Most journeys kept in memory; each is recomputed on demand, so the cap only bounds memory. */
const MAX_CACHED_JOURNEYS = 5_000;

/**
 * The sandbox journeys of stored shipments. A journey is a pure function of the shipment's request and
 * anchor, so it is planned on demand and cached, never stored.
 */
export class JourneyBook {
  private readonly cache = new Map<string, Journey>();

  constructor(private readonly deps: { ports: PortCatalog; router: SeaRouter }) {}

  of(shipment: ShipmentRecord): Journey {
    const cached = this.cache.get(shipment.id);
    if (cached !== undefined) return cached;
    const journey = planJourney(
      {
        requestType: shipment.requestType,
        requestNumber: shipment.requestNumber,
        scac: shipment.scac,
        anchorAt: shipment.anchorAt,
      },
      this.deps,
    );
    setNewest(this.cache, shipment.id, journey, MAX_CACHED_JOURNEYS);
    return journey;
  }

  /** A planned journey for a request about to succeed (its containers' numbers decide the rows). */
  plan(request: {
    requestType: ShipmentRecord['requestType'];
    requestNumber: string;
    scac: string;
    anchorAt: number;
  }): Journey {
    return planJourney(request, this.deps);
  }

  planOf(shipment: ShipmentRecord, container: ContainerRecord): ContainerPlan {
    const plan = this.of(shipment).containers[container.position];
    if (plan === undefined)
      throw new RangeError(`container ${container.id} has no plan at ${container.position}`);
    return plan;
  }
}
