import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  createDefinitionBody,
  customFieldBody,
  optionBody,
  updateDefinitionBody,
} from '../../contract/annotations.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import type {
  CustomFieldRecord,
  CustomFieldStore,
  DefinitionRecord,
  OptionRecord,
} from './custom-field-store.ts';
import { checkValue, displayValue } from './custom-field-values.ts';
import type { RoleEntityType } from './party-store.ts';
import { iso, type Resource } from './resource.ts';

/** A definition's entity type (the upstream's model names) and the API type of the entity it applies to. */
const API_TYPE: Readonly<Record<string, RoleEntityType>> = {
  Shipment: 'shipment',
  Cargo: 'container',
  TrackingRequest: 'tracking_request',
};
const MODEL_OF: Readonly<Record<RoleEntityType, string>> = {
  shipment: 'Shipment',
  container: 'Cargo',
  tracking_request: 'TrackingRequest',
};
/** What a client may call the entity type in a filter or a relationship. */
const ENTITY_ALIASES: Readonly<Record<string, RoleEntityType>> = {
  shipment: 'shipment',
  container: 'container',
  cargo: 'container',
  tracking_request: 'tracking_request',
  trackingrequest: 'tracking_request',
};

const serializeOption = (option: OptionRecord): Resource => ({
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

const serializeDefinition = (definition: DefinitionRecord, options: readonly OptionRecord[]): Resource => ({
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

const ENTITY_PATHS: ReadonlyArray<[string, RoleEntityType]> = [
  ['shipments', 'shipment'],
  ['containers', 'container'],
  ['tracking_requests', 'tracking_request'],
];

/**
 * Custom field definitions (`/custom_field_definitions`, with `/options` for enums), values
 * (`/custom_fields`) and the values of one entity by slug (`/{shipments|containers|tracking_requests}/{id}/
 * custom_fields`), as the upstream's Custom Fields pages describe them. `include=definition` adds each
 * value's definition, which the upstream's SDK asks for.
 */
export function customFieldRoutes(deps: {
  fields: CustomFieldStore;
  entityOr404: (accountId: string, type: RoleEntityType, id: string) => string;
}): Hono<ServiceEnv> {
  const { fields } = deps;
  const routes = new Hono<ServiceEnv>();

  const definitionOr404 = (accountId: string, id: string): DefinitionRecord => {
    const definition = fields.definition(accountId, id);
    if (definition === undefined) throw new NotFoundError('CustomFieldDefinition', id);
    return definition;
  };
  const fieldOr404 = (accountId: string, id: string): CustomFieldRecord => {
    const field = fields.field(accountId, id);
    if (field === undefined) throw new NotFoundError('CustomField', id);
    return field;
  };
  const definitionDocument = (definition: DefinitionRecord) => ({
    data: serializeDefinition(definition, fields.options(definition.id)),
    links: { self: `/v2/custom_field_definitions/${definition.id}` },
  });
  const serializeField = (field: CustomFieldRecord, definition: DefinitionRecord | undefined): Resource => ({
    id: field.id,
    type: 'custom_field',
    attributes: {
      api_slug: definition?.apiSlug ?? null,
      value: field.value,
      display_value: displayValue(
        definition,
        definition === undefined ? [] : fields.options(definition.id),
        field.value,
      ),
      update_pathway: field.updatePathway,
      created_at: iso(field.createdAt),
      updated_at: iso(field.updatedAt),
    },
    relationships: {
      entity: { data: { id: field.entityId, type: field.entityType } },
      definition: {
        data: definition === undefined ? null : { id: definition.id, type: 'custom_field_definition' },
      },
    },
    links: { self: `/v2/custom_fields/${field.id}` },
  });
  /** The fields as a document, with their definitions in `included` when `include=definition`. */
  const fieldsDocument = (c: Context<ServiceEnv>, records: readonly CustomFieldRecord[]) => {
    const accountId = c.get('account').id;
    const definitions = new Map<string, DefinitionRecord | undefined>();
    const definitionOf = (id: string) => {
      if (!definitions.has(id)) definitions.set(id, fields.definition(accountId, id));
      return definitions.get(id);
    };
    const data = records.map((field) => serializeField(field, definitionOf(field.definitionId)));
    const wanted = (c.req.query('include') ?? '').split(',').map((name) => name.trim());
    const included = wanted.includes('definition')
      ? [...definitions.values()].flatMap((definition) =>
          definition === undefined ? [] : [serializeDefinition(definition, fields.options(definition.id))],
        )
      : [];
    return { data, included };
  };
  /** Sets a value: checked against its definition, then created or updated. */
  const setValue = (
    accountId: string,
    definition: DefinitionRecord,
    entity: { type: RoleEntityType; id: string },
    value: unknown,
    pathway: string | undefined,
  ) => {
    if (API_TYPE[definition.entityType] !== entity.type) {
      throw new ValidationError(
        `Custom field ${definition.apiSlug} applies to ${definition.entityType}, not ${MODEL_OF[entity.type]}`,
        {},
        { pointer: '/data/relationships/entity/data/type', code: 'invalid' },
      );
    }
    checkValue(definition, fields.options(definition.id), value);
    return fields.upsert({
      accountId,
      definitionId: definition.id,
      entityType: entity.type,
      entityId: entity.id,
      value,
      updatePathway: pathway ?? 'api',
    });
  };
  const slugDefinition = (accountId: string, entityType: RoleEntityType, slug: string | undefined) => {
    if (slug === undefined || slug === '') {
      throw new ValidationError(
        "Api slug can't be blank",
        {},
        { pointer: '/data/attributes/api_slug', code: 'blank' },
      );
    }
    const definition = fields.definitionBySlug(accountId, MODEL_OF[entityType], slug);
    if (definition === undefined) {
      throw new ValidationError(
        `Api slug '${slug}' is not a custom field definition for ${MODEL_OF[entityType]}`,
        {},
        { pointer: '/data/attributes/api_slug', code: 'invalid' },
      );
    }
    return definition;
  };

  routes.get('/custom_field_definitions', (c) => {
    const page = readPage(c);
    const { records, total } = fields.definitions(
      c.get('account').id,
      {
        ...(c.req.query('filter[entity_type]') ? { entityType: c.req.query('filter[entity_type]') } : {}),
        ...(c.req.query('filter[data_type]') ? { dataType: c.req.query('filter[data_type]') } : {}),
        ...(c.req.query('filter[display_name]') ? { displayName: c.req.query('filter[display_name]') } : {}),
      },
      page,
    );
    return c.json({
      data: records.map((definition) => serializeDefinition(definition, fields.options(definition.id))),
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  routes.post('/custom_field_definitions', async (c) => {
    const accountId = c.get('account').id;
    const { attributes } = (await readJson(c, createDefinitionBody)).data;
    if (fields.definitionBySlug(accountId, attributes.entity_type, attributes.api_slug) !== undefined) {
      throw new ValidationError(
        'Api slug has already been taken',
        {},
        {
          pointer: '/data/attributes/api_slug',
          code: 'duplicate',
        },
      );
    }
    if (attributes.display_name.trim() === '') {
      throw new ValidationError(
        "Display name can't be blank",
        {},
        {
          pointer: '/data/attributes/display_name',
          code: 'blank',
        },
      );
    }
    if (attributes.data_type === 'reference' && (attributes.reference_type ?? '') === '') {
      throw new ValidationError(
        "Reference type can't be blank",
        {},
        {
          pointer: '/data/attributes/reference_type',
          code: 'blank',
        },
      );
    }
    const definition = fields.createDefinition({
      accountId,
      entityType: attributes.entity_type,
      apiSlug: attributes.api_slug,
      displayName: attributes.display_name.trim(),
      description: attributes.description ?? null,
      dataType: attributes.data_type,
      referenceType: attributes.reference_type ?? null,
      validation: attributes.validation ?? null,
      defaultFormat: attributes.default_format ?? null,
      defaultValue: attributes.default_value ?? null,
    });
    return c.json(definitionDocument(definition), 201);
  });

  routes.get('/custom_field_definitions/:id', (c) =>
    c.json(definitionDocument(definitionOr404(c.get('account').id, c.req.param('id')))),
  );

  routes.patch('/custom_field_definitions/:id', async (c) => {
    const accountId = c.get('account').id;
    const definition = definitionOr404(accountId, c.req.param('id'));
    const { attributes } = (await readJson(c, updateDefinitionBody)).data;
    fields.updateDefinition(accountId, definition.id, {
      ...(attributes.display_name === undefined ? {} : { displayName: attributes.display_name }),
      ...(attributes.description === undefined ? {} : { description: attributes.description }),
      ...(attributes.validation === undefined ? {} : { validation: attributes.validation }),
      ...(attributes.default_format === undefined ? {} : { defaultFormat: attributes.default_format }),
      ...(attributes.default_value === undefined ? {} : { defaultValue: attributes.default_value }),
      ...(attributes.reference_type === undefined ? {} : { referenceType: attributes.reference_type }),
    });
    return c.json(definitionDocument(definitionOr404(accountId, definition.id)));
  });

  routes.delete('/custom_field_definitions/:id', (c) => {
    const accountId = c.get('account').id;
    const definition = definitionOr404(accountId, c.req.param('id'));
    fields.deleteDefinition(accountId, definition.id);
    return c.body(null, 204);
  });

  const enumDefinition = (c: Context<ServiceEnv>): DefinitionRecord => {
    const definition = definitionOr404(c.get('account').id, c.req.param('definition_id') ?? '');
    if (definition.dataType !== 'enum' && definition.dataType !== 'enum_multi') {
      throw new ValidationError(
        'Options are only available for enum and enum_multi definitions',
        {},
        {
          pointer: '/data',
          code: 'invalid',
        },
      );
    }
    return definition;
  };
  const optionOr404 = (definition: DefinitionRecord, id: string): OptionRecord => {
    const option = fields.options(definition.id).find((candidate) => candidate.id === id);
    if (option === undefined) throw new NotFoundError('CustomFieldOption', id);
    return option;
  };
  const takenValue = (definition: DefinitionRecord, value: string, except?: string) => {
    if (fields.options(definition.id).some((option) => option.value === value && option.id !== except)) {
      throw new ValidationError(
        'Value has already been taken',
        {},
        { pointer: '/data/attributes/value', code: 'duplicate' },
      );
    }
  };

  routes.get('/custom_field_definitions/:definition_id/options', (c) => {
    const definition = enumDefinition(c);
    return c.json({ data: fields.options(definition.id).map(serializeOption) });
  });

  routes.post('/custom_field_definitions/:definition_id/options', async (c) => {
    const definition = enumDefinition(c);
    const { attributes } = (await readJson(c, optionBody)).data;
    for (const [name, value] of [
      ['label', attributes.label],
      ['value', attributes.value],
    ] as const) {
      if (value === undefined || value.trim() === '') {
        throw new ValidationError(
          `${name === 'label' ? 'Label' : 'Value'} can't be blank`,
          {},
          {
            pointer: `/data/attributes/${name}`,
            code: 'blank',
          },
        );
      }
    }
    const label = attributes.label ?? '';
    const value = attributes.value ?? '';
    takenValue(definition, value);
    const option = fields.createOption(definition.id, {
      label,
      value,
      ...(attributes.position === undefined ? {} : { position: attributes.position }),
    });
    return c.json({ data: serializeOption(option) }, 201);
  });

  routes.get('/custom_field_definitions/:definition_id/options/:id', (c) =>
    c.json({ data: serializeOption(optionOr404(enumDefinition(c), c.req.param('id'))) }),
  );

  routes.patch('/custom_field_definitions/:definition_id/options/:id', async (c) => {
    const definition = enumDefinition(c);
    const option = optionOr404(definition, c.req.param('id'));
    const { attributes } = (await readJson(c, optionBody)).data;
    if (attributes.value !== undefined) takenValue(definition, attributes.value, option.id);
    fields.updateOption(definition.id, option.id, attributes);
    return c.json({ data: serializeOption(optionOr404(definition, option.id)) });
  });

  routes.delete('/custom_field_definitions/:definition_id/options/:id', (c) => {
    const definition = enumDefinition(c);
    fields.deleteOption(definition.id, optionOr404(definition, c.req.param('id')).id);
    return c.body(null, 204);
  });

  routes.get('/custom_fields', (c) => {
    const page = readPage(c);
    const rawType = c.req.query('filter[entity_type]');
    const entityType = rawType === undefined ? undefined : (ENTITY_ALIASES[rawType.toLowerCase()] ?? rawType);
    const { records, total } = fields.fields(
      c.get('account').id,
      {
        ...(entityType === undefined ? {} : { entityType }),
        ...(c.req.query('filter[entity_id]') ? { entityId: c.req.query('filter[entity_id]') } : {}),
        ...(c.req.query('filter[definition_id]')
          ? { definitionId: c.req.query('filter[definition_id]') }
          : {}),
      },
      page,
    );
    return c.json({
      ...fieldsDocument(c, records),
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  routes.post('/custom_fields', async (c) => {
    const accountId = c.get('account').id;
    const { attributes, relationships } = (await readJson(c, customFieldBody)).data;
    const target = relationships?.entity?.data;
    const entityType = target === undefined ? undefined : ENTITY_ALIASES[target.type.toLowerCase()];
    if (target === undefined || entityType === undefined) {
      throw new ValidationError(
        "Entity can't be blank: relationships.entity.data {type: shipment|container, id}",
        {},
        {
          pointer: '/data/relationships/entity/data',
          code: 'blank',
        },
      );
    }
    const entityId = deps.entityOr404(accountId, entityType, target.id);
    const definitionId = relationships?.definition?.data.id;
    const definition =
      definitionId === undefined
        ? slugDefinition(accountId, entityType, attributes.api_slug)
        : definitionOr404(accountId, definitionId);
    const { field, created } = setValue(
      accountId,
      definition,
      { type: entityType, id: entityId },
      attributes.value,
      attributes.update_pathway,
    );
    return c.json({ data: serializeField(field, definition) }, created ? 201 : 200);
  });

  routes.get('/custom_fields/:id', (c) => {
    const field = fieldOr404(c.get('account').id, c.req.param('id'));
    const { data, included } = fieldsDocument(c, [field]);
    return c.json({ data: data[0], ...(included.length === 0 ? {} : { included }) });
  });

  routes.patch('/custom_fields/:id', async (c) => {
    const accountId = c.get('account').id;
    const field = fieldOr404(accountId, c.req.param('id'));
    const { attributes } = (await readJson(c, customFieldBody)).data;
    const definition = definitionOr404(accountId, field.definitionId);
    // Only the entity type string is stored; it is one of the three API types.
    const entity = { type: field.entityType as RoleEntityType, id: field.entityId };
    const { field: updated } = setValue(
      accountId,
      definition,
      entity,
      attributes.value,
      attributes.update_pathway,
    );
    return c.json({ data: serializeField(updated, definition) });
  });

  routes.delete('/custom_fields/:id', (c) => {
    fields.softDelete(fieldOr404(c.get('account').id, c.req.param('id')).id);
    return c.body(null, 204);
  });

  for (const [path, entityType] of ENTITY_PATHS) {
    routes.get(`/${path}/:id/custom_fields`, (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const { records } = fields.fields(accountId, { entityType, entityId }, { size: 1_000, offset: 0 });
      const { data, included } = fieldsDocument(c, records);
      return c.json({ data, ...(included.length === 0 ? {} : { included }) });
    });

    // Creates the field, or updates the one the slug already has on this entity (the upstream's upsert).
    routes.post(`/${path}/:id/custom_fields`, async (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const { attributes } = (await readJson(c, customFieldBody)).data;
      const definition = slugDefinition(accountId, entityType, attributes.api_slug);
      const { field, created } = setValue(
        accountId,
        definition,
        { type: entityType, id: entityId },
        attributes.value,
        attributes.update_pathway,
      );
      return c.json({ data: serializeField(field, definition) }, created ? 201 : 200);
    });

    routes.patch(`/${path}/:id/custom_fields/:api_slug`, async (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const definition = slugDefinition(accountId, entityType, c.req.param('api_slug'));
      if (fields.fieldOf(definition.id, entityId) === undefined)
        throw new NotFoundError('CustomField', c.req.param('api_slug'));
      const { attributes } = (await readJson(c, customFieldBody)).data;
      const { field } = setValue(
        accountId,
        definition,
        { type: entityType, id: entityId },
        attributes.value,
        attributes.update_pathway,
      );
      return c.json({ data: serializeField(field, definition) });
    });

    routes.delete(`/${path}/:id/custom_fields/:api_slug`, (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const definition = fields.definitionBySlug(accountId, MODEL_OF[entityType], c.req.param('api_slug'));
      const field = definition === undefined ? undefined : fields.fieldOf(definition.id, entityId);
      if (field === undefined) throw new NotFoundError('CustomField', c.req.param('api_slug'));
      fields.softDelete(field.id);
      return c.body(null, 204);
    });
  }

  return routes;
}
