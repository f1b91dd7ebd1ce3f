import { NotFoundError } from '../../domain/errors.ts';
import type { CustomFieldStore, DefinitionRecord, OptionRecord } from './custom-field-store.ts';
import type { RoleEntityType } from './party-store.ts';
import { iso, type Resource } from './resource.ts';

/** A definition's entity type (the upstream's model names) and the API type of the entity it applies to. */
export const API_TYPE: Readonly<Record<string, RoleEntityType>> = {
  Shipment: 'shipment',
  Cargo: 'container',
  TrackingRequest: 'tracking_request',
};
export const MODEL_OF: Readonly<Record<RoleEntityType, string>> = {
  shipment: 'Shipment',
  container: 'Cargo',
  tracking_request: 'TrackingRequest',
};
/** What a client may call the entity type in a filter or a relationship. */
export const ENTITY_ALIASES: Readonly<Record<string, RoleEntityType>> = {
  shipment: 'shipment',
  container: 'container',
  cargo: 'container',
  tracking_request: 'tracking_request',
  trackingrequest: 'tracking_request',
};

/** The entity type a client's name stands for; names of object properties (`constructor`) stand for none. */
export const entityAlias = (name: string): RoleEntityType | undefined =>
  Object.hasOwn(ENTITY_ALIASES, name.toLowerCase()) ? ENTITY_ALIASES[name.toLowerCase()] : undefined;

export const serializeOption = (option: OptionRecord): Resource => ({
  id: option.id,
  type: 'custom_field_option',
  attributes: {
    label: option.label,
    value: option.value,
    position: option.position,
    created_at: iso(option.createdAt),
    updated_at: iso(option.updatedAt),
  },
  relationships: {
    custom_field_definition: { data: { id: option.definitionId, type: 'custom_field_definition' } },
  },
});

export const serializeDefinition = (
  definition: DefinitionRecord,
  options: readonly OptionRecord[],
): Resource => ({
  id: definition.id,
  type: 'custom_field_definition',
  attributes: {
    entity_type: definition.entityType,
    api_slug: definition.apiSlug,
    display_name: definition.displayName,
    description: definition.description,
    data_type: definition.dataType,
    reference_type: definition.referenceType,
    validation: definition.validation,
    default_format: definition.defaultFormat,
    default_value: definition.defaultValue ?? null,
    created_at: iso(definition.createdAt),
    updated_at: iso(definition.updatedAt),
  },
  relationships: {
    options: { data: options.map((option) => ({ id: option.id, type: 'custom_field_option' })) },
  },
  links: { self: `/v2/custom_field_definitions/${definition.id}` },
});

/** The account's definition by id, or a 404 naming it. */
export function definitionOr404(fields: CustomFieldStore, accountId: string, id: string): DefinitionRecord {
  const definition = fields.definition(accountId, id);
  if (definition === undefined) throw new NotFoundError('CustomFieldDefinition', id);
  return definition;
}
