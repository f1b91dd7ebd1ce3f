import type { SQLInputValue } from 'node:sqlite';
import type { SqlRow } from '../../store/sql-row.ts';
import { type ContainerRecord, type ShipmentRecord, toContainer, toShipment } from './tracking-records.ts';

/**
 * The SQL of the shipment and container lists: what `GET /shipments` and `GET /containers` filter on stored
 * columns, as named parameters and WHERE clauses shared by the paged list and the scan's chunks.
 */

/** What `GET /shipments` filters in SQL: stored columns only. */
export interface ShipmentFilter {
  readonly numbers?: readonly string[];
  readonly trackingStopped?: boolean;
  readonly query?: string;
  readonly tags?: readonly string[];
}

/** What `GET /containers` filters in SQL: stored columns only. */
export interface ContainerFilter {
  readonly numbers?: readonly string[];
  readonly numberPrefix?: string;
  readonly scacs?: readonly string[];
  readonly trackingStopped?: boolean;
  readonly tags?: readonly string[];
}

const json = (values: readonly string[] | undefined): string | null =>
  values === undefined ? null : JSON.stringify(values);
const flag = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);
const escapeLike = (text: string): string =>
  text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_');

const shipmentParams = (accountId: string, filter: ShipmentFilter) => ({
  accountId,
  numbers: json(filter.numbers),
  stopped: flag(filter.trackingStopped),
  query: filter.query ?? null,
  tags: json(filter.tags),
});

// `:before` pages a scan by insertion order (keyset), so rows added meanwhile neither repeat nor go missing.
const SHIPMENT_WHERE = `account_id = :accountId AND (:before IS NULL OR seq < :before)
  AND (:numbers IS NULL OR request_number IN (SELECT value FROM json_each(:numbers)))
  AND (:stopped IS NULL OR (tracking_stopped_at IS NOT NULL) = :stopped)
  AND (:tags IS NULL OR EXISTS (SELECT 1 FROM json_each(shipments.tags)
    WHERE upper(value) IN (SELECT value FROM json_each(:tags))))
  AND (:query IS NULL OR request_number IN (upper(:query), replace(replace(upper(:query), ' ', ''), '-', ''))
    OR EXISTS (SELECT 1 FROM json_each(shipments.ref_numbers) WHERE upper(value) = upper(:query))
    OR EXISTS (SELECT 1 FROM containers WHERE containers.shipment_id = shipments.id
      AND containers.number = replace(replace(upper(:query), ' ', ''), '-', '')))`;

const containerParams = (accountId: string, filter: ContainerFilter) => ({
  accountId,
  numbers: json(filter.numbers),
  prefix: filter.numberPrefix === undefined ? null : `${escapeLike(filter.numberPrefix)}%`,
  scacs: json(filter.scacs),
  stopped: flag(filter.trackingStopped),
  tags: json(filter.tags),
});

const CONTAINER_WHERE = `account_id = :accountId AND (:before IS NULL OR seq < :before)
  AND (:numbers IS NULL OR number IN (SELECT value FROM json_each(:numbers)))
  AND (:prefix IS NULL OR number LIKE :prefix ESCAPE '\\')
  AND (:scacs IS NULL AND :stopped IS NULL AND :tags IS NULL OR EXISTS (SELECT 1 FROM shipments
    WHERE shipments.id = containers.shipment_id
    AND (:scacs IS NULL OR shipments.scac IN (SELECT value FROM json_each(:scacs)))
    AND (:stopped IS NULL OR (shipments.tracking_stopped_at IS NOT NULL) = :stopped)
    AND (:tags IS NULL OR EXISTS (SELECT 1 FROM json_each(shipments.tags)
      WHERE upper(value) IN (SELECT value FROM json_each(:tags))))))`;

/**
 * A table listed newest first: `where` filters it with `params` and reads `:before`, the seq a chunk
 * starts below (null for a page, which counts and offsets instead).
 */
export interface Listing<T> {
  readonly table: 'shipments' | 'containers';
  readonly where: string;
  readonly params: Record<string, SQLInputValue>;
  readonly toRecord: (row: SqlRow) => T;
}

export const shipmentListing = (accountId: string, filter: ShipmentFilter): Listing<ShipmentRecord> => ({
  table: 'shipments',
  where: SHIPMENT_WHERE,
  params: shipmentParams(accountId, filter),
  toRecord: toShipment,
});

export const containerListing = (accountId: string, filter: ContainerFilter): Listing<ContainerRecord> => ({
  table: 'containers',
  where: CONTAINER_WHERE,
  params: containerParams(accountId, filter),
  toRecord: toContainer,
});
