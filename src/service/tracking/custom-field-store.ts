import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { readInteger } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import {
  type CustomFieldRecord,
  type DefinitionRecord,
  type OptionRecord,
  toDefinition,
  toField,
  toOption,
} from './custom-field-records.ts';

export type { CustomFieldRecord, DefinitionRecord, OptionRecord } from './custom-field-records.ts';

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Custom field definitions, their options and the values set on entities, of every account. */
export class CustomFieldStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  createDefinition(input: Omit<DefinitionRecord, 'id' | 'createdAt' | 'updatedAt'>): DefinitionRecord {
    const now = this.clock.now();
    const record = { ...input, id: randomUUID(), createdAt: now, updatedAt: now };
    storeCall('create custom field definition', () =>
      this.db
        .prepare(
          `INSERT INTO custom_field_definitions (id, account_id, entity_type, api_slug, display_name, description,
             data_type, reference_type, validation, default_format, default_value, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          record.accountId,
          record.entityType,
          record.apiSlug,
          record.displayName,
          record.description,
          record.dataType,
          record.referenceType,
          json(record.validation),
          record.defaultFormat,
          json(record.defaultValue),
          now,
          now,
        ),
    );
    return record;
  }

  updateDefinition(
    accountId: string,
    id: string,
    changes: Partial<
      Pick<
        DefinitionRecord,
        'displayName' | 'description' | 'validation' | 'defaultFormat' | 'defaultValue' | 'referenceType'
      >
    >,
  ): void {
    const current = this.definition(accountId, id);
    if (current === undefined) return;
    const next = { ...current, ...changes };
    storeCall('update custom field definition', () =>
      this.db
        .prepare(
          `UPDATE custom_field_definitions SET display_name = ?, description = ?, validation = ?, default_format = ?,
             default_value = ?, reference_type = ?, updated_at = ? WHERE account_id = ? AND id = ?`,
        )
        .run(
          next.displayName,
          next.description,
          json(next.validation),
          next.defaultFormat,
          json(next.defaultValue),
          next.referenceType,
          this.clock.now(),
          accountId,
          id,
        ),
    );
  }

  /** Deletes the definition with its options and every value set with it. */
  deleteDefinition(accountId: string, id: string): void {
    storeCall('delete custom field definition', () => {
      this.db
        .prepare('DELETE FROM custom_fields WHERE account_id = ? AND definition_id = ?')
        .run(accountId, id);
      this.db.prepare('DELETE FROM custom_field_options WHERE definition_id = ?').run(id);
      this.db
        .prepare('DELETE FROM custom_field_definitions WHERE account_id = ? AND id = ?')
        .run(accountId, id);
    });
  }

  definition(accountId: string, id: string): DefinitionRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM custom_field_definitions WHERE account_id = ? AND id = ?')
      .get(accountId, id);
    return row === undefined ? undefined : toDefinition(row);
  }

  definitionBySlug(accountId: string, entityType: string, apiSlug: string): DefinitionRecord | undefined {
    const row = this.db
      .prepare(
        'SELECT * FROM custom_field_definitions WHERE account_id = ? AND entity_type = ? AND api_slug = ?',
      )
      .get(accountId, entityType, apiSlug);
    return row === undefined ? undefined : toDefinition(row);
  }

  /** Oldest first; `displayName` is a case-insensitive prefix. */
  definitions(
    accountId: string,
    filter: { entityType?: string; dataType?: string; displayName?: string },
    page: { size: number; offset: number },
  ): { records: DefinitionRecord[]; total: number } {
    const params = {
      accountId,
      entityType: filter.entityType ?? null,
      dataType: filter.dataType ?? null,
      name:
        filter.displayName === undefined
          ? null
          : `${filter.displayName.replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
    };
    const where = `account_id = :accountId AND (:entityType IS NULL OR entity_type = :entityType)
      AND (:dataType IS NULL OR data_type = :dataType) AND (:name IS NULL OR display_name LIKE :name ESCAPE '\\')`;
    const rows = this.db
      .prepare(
        `SELECT * FROM custom_field_definitions WHERE ${where} ORDER BY seq LIMIT :limit OFFSET :offset`,
      )
      .all({ ...params, limit: page.size, offset: page.offset });
    const count = this.db
      .prepare(`SELECT count(*) AS total FROM custom_field_definitions WHERE ${where}`)
      .get(params);
    return { records: rows.map(toDefinition), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  createOption(
    definitionId: string,
    input: { label: string; value: string; position?: number },
  ): OptionRecord {
    const now = this.clock.now();
    const last = this.db
      .prepare(
        'SELECT coalesce(max(position), 0) AS position FROM custom_field_options WHERE definition_id = ?',
      )
      .get(definitionId);
    const position = input.position ?? (last === undefined ? 0 : readInteger(last, 'position')) + 1;
    const record = {
      id: randomUUID(),
      definitionId,
      label: input.label,
      value: input.value,
      position,
      createdAt: now,
      updatedAt: now,
    };
    storeCall('create custom field option', () =>
      this.db
        .prepare(
          `INSERT INTO custom_field_options (id, definition_id, label, value, position, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(record.id, definitionId, record.label, record.value, position, now, now),
    );
    return record;
  }

  updateOption(
    definitionId: string,
    id: string,
    changes: { label?: string; value?: string; position?: number },
  ): void {
    storeCall('update custom field option', () =>
      this.db
        .prepare(
          `UPDATE custom_field_options SET label = coalesce(?, label), value = coalesce(?, value),
             position = coalesce(?, position), updated_at = ? WHERE definition_id = ? AND id = ?`,
        )
        .run(
          changes.label ?? null,
          changes.value ?? null,
          changes.position ?? null,
          this.clock.now(),
          definitionId,
          id,
        ),
    );
  }

  deleteOption(definitionId: string, id: string): void {
    storeCall('delete custom field option', () =>
      this.db
        .prepare('DELETE FROM custom_field_options WHERE definition_id = ? AND id = ?')
        .run(definitionId, id),
    );
  }

  options(definitionId: string): OptionRecord[] {
    return this.db
      .prepare('SELECT * FROM custom_field_options WHERE definition_id = ? ORDER BY position, seq')
      .all(definitionId)
      .map(toOption);
  }

  /** The live value of the definition on the entity, if set. */
  fieldOf(definitionId: string, entityId: string): CustomFieldRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM custom_fields WHERE definition_id = ? AND entity_id = ? AND deleted_at IS NULL')
      .get(definitionId, entityId);
    return row === undefined ? undefined : toField(row);
  }

  field(accountId: string, id: string): CustomFieldRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM custom_fields WHERE account_id = ? AND id = ? AND deleted_at IS NULL')
      .get(accountId, id);
    return row === undefined ? undefined : toField(row);
  }

  /** Sets the definition's value on the entity: a new field, or the live one updated; `created` tells which. */
  upsert(input: Omit<CustomFieldRecord, 'id' | 'createdAt' | 'updatedAt'>): {
    field: CustomFieldRecord;
    created: boolean;
  } {
    const now = this.clock.now();
    const existing = this.fieldOf(input.definitionId, input.entityId);
    if (existing !== undefined) {
      storeCall('update custom field', () =>
        this.db
          .prepare('UPDATE custom_fields SET value = ?, update_pathway = ?, updated_at = ? WHERE id = ?')
          .run(JSON.stringify(input.value ?? null), input.updatePathway, now, existing.id),
      );
      return {
        field: {
          ...existing,
          value: input.value ?? null,
          updatePathway: input.updatePathway,
          updatedAt: now,
        },
        created: false,
      };
    }
    const field = { ...input, value: input.value ?? null, id: randomUUID(), createdAt: now, updatedAt: now };
    storeCall('create custom field', () =>
      this.db
        .prepare(
          `INSERT INTO custom_fields (id, account_id, definition_id, entity_type, entity_id, value, update_pathway,
             created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          field.id,
          field.accountId,
          field.definitionId,
          field.entityType,
          field.entityId,
          JSON.stringify(field.value),
          field.updatePathway,
          now,
          now,
        ),
    );
    return { field, created: true };
  }

  /** Soft delete: the row stays, out of every read. */
  softDelete(id: string): void {
    storeCall('delete custom field', () =>
      this.db.prepare('UPDATE custom_fields SET deleted_at = ? WHERE id = ?').run(this.clock.now(), id),
    );
  }

  /** Live values, oldest first, narrowed by entity type, entity and definition. */
  fields(
    accountId: string,
    filter: { entityType?: string; entityId?: string; definitionId?: string },
    page: { size: number; offset: number },
  ): { records: CustomFieldRecord[]; total: number } {
    const params = {
      accountId,
      entityType: filter.entityType ?? null,
      entityId: filter.entityId ?? null,
      definitionId: filter.definitionId ?? null,
    };
    const where = `account_id = :accountId AND deleted_at IS NULL AND (:entityType IS NULL OR entity_type = :entityType)
      AND (:entityId IS NULL OR entity_id = :entityId) AND (:definitionId IS NULL OR definition_id = :definitionId)`;
    const rows = this.db
      .prepare(`SELECT * FROM custom_fields WHERE ${where} ORDER BY seq LIMIT :limit OFFSET :offset`)
      .all({ ...params, limit: page.size, offset: page.offset });
    const count = this.db.prepare(`SELECT count(*) AS total FROM custom_fields WHERE ${where}`).get(params);
    return { records: rows.map(toField), total: count === undefined ? 0 : readInteger(count, 'total') };
  }
}
