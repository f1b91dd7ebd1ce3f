import { setNewest } from '../../src/domain/bounded-map.ts';

/**
 * Notification ids this receiver enqueued lately, so the same delivery sent again (a replay, or a sender
 * retrying after a lost 202) is answered without a second queue message. Only an optimisation: the events
 * stage's processed marker is what makes a notification count once; this keeps a flood of one delivery
 * from filling the queue.
 */
export class RecentDeliveries {
  /** Insertion order is age order: the oldest id is the first key. */
  private readonly ids = new Map<string, number>();

  constructor(
    /** Ids remembered at once; past it the oldest is forgotten, so memory stays bounded. */
    private readonly capacity: number = 10_000,
    /** How long an id is remembered; a later delivery of it is enqueued again. */
    private readonly ttlMs: number = 10 * 60_000,
  ) {}

  has(id: string, now: number): boolean {
    const at = this.ids.get(id);
    if (at === undefined) return false;
    if (now - at < this.ttlMs) return true;
    this.ids.delete(id);
    return false;
  }

  add(id: string, now: number): void {
    setNewest(this.ids, id, now, this.capacity);
  }
}
