import type { ContainerPlan, Journey, JourneyEvent, PlannedHold } from './sandbox-journey.ts';

const DAY_MS = 86_400_000;
/** Demurrage the sandbox terminals charge per day past the last free day, in USD. */
export const DEMURRAGE_PER_DAY_USD = 150;

export type CurrentStatus =
  | 'new'
  | 'on_ship'
  | 'grounded'
  | 'not_available'
  | 'available'
  | 'picked_up'
  | 'empty_returned';

export interface Fee {
  readonly type: 'demurrage';
  readonly amount: number;
  readonly currency_code: 'USD';
}

/** What the terminal reports: the fields a `container.updated` changeset is made of. */
export interface TerminalView {
  readonly available_for_pickup: boolean | null;
  readonly holds_at_pod_terminal: readonly PlannedHold[];
  readonly fees_at_pod_terminal: readonly Fee[];
  readonly pickup_lfd: string | null;
}

export interface ContainerState extends TerminalView {
  readonly current_status: CurrentStatus;
  readonly pastEvents: readonly JourneyEvent[];
  readonly podArrivedAt: number | null;
  readonly podDischargedAt: number | null;
  readonly podFullOutAt: number | null;
  readonly emptyTerminatedAt: number | null;
  readonly terminalCheckedAt: number | null;
}

const happened = (time: number, now: number): boolean => time <= now;

/** The container as its carrier and terminal would report it at `now`. */
export function containerStateAt(container: ContainerPlan, journey: Journey, now: number): ContainerState {
  const pastEvents = container.events.filter((event) => happened(event.at, now));
  const last = pastEvents.at(-1);
  const arrival = journey.legs.at(-1)?.arriveAt ?? Number.POSITIVE_INFINITY;
  const discharged = happened(container.dischargedAt, now);
  const pickedUp = happened(container.fullOutAt, now);
  const returned = happened(container.emptyInAt, now);
  return {
    current_status: statusAfter(last),
    ...terminalViewAt(container, now),
    pastEvents,
    podArrivedAt: happened(arrival, now) ? arrival : null,
    podDischargedAt: discharged ? container.dischargedAt : null,
    podFullOutAt: pickedUp ? container.fullOutAt : null,
    emptyTerminatedAt: returned ? container.emptyInAt : null,
    // The terminal reports from discharge on; its last check is the latest change it saw.
    terminalCheckedAt: discharged ? (last?.at ?? null) : null,
  };
}

/** The terminal's fields at `now`; a change between two instants is a `container.updated`. */
export function terminalViewAt(container: ContainerPlan, now: number): TerminalView {
  if (!happened(container.dischargedAt, now)) {
    return {
      available_for_pickup: null,
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pickup_lfd: null,
    };
  }
  const available = happened(container.availableAt, now);
  const pickedUp = happened(container.fullOutAt, now);
  const lastFreeDayEnd = container.lastFreeDay + DAY_MS;
  // Demurrage accrues per started day past the LFD, while the box still sits at the terminal.
  const chargedUntil = Math.min(now, container.fullOutAt);
  const daysOver = chargedUntil > lastFreeDayEnd ? Math.ceil((chargedUntil - lastFreeDayEnd) / DAY_MS) : 0;
  return {
    available_for_pickup: available && !pickedUp,
    holds_at_pod_terminal: available ? [] : container.holds,
    fees_at_pod_terminal:
      daysOver > 0
        ? [{ type: 'demurrage', amount: daysOver * DEMURRAGE_PER_DAY_USD, currency_code: 'USD' }]
        : [],
    pickup_lfd: new Date(container.lastFreeDay).toISOString(),
  };
}

/** `{field: [before, after]}` for each terminal field that differs; empty when nothing changed. */
export function terminalChangeset(
  before: TerminalView,
  after: TerminalView,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of [
    'available_for_pickup',
    'holds_at_pod_terminal',
    'fees_at_pod_terminal',
    'pickup_lfd',
  ] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = [before[field], after[field]];
  }
  return changes;
}

function statusAfter(event: JourneyEvent | undefined): CurrentStatus {
  switch (event?.event) {
    case undefined:
    case 'container.transport.empty_out':
      return 'new';
    case 'container.transport.full_in':
      return 'grounded';
    case 'container.transport.transshipment_discharged':
      return 'grounded';
    case 'container.transport.vessel_discharged':
      return 'not_available';
    case 'container.transport.available':
      return 'available';
    case 'container.transport.full_out':
      return 'picked_up';
    case 'container.transport.empty_in':
      return 'empty_returned';
    default:
      return 'on_ship';
  }
}
