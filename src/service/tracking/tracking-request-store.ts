import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { ValidationError } from '../../domain/errors.ts';
import { transaction } from '../../store/database.ts';
import { changedRows, readInteger, readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import {
  OPEN_STATUSES,
  type RequestType,
  type TrackingRequestFilter,
  type TrackingRequestRecord,
  toRequest,
} from './tracking-records.ts';

/**
 * Tracking requests of every account and their lifecycle writes (pending → created | awaiting_manifest |
 * failed); `TrackingStore` adds the shipments and containers a request becomes.
 */
export class TrackingRequestStore {
  constructor(
    protected readonly db: DatabaseSync,
    protected readonly clock: Clock,
  ) {}

  /**
   * A new pending request; a live request for the same number and carrier is a 422 `duplicate`. `within`
   * runs in the same transaction with the new record (what else the request brings: its customer, its
   * initial custom fields), so the request is made with all of it or not at all.
   */
  createRequest(
    input: {
      accountId: string;
      requestType: RequestType;
      requestNumber: string;
      scac: string;
      refNumbers: readonly string[];
      shipmentTags: readonly string[];
    },
    within?: (record: TrackingRequestRecord) => void,
  ): TrackingRequestRecord {
    const now = this.clock.now();
    const id = randomUUID();
    return storeCall('create tracking request', () =>
      transaction(this.db, () => {
        const live = this.db
          .prepare(
            `SELECT id FROM tracking_requests WHERE account_id = ? AND request_number = ? AND scac = ?
             AND status IN ('pending', 'created')`,
          )
          .get(input.accountId, input.requestNumber, input.scac);
        if (live !== undefined) {
          // The live request's id goes back in the error's meta, as upstream, so a client can follow it.
          throw new ValidationError(
            `Request number '${input.requestNumber}' with scac '${input.scac}' already exists in a tracking_request with a pending or created status`,
            { tracking_request_id: readText(live, 'id') },
            { pointer: '/data/attributes/request_number', code: 'duplicate' },
          );
        }
        this.db
          .prepare(
            `INSERT INTO tracking_requests (id, account_id, request_type, request_number, scac, ref_numbers,
               shipment_tags, status, failed_reason, shipment_id, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', NULL, NULL, ?, ?)`,
          )
          .run(
            id,
            input.accountId,
            input.requestType,
            input.requestNumber,
            input.scac,
            JSON.stringify(input.refNumbers),
            JSON.stringify(input.shipmentTags),
            now,
            now,
          );
        const record = this.request(input.accountId, id) as TrackingRequestRecord;
        within?.(record);
        return record;
      }),
    );
  }

  request(accountId: string, id: string): TrackingRequestRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM tracking_requests WHERE account_id = ? AND id = ?')
      .get(accountId, id);
    return row === undefined ? undefined : toRequest(row);
  }

  updateRequestRefs(accountId: string, id: string, refNumbers: readonly string[]): TrackingRequestRecord {
    storeCall('update tracking request', () =>
      this.db
        .prepare(
          'UPDATE tracking_requests SET ref_numbers = ?, updated_at = ? WHERE account_id = ? AND id = ?',
        )
        .run(JSON.stringify(refNumbers), this.clock.now(), accountId, id),
    );
    return this.request(accountId, id) as TrackingRequestRecord;
  }

  requestById(id: string): TrackingRequestRecord | undefined {
    const row = this.db.prepare('SELECT * FROM tracking_requests WHERE id = ?').get(id);
    return row === undefined ? undefined : toRequest(row);
  }

  /** Newest first. */
  listRequests(
    accountId: string,
    filter: TrackingRequestFilter,
    page: { size: number; offset: number },
  ): { records: TrackingRequestRecord[]; total: number } {
    const where = [
      'account_id = :accountId',
      ...(filter.requestNumber === undefined ? [] : ['request_number = :requestNumber']),
      ...(filter.status === undefined ? [] : ['status = :status']),
      ...(filter.scac === undefined ? [] : ['scac = :scac']),
      ...(filter.requestType === undefined ? [] : ['request_type = :requestType']),
      ...(filter.createdFrom === undefined ? [] : ['created_at >= :createdFrom']),
      ...(filter.createdTo === undefined ? [] : ['created_at <= :createdTo']),
      ...(filter.updatedFrom === undefined ? [] : ['updated_at >= :updatedFrom']),
      ...(filter.updatedTo === undefined ? [] : ['updated_at <= :updatedTo']),
      ...(filter.query === undefined
        ? []
        : ["(request_number LIKE :query ESCAPE '\\' OR ref_numbers LIKE :query ESCAPE '\\')"]),
    ].join(' AND ');
    const query =
      filter.query === undefined
        ? undefined
        : `%${filter.query.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
    const params = Object.fromEntries(
      Object.entries({ accountId, ...filter, query }).filter(([, value]) => value !== undefined),
    ) as Record<string, string | number>;
    const rows = this.db
      .prepare(`SELECT * FROM tracking_requests WHERE ${where} ORDER BY seq DESC LIMIT :limit OFFSET :offset`)
      .all({ ...params, limit: page.size, offset: page.offset });
    const count = this.db
      .prepare(`SELECT count(*) AS total FROM tracking_requests WHERE ${where}`)
      .get(params);
    return { records: rows.map(toRequest), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  /** Pending requests created at or before `cutoff`, oldest first: the sandbox carrier answers them. */
  pendingBefore(cutoff: number, limit: number): TrackingRequestRecord[] {
    return this.db
      .prepare(
        `SELECT * FROM tracking_requests WHERE status = 'pending' AND created_at <= ? ORDER BY seq LIMIT ?`,
      )
      .all(cutoff, limit)
      .map(toRequest);
  }

  /**
   * Marks a request the carrier has not answered for good (pending or awaiting its manifest) failed; false
   * when it was already answered (another process did it).
   */
  fail(id: string, reason: string): boolean {
    return (
      changedRows(
        this.db
          .prepare(
            `UPDATE tracking_requests SET status = 'failed', failed_reason = ?, updated_at = ?
             WHERE id = ? AND status IN ${OPEN_STATUSES}`,
          )
          .run(reason, this.clock.now(), id),
      ) > 0
    );
  }

  /**
   * A B/L or booking the line does not know yet: `awaiting_manifest`, with the temporary reason of the same
   * name; false when the request was no longer pending.
   */
  awaitManifest(id: string): boolean {
    return (
      changedRows(
        this.db
          .prepare(
            `UPDATE tracking_requests SET status = 'awaiting_manifest', failed_reason = 'awaiting_manifest',
             updated_at = ? WHERE id = ? AND status = 'pending'`,
          )
          .run(this.clock.now(), id),
      ) > 0
    );
  }

  /** A daily re-check that still found nothing: only `updated_at` moves, so the next one is a day later. */
  touchAwaiting(id: string, checkedAt: number): boolean {
    return (
      changedRows(
        this.db
          .prepare(
            `UPDATE tracking_requests SET updated_at = ? WHERE id = ? AND status = 'awaiting_manifest'
             AND updated_at < ?`,
          )
          .run(checkedAt, id, checkedAt),
      ) > 0
    );
  }

  /** Requests awaiting their manifest last checked at or before `cutoff`, oldest first. */
  awaitingCheckedBefore(cutoff: number, limit: number): TrackingRequestRecord[] {
    return this.db
      .prepare(
        `SELECT * FROM tracking_requests WHERE status = 'awaiting_manifest' AND updated_at <= ?
         ORDER BY updated_at LIMIT ?`,
      )
      .all(cutoff, limit)
      .map(toRequest);
  }

  /**
   * Sets the carrier an auto-detected request was inferred to; false when the request is no longer open or
   * a live request for the same number and carrier already exists (the caller fails it as a duplicate).
   */
  assignScac(request: TrackingRequestRecord, scac: string): boolean {
    const live = this.db
      .prepare(
        `SELECT 1 FROM tracking_requests WHERE account_id = ? AND request_number = ? AND scac = ?
         AND status IN ('pending', 'created') AND id <> ?`,
      )
      .get(request.accountId, request.requestNumber, scac, request.id);
    if (live !== undefined) return false;
    return (
      changedRows(
        this.db
          .prepare(
            `UPDATE tracking_requests SET scac = ?, updated_at = ? WHERE id = ? AND scac = ''
             AND status IN ${OPEN_STATUSES}`,
          )
          .run(scac, this.clock.now(), request.id),
      ) > 0
    );
  }
}
