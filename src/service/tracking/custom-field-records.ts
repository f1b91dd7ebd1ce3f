import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { readNullableText } from '../db/columns.ts';

/** The rows of the custom field tables as the store hands them out, and how rows become records. */

export interface DefinitionRecord {
  readonly id: string;
  readonly accountId: string;
  /** `Shipment`, `Cargo` (containers) or `TrackingRequest`, the upstream's names. */
  readonly entityType: string;
  readonly apiSlug: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly dataType: string;
  readonly referenceType: string | null;
  readonly validation: Record<string, unknown> | null;
  readonly defaultFormat: string | null;
  readonly defaultValue: unknown;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface OptionRecord {
  readonly id: string;
  readonly definitionId: string;
  readonly label: string;
  readonly value: string;
  readonly position: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface CustomFieldRecord {
  readonly id: string;
  readonly accountId: string;
  readonly definitionId: string;
  /** The API type of the entity: `shipment`, `container` or `tracking_request`. */
  readonly entityType: string;
  readonly entityId: string;
  readonly value: unknown;
  readonly updatePathway: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const parsed = (row: SqlRow, column: string): unknown =>
  row[column] === null ? null : (JSON.parse(readText(row, column)) as unknown);

export const toDefinition = (row: SqlRow): DefinitionRecord => {
  const validation = parsed(row, 'validation');
  return {
    id: readText(row, 'id'),
    accountId: readText(row, 'account_id'),
    entityType: readText(row, 'entity_type'),
    apiSlug: readText(row, 'api_slug'),
    displayName: readText(row, 'display_name'),
    description: readNullableText(row, 'description'),
    dataType: readText(row, 'data_type'),
    referenceType: readNullableText(row, 'reference_type'),
    // Written from a validated object only.
    validation:
      validation !== null && typeof validation === 'object' ? (validation as Record<string, unknown>) : null,
    defaultFormat: readNullableText(row, 'default_format'),
    defaultValue: parsed(row, 'default_value'),
    createdAt: readInteger(row, 'created_at'),
    updatedAt: readInteger(row, 'updated_at'),
  };
};

export const toOption = (row: SqlRow): OptionRecord => ({
  id: readText(row, 'id'),
  definitionId: readText(row, 'definition_id'),
  label: readText(row, 'label'),
  value: readText(row, 'value'),
  position: readInteger(row, 'position'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

export const toField = (row: SqlRow): CustomFieldRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  definitionId: readText(row, 'definition_id'),
  entityType: readText(row, 'entity_type'),
  entityId: readText(row, 'entity_id'),
  value: parsed(row, 'value'),
  updatePathway: readText(row, 'update_pathway'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});
