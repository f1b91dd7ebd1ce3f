import type { DatabaseSync } from 'node:sqlite';
import type { ContainerHit, FindLookup } from '../../domain/tracking/find-resolution.ts';
import { readText } from '../../store/sql-row.ts';
import { type DocumentRecord, toDocumentRecord } from '../documents/document-records.ts';
import type { JourneyBook } from '../tracking/journey-book.ts';
import type { ShipmentRecord, TrackingStore } from '../tracking/tracking-store.ts';

/**
 * A container-number request's B/L is not stored: the sandbox derives it from the request, so matching it
 * plans the journeys of the account's newest shipments. The cap bounds that work per query.
 */
export const MAX_SHIPMENTS_SCANNED_FOR_BL = 2_000;

const likeContaining = (text: string): string =>
  `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;

/** `ref_numbers` is a JSON array of strings; these compare its items in upper case. */
const REF_EQUALS = 'EXISTS (SELECT 1 FROM json_each(ref_numbers) WHERE upper(value) = :q)';
const REF_CONTAINS = `EXISTS (SELECT 1 FROM json_each(ref_numbers) WHERE upper(value) LIKE :like ESCAPE '\\')`;
const COMPACT_NUMBER = `upper(replace(replace(number, ' ', ''), '-', ''))`;

/** The web app's reads over the tracking and document tables, always within one account. */
export class AppQueries {
  constructor(private readonly deps: { db: DatabaseSync; store: TrackingStore; journeys: JourneyBook }) {}

  /** The deep-link lookups of one account. */
  findLookup(accountId: string): FindLookup {
    const { db } = this.deps;
    const containerHit = (sql: string, params: Record<string, string>): ContainerHit | undefined => {
      const row = db
        .prepare(
          `SELECT id, shipment_id FROM containers WHERE account_id = :accountId AND ${sql} ORDER BY seq DESC LIMIT 1`,
        )
        .get({ accountId, ...params });
      return row === undefined
        ? undefined
        : { containerId: readText(row, 'id'), shipmentId: readText(row, 'shipment_id') };
    };
    const shipmentId = (sql: string, params: Record<string, string>): string | undefined => {
      const row = db
        .prepare(
          `SELECT id FROM shipments WHERE account_id = :accountId AND ${sql} ORDER BY seq DESC LIMIT 1`,
        )
        .get({ accountId, ...params });
      return row === undefined ? undefined : readText(row, 'id');
    };
    const byBillOfLading = (matches: (bl: string) => boolean): string | undefined =>
      this.recentShipments(accountId).find((shipment) =>
        matches(this.deps.journeys.of(shipment).billOfLadingNumber.toUpperCase()),
      )?.id;

    return {
      containerByNumber: (compact) => containerHit(`${COMPACT_NUMBER} = :q`, { q: compact }),
      shipmentByNumberOrRef: (q) =>
        shipmentId(`(upper(request_number) = :q OR ${REF_EQUALS})`, { q }) ??
        byBillOfLading((bl) => bl === q),
      containerByRef: (q) => containerHit(REF_EQUALS, { q }),
      containerContaining: (compact) =>
        containerHit(`${COMPACT_NUMBER} LIKE :like ESCAPE '\\'`, { like: likeContaining(compact) }),
      shipmentContaining: (q) =>
        shipmentId(`(upper(request_number) LIKE :like ESCAPE '\\' OR ${REF_CONTAINS})`, {
          like: likeContaining(q),
        }) ?? byBillOfLading((bl) => bl.includes(q)),
    };
  }

  /** One page of the account's documents, newest first. */
  documents(
    accountId: string,
    page: { size: number; offset: number },
  ): { records: DocumentRecord[]; total: number } {
    const rows = this.deps.db
      .prepare(
        'SELECT * FROM documents WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
      )
      .all(accountId, page.size, page.offset);
    const count = this.deps.db
      .prepare('SELECT count(*) AS total FROM documents WHERE account_id = ?')
      .get(accountId);
    return { records: rows.map(toDocumentRecord), total: Number(count?.total ?? 0) };
  }

  private recentShipments(accountId: string): ShipmentRecord[] {
    return this.deps.store.listShipments(accountId, {}, { size: MAX_SHIPMENTS_SCANNED_FOR_BL, offset: 0 })
      .records;
  }
}
