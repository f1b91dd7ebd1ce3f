import type { DatabaseSync } from 'node:sqlite';
import { type InitialCustomFields, initialCustomFields } from '../../contract/tracking.ts';
import { ValidationError } from '../../domain/errors.ts';
import { readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import type { CustomFieldStore } from './custom-field-store.ts';
import { checkValue } from './custom-field-values.ts';
import type { ContainerRecord, ShipmentRecord } from './tracking-store.ts';

/**
 * A tracking request's `initial_custom_fields` (reference §3.1): checked against the account's definitions
 * when the request is made, kept with it, and set on the shipment and its containers when it succeeds
 * (`update_pathway: tracking_request`).
 */
export class InitialCustomFieldsBook {
  constructor(
    private readonly db: DatabaseSync,
    private readonly fields: CustomFieldStore,
  ) {}

  /** Every slug must name a definition for its entity and every value fit it; else a 422 pointing at it. */
  check(accountId: string, initial: InitialCustomFields): void {
    const groups = [
      ['shipment', 'Shipment', initial.shipment ?? []],
      ['containers', 'Cargo', initial.containers ?? []],
    ] as const;
    for (const [group, entityType, entries] of groups) {
      for (const [index, entry] of entries.entries()) {
        const pointer = `/data/attributes/initial_custom_fields/${group}/${index}`;
        const definition = this.fields.definitionBySlug(accountId, entityType, entry.api_slug);
        if (definition === undefined) {
          throw new ValidationError(
            `Api slug '${entry.api_slug}' is not a custom field definition for ${entityType}`,
            {},
            { pointer: `${pointer}/api_slug`, code: 'invalid' },
          );
        }
        try {
          checkValue(definition, this.fields.options(definition.id), entry.value);
        } catch (error) {
          if (error instanceof ValidationError) {
            throw new ValidationError(error.message, {}, { pointer: `${pointer}/value`, code: 'invalid' });
          }
          throw error;
        }
      }
    }
  }

  keep(requestId: string, initial: InitialCustomFields): void {
    storeCall('keep initial custom fields', () =>
      this.db
        .prepare('INSERT INTO tracking_request_custom_fields (request_id, payload) VALUES (?, ?)')
        .run(requestId, JSON.stringify(initial)),
    );
  }

  /** Sets the request's fields on its new shipment and containers, in the caller's transaction. */
  apply(shipment: ShipmentRecord, containers: readonly ContainerRecord[]): void {
    const row = this.db
      .prepare('SELECT payload FROM tracking_request_custom_fields WHERE request_id = ?')
      .get(shipment.trackingRequestId);
    if (row === undefined) return;
    const parsed = initialCustomFields.safeParse(JSON.parse(readText(row, 'payload')));
    if (!parsed.success) return;
    const set = (
      entityType: 'shipment' | 'container',
      model: string,
      entityId: string,
      slug: string,
      value: unknown,
    ) => {
      const definition = this.fields.definitionBySlug(shipment.accountId, model, slug);
      // A definition deleted since the request was made: nothing to set.
      if (definition === undefined) return;
      this.fields.upsert({
        accountId: shipment.accountId,
        definitionId: definition.id,
        entityType,
        entityId,
        value,
        updatePathway: 'tracking_request',
      });
    };
    for (const entry of parsed.data.shipment ?? [])
      set('shipment', 'Shipment', shipment.id, entry.api_slug, entry.value);
    for (const entry of parsed.data.containers ?? []) {
      const number = (entry.number ?? '').replace(/[\s-]/g, '').toUpperCase();
      for (const container of containers) {
        if (number === '' || container.number === number) {
          set('container', 'Cargo', container.id, entry.api_slug, entry.value);
        }
      }
    }
  }
}
