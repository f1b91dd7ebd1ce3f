import { randomUUID } from 'node:crypto';
import { changedRows, readInteger } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import {
  type ContainerFilter,
  containerListing,
  type Listing,
  type ShipmentFilter,
  shipmentListing,
} from './tracking-list-sql.ts';
import {
  type ContainerRecord,
  OPEN_STATUSES,
  type ShipmentRecord,
  type TrackingRequestRecord,
  toContainer,
  toRequest,
  toShipment,
} from './tracking-records.ts';
import { TrackingRequestStore } from './tracking-request-store.ts';

export type { ContainerFilter, ShipmentFilter } from './tracking-list-sql.ts';

export type {
  ContainerRecord,
  RequestType,
  ShipmentRecord,
  TrackingRequestFilter,
  TrackingRequestRecord,
  TrackingStatus,
} from './tracking-records.ts';

/** Tracking requests (see `TrackingRequestStore`), shipments and containers of every account. */
export class TrackingStore extends TrackingRequestStore {
  /**
   * Creates the shipment and its containers for a pending request and marks it created, in the caller's
   * transaction; false when the request was no longer pending.
   */
  succeed(
    request: TrackingRequestRecord,
    shipment: {
      anchorAt: number;
      /** Each container's number and the time of its first milestone after now (none: finished). */
      containers: ReadonlyArray<{ number: string; nextDueAt: number | undefined }>;
    },
  ): { shipment: ShipmentRecord; containers: ContainerRecord[] } | undefined {
    const now = this.clock.now();
    const shipmentId = randomUUID();
    const claimed = changedRows(
      this.db
        .prepare(
          `UPDATE tracking_requests SET status = 'created', failed_reason = NULL, shipment_id = ?, updated_at = ?
           WHERE id = ? AND status IN ${OPEN_STATUSES}`,
        )
        .run(shipmentId, now, request.id),
    );
    if (claimed === 0) return undefined;
    const refs = JSON.stringify(request.refNumbers);
    this.db
      .prepare(
        `INSERT INTO shipments (id, account_id, tracking_request_id, request_type, request_number, scac,
           ref_numbers, tags, anchor_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        shipmentId,
        request.accountId,
        request.id,
        request.requestType,
        request.requestNumber,
        request.scac,
        refs,
        JSON.stringify(request.shipmentTags),
        shipment.anchorAt,
        now,
        now,
      );
    const insert = this.db.prepare(
      `INSERT INTO containers (id, account_id, shipment_id, position, number, ref_numbers, played_through,
         next_due_at, finished, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [position, container] of shipment.containers.entries()) {
      // Milestones already behind the journey are in the API, not sent: like the upstream, webhooks tell
      // what changes after tracking starts.
      const finished = container.nextDueAt === undefined;
      insert.run(
        randomUUID(),
        request.accountId,
        shipmentId,
        position,
        container.number,
        refs,
        now,
        container.nextDueAt ?? now,
        finished ? 1 : 0,
        now,
        now,
      );
    }
    return {
      shipment: this.shipment(request.accountId, shipmentId) as ShipmentRecord,
      containers: this.containersOf(shipmentId),
    };
  }

  shipment(accountId: string, id: string): ShipmentRecord | undefined {
    const row = this.db.prepare('SELECT * FROM shipments WHERE account_id = ? AND id = ?').get(accountId, id);
    return row === undefined ? undefined : toShipment(row);
  }

  /**
   * Newest first; `number` matches the request number or the bill of lading given; `query` (the deprecated
   * `q`) also matches a reference number or the number of one of the shipment's containers.
   */
  listShipments(
    accountId: string,
    filter: ShipmentFilter,
    page: { size: number; offset: number },
  ): { records: ShipmentRecord[]; total: number } {
    return this.listPage(shipmentListing(accountId, filter), page);
  }

  /** The next `limit` shipments passing `filter` older than `beforeSeq` (null: from the newest), newest first. */
  shipmentChunk(
    accountId: string,
    filter: ShipmentFilter,
    beforeSeq: number | null,
    limit: number,
  ): ShipmentRecord[] {
    return this.listChunk(shipmentListing(accountId, filter), beforeSeq, limit);
  }

  updateShipmentRefs(
    accountId: string,
    id: string,
    changes: { refNumbers?: string[]; tags?: string[] },
  ): void {
    storeCall('update shipment', () =>
      this.db
        .prepare(
          `UPDATE shipments SET ref_numbers = coalesce(?, ref_numbers), tags = coalesce(?, tags), updated_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(
          changes.refNumbers === undefined ? null : JSON.stringify(changes.refNumbers),
          changes.tags === undefined ? null : JSON.stringify(changes.tags),
          this.clock.now(),
          accountId,
          id,
        ),
    );
  }

  /**
   * Stops (a time) or resumes (null) tracking of a shipment; its tracking request follows, to
   * `tracking_stopped` and back to `created`. Two writes: the caller runs it in a transaction.
   */
  setTrackingStopped(accountId: string, id: string, at: number | null): void {
    const now = this.clock.now();
    storeCall('stop or resume tracking', () => {
      this.db
        .prepare(
          'UPDATE shipments SET tracking_stopped_at = ?, updated_at = ? WHERE account_id = ? AND id = ?',
        )
        .run(at, now, accountId, id);
      this.db
        .prepare(
          `UPDATE tracking_requests SET status = ?, updated_at = ? WHERE account_id = ? AND shipment_id = ?
             AND status IN ('created', 'tracking_stopped')`,
        )
        .run(at === null ? 'created' : 'tracking_stopped', now, accountId, id);
    });
  }

  container(accountId: string, id: string): ContainerRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM containers WHERE account_id = ? AND id = ?')
      .get(accountId, id);
    return row === undefined ? undefined : toContainer(row);
  }

  containersOf(shipmentId: string): ContainerRecord[] {
    return this.db
      .prepare('SELECT * FROM containers WHERE shipment_id = ? ORDER BY position')
      .all(shipmentId)
      .map(toContainer);
  }

  /**
   * Newest first; `numbers` keeps only those containers, `numberPrefix` those whose number starts so,
   * `scacs` those of shipments with one of those carriers, `trackingStopped` those whose shipment is
   * (or is not) stopped, `tags` those whose shipment has any of the tags.
   */
  listContainers(
    accountId: string,
    filter: ContainerFilter,
    page: { size: number; offset: number },
  ): { records: ContainerRecord[]; total: number } {
    return this.listPage(containerListing(accountId, filter), page);
  }

  /** The next `limit` containers passing `filter` older than `beforeSeq` (null: from the newest), newest first. */
  containerChunk(
    accountId: string,
    filter: ContainerFilter,
    beforeSeq: number | null,
    limit: number,
  ): ContainerRecord[] {
    return this.listChunk(containerListing(accountId, filter), beforeSeq, limit);
  }

  /** One page of the rows passing the listing's filter, newest first, and how many pass in all. */
  private listPage<T>(
    listing: Listing<T>,
    page: { size: number; offset: number },
  ): { records: T[]; total: number } {
    const { table, where, params, toRecord } = listing;
    const rows = this.db
      .prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY seq DESC LIMIT :limit OFFSET :offset`)
      .all({ ...params, before: null, limit: page.size, offset: page.offset });
    const count = this.db
      .prepare(`SELECT count(*) AS total FROM ${table} WHERE ${where}`)
      .get({ ...params, before: null });
    return { records: rows.map(toRecord), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  /** The next `limit` rows passing the listing's filter below `beforeSeq` (null: from the newest). */
  private listChunk<T>(listing: Listing<T>, beforeSeq: number | null, limit: number): T[] {
    const { table, where, params, toRecord } = listing;
    return this.db
      .prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY seq DESC LIMIT :limit`)
      .all({ ...params, before: beforeSeq, limit })
      .map(toRecord);
  }

  updateContainerRefs(accountId: string, id: string, refNumbers: readonly string[]): void {
    storeCall('update container', () =>
      this.db
        .prepare('UPDATE containers SET ref_numbers = ?, updated_at = ? WHERE account_id = ? AND id = ?')
        .run(JSON.stringify(refNumbers), this.clock.now(), accountId, id),
    );
  }

  /** Containers with a milestone due by `now`, soonest first, with their shipments. */
  due(now: number, limit: number): Array<{ container: ContainerRecord; shipment: ShipmentRecord }> {
    const rows = this.db
      .prepare(
        'SELECT * FROM containers WHERE finished = 0 AND next_due_at <= ? ORDER BY next_due_at LIMIT ?',
      )
      .all(now, limit)
      .map(toContainer);
    return rows.flatMap((container) => {
      const shipment = this.shipment(container.accountId, container.shipmentId);
      return shipment === undefined ? [] : [{ container, shipment }];
    });
  }

  /** Moves the published mark forward; false when another pass already moved it (nothing to publish twice). */
  markPlayed(id: string, from: number, through: number, nextDueAt: number | undefined): boolean {
    return (
      changedRows(
        this.db
          .prepare(
            `UPDATE containers SET played_through = ?, next_due_at = ?, finished = ?, updated_at = ?
             WHERE id = ? AND played_through = ?`,
          )
          .run(through, nextDueAt ?? through, nextDueAt === undefined ? 1 : 0, this.clock.now(), id, from),
      ) > 0
    );
  }

  /** Rows whose number or reference contains `query` (case-insensitive), newest first, for search. */
  search(
    accountId: string,
    query: string,
    limit: number,
  ): { shipments: ShipmentRecord[]; containers: ContainerRecord[]; requests: TrackingRequestRecord[] } {
    const like = `%${query.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
    const shipments = this.db
      .prepare(
        `SELECT * FROM shipments WHERE account_id = ? AND (request_number LIKE ? ESCAPE '\\' OR ref_numbers LIKE ? ESCAPE '\\')
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(accountId, like, like, limit)
      .map(toShipment);
    const containers = this.db
      .prepare(
        `SELECT * FROM containers WHERE account_id = ? AND (number LIKE ? ESCAPE '\\' OR ref_numbers LIKE ? ESCAPE '\\')
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(accountId, like, like, limit)
      .map(toContainer);
    const requests = this.db
      .prepare(
        `SELECT * FROM tracking_requests WHERE account_id = ? AND request_number LIKE ? ESCAPE '\\'
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(accountId, like, limit)
      .map(toRequest);
    return { shipments, containers, requests };
  }
}
