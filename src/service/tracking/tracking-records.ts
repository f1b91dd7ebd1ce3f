import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { readNullableText } from '../db/columns.ts';

/** The rows of the tracking module's tables as the store hands them out, and how rows become records. */

export type RequestType = 'container' | 'bill_of_lading' | 'booking_number';
export type TrackingStatus = 'pending' | 'created' | 'failed' | 'awaiting_manifest' | 'tracking_stopped';

export interface TrackingRequestRecord {
  readonly id: string;
  readonly accountId: string;
  readonly requestType: RequestType;
  readonly requestNumber: string;
  readonly scac: string;
  readonly refNumbers: string[];
  readonly shipmentTags: string[];
  readonly status: TrackingStatus;
  readonly failedReason: string | null;
  readonly shipmentId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ShipmentRecord {
  /** Insertion order: lists run newest first by it, and scans page through it. */
  readonly seq: number;
  readonly id: string;
  readonly accountId: string;
  readonly trackingRequestId: string;
  readonly requestType: RequestType;
  readonly requestNumber: string;
  readonly scac: string;
  readonly refNumbers: string[];
  readonly tags: string[];
  readonly anchorAt: number;
  /** When a user stopped tracking; null while tracked. */
  readonly trackingStoppedAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ContainerRecord {
  readonly seq: number;
  readonly id: string;
  readonly accountId: string;
  readonly shipmentId: string;
  readonly position: number;
  readonly number: string;
  readonly refNumbers: string[];
  readonly playedThrough: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface TrackingRequestFilter {
  readonly requestNumber?: string;
  readonly status?: string;
  readonly scac?: string;
  readonly requestType?: string;
  readonly createdFrom?: number;
  readonly createdTo?: number;
  readonly updatedFrom?: number;
  readonly updatedTo?: number;
  /** The deprecated `q`: a case-insensitive part of the request number or of a reference number. */
  readonly query?: string;
}

/** Statuses of a request the carrier may still answer. */
export const OPEN_STATUSES = "('pending', 'awaiting_manifest')";

const strings = (row: SqlRow, column: string): string[] => {
  const parsed: unknown = JSON.parse(readText(row, column));
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export const toRequest = (row: SqlRow): TrackingRequestRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  // Written by this module from the validated request types only.
  requestType: readText(row, 'request_type') as RequestType,
  requestNumber: readText(row, 'request_number'),
  scac: readText(row, 'scac'),
  refNumbers: strings(row, 'ref_numbers'),
  shipmentTags: strings(row, 'shipment_tags'),
  // The table's CHECK constraint holds it to the statuses.
  status: readText(row, 'status') as TrackingStatus,
  failedReason: readNullableText(row, 'failed_reason'),
  shipmentId: readNullableText(row, 'shipment_id'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

export const toShipment = (row: SqlRow): ShipmentRecord => ({
  seq: readInteger(row, 'seq'),
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  trackingRequestId: readText(row, 'tracking_request_id'),
  // Copied from the request, validated there.
  requestType: readText(row, 'request_type') as RequestType,
  requestNumber: readText(row, 'request_number'),
  scac: readText(row, 'scac'),
  refNumbers: strings(row, 'ref_numbers'),
  tags: strings(row, 'tags'),
  anchorAt: readInteger(row, 'anchor_at'),
  trackingStoppedAt: row.tracking_stopped_at === null ? null : readInteger(row, 'tracking_stopped_at'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

export const toContainer = (row: SqlRow): ContainerRecord => ({
  seq: readInteger(row, 'seq'),
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  shipmentId: readText(row, 'shipment_id'),
  position: readInteger(row, 'position'),
  number: readText(row, 'number'),
  refNumbers: strings(row, 'ref_numbers'),
  playedThrough: readInteger(row, 'played_through'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});
