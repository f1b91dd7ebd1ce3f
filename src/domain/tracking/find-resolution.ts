/**
 * The deep link `GET /shipments/find?q=` (the seed's dashboard deep linking): where a query lands. The
 * lookups are the account's own; this function only decides the order, so it is tested without a store.
 */
export interface ContainerHit {
  readonly containerId: string;
  readonly shipmentId: string;
}

/** The account's tracked items, each query newest first; every text is already upper case. */
export interface FindLookup {
  /** A container whose number, without spaces and dashes, equals `compact`. */
  containerByNumber(compact: string): ContainerHit | undefined;
  /** A shipment whose B/L, booking or request number, or one of its ref numbers, equals `query`. */
  shipmentByNumberOrRef(query: string): string | undefined;
  /** A container one of whose ref numbers equals `query`. */
  containerByRef(query: string): ContainerHit | undefined;
  /** The newest container whose number contains `compact`. */
  containerContaining(compact: string): ContainerHit | undefined;
  /** The newest shipment whose B/L, request number or a ref number contains `query`. */
  shipmentContaining(query: string): string | undefined;
}

export type FindOutcome =
  | {
      readonly kind: 'shipment';
      readonly shipmentId: string;
      readonly containerId?: string;
      readonly step: 1 | 2 | 3 | 4;
    }
  | { readonly kind: 'list'; readonly query: string; readonly step: 5 };

/** Queries longer than this are no identifier anyone tracks; they go to the list unmatched. */
export const MAX_FIND_QUERY_LENGTH = 100;

/** Upper case with spaces and dashes removed: how a container number is compared. */
export const compactContainerNumber = (text: string): string => text.toUpperCase().replace(/[\s-]/g, '');

/**
 * The five steps, first match wins: (1) exact container number, with that container selected; (2) exact
 * shipment number or ref number (a shipment's, or a container's: its shipment); (3) first partial container
 * number match, container selected; (4) first partial shipment match; (5) the list with the query.
 */
export function resolveFind(rawQuery: string, lookup: FindLookup): FindOutcome {
  const query = rawQuery.trim();
  const list: FindOutcome = { kind: 'list', query, step: 5 };
  if (query === '' || query.length > MAX_FIND_QUERY_LENGTH) return list;
  const upper = query.toUpperCase();
  const compact = compactContainerNumber(query);

  const exact = compact === '' ? undefined : lookup.containerByNumber(compact);
  if (exact !== undefined) return { kind: 'shipment', ...exact, step: 1 };

  const shipment = lookup.shipmentByNumberOrRef(upper);
  if (shipment !== undefined) return { kind: 'shipment', shipmentId: shipment, step: 2 };
  const byRef = lookup.containerByRef(upper);
  if (byRef !== undefined) return { kind: 'shipment', ...byRef, step: 2 };

  const partial = compact === '' ? undefined : lookup.containerContaining(compact);
  if (partial !== undefined) return { kind: 'shipment', ...partial, step: 3 };

  const partialShipment = lookup.shipmentContaining(upper);
  if (partialShipment !== undefined) return { kind: 'shipment', shipmentId: partialShipment, step: 4 };
  return list;
}
