import type { Context } from 'hono';
import { Hono } from 'hono';
import { customFieldBody } from '../../contract/annotations.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import {
  API_TYPE,
  definitionOr404,
  entityAlias,
  MODEL_OF,
  serializeDefinition,
} from './custom-field-resources.ts';
import type { CustomFieldRecord, CustomFieldStore, DefinitionRecord } from './custom-field-store.ts';
import { checkValue, displayValue } from './custom-field-values.ts';
import type { RoleEntityType } from './party-store.ts';
import { iso, type Resource } from './resource.ts';
import { readIncludes } from './tracking-views.ts';

const ENTITY_PATHS: ReadonlyArray<[string, RoleEntityType]> = [
  ['shipments', 'shipment'],
  ['containers', 'container'],
  ['tracking_requests', 'tracking_request'],
];

/**
 * Custom field values (`/custom_fields`) and the values of one entity by slug (`/{shipments|containers|tracking_requests}/{id}/
 * custom_fields`), as the upstream's Custom Fields pages describe them. `include=definition` adds each
 * value's definition, which the upstream's SDK asks for.
 */
export function customFieldRoutes(deps: {
  fields: CustomFieldStore;
  entityOr404: (accountId: string, type: RoleEntityType, id: string) => string;
}): Hono<ServiceEnv> {
  const { fields } = deps;
  const routes = new Hono<ServiceEnv>();
  const fieldOr404 = (accountId: string, id: string): CustomFieldRecord => {
    const field = fields.field(accountId, id);
    if (field === undefined) throw new NotFoundError('CustomField', id);
    return field;
  };
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
      // Who last set it: values set through the API have no user.
      user: { data: null },
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
    // `entity` and `user` are relationships too (a 400 names any other); only definitions are included.
    const included = readIncludes(c, 'custom_field').has('definition')
      ? [...definitions.values()].flatMap((definition) =>
          definition === undefined ? [] : [serializeDefinition(definition, fields.options(definition.id))],
        )
      : [];
    return { data, included };
  };
  /**
   * Sets the body's value on the entity: checked against its definition, then created or updated. Returns
   * the field as it now reads.
   */
  const setValue = (
    accountId: string,
    definition: DefinitionRecord,
    entity: { type: RoleEntityType; id: string },
    body: { value?: unknown; update_pathway?: string | undefined },
  ): Resource => {
    if (API_TYPE[definition.entityType] !== entity.type) {
      throw new ValidationError(
        `Custom field ${definition.apiSlug} applies to ${definition.entityType}, not ${MODEL_OF[entity.type]}`,
        {},
        { pointer: '/data/relationships/entity/data/type', code: 'invalid' },
      );
    }
    checkValue(definition, fields.options(definition.id), body.value);
    const { field } = fields.upsert({
      accountId,
      definitionId: definition.id,
      entityType: entity.type,
      entityId: entity.id,
      value: body.value,
      updatePathway: body.update_pathway ?? 'api',
    });
    return serializeField(field, definition);
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
  routes.get('/custom_fields', (c) => {
    const page = readPage(c);
    const rawType = c.req.query('filter[entity_type]');
    const entityType = rawType === undefined ? undefined : (entityAlias(rawType) ?? rawType);
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
    const entityType = target === undefined ? undefined : entityAlias(target.type);
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
        : definitionOr404(fields, accountId, definitionId);
    return c.json(
      { data: setValue(accountId, definition, { type: entityType, id: entityId }, attributes) },
      201,
    );
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
    const definition = definitionOr404(fields, accountId, field.definitionId);
    // Only the entity type string is stored; it is one of the three API types.
    const entity = { type: field.entityType as RoleEntityType, id: field.entityId };
    return c.json({ data: setValue(accountId, definition, entity, attributes) });
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

    // Creates the field, or updates the one the slug already has on this entity (the upstream's upsert,
    // `find_or_initialize_by`): 201 either way, as its tracking-request page says.
    routes.post(`/${path}/:id/custom_fields`, async (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const { attributes } = (await readJson(c, customFieldBody)).data;
      const definition = slugDefinition(accountId, entityType, attributes.api_slug);
      return c.json(
        { data: setValue(accountId, definition, { type: entityType, id: entityId }, attributes) },
        201,
      );
    });

    routes.patch(`/${path}/:id/custom_fields/:api_slug`, async (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const definition = slugDefinition(accountId, entityType, c.req.param('api_slug'));
      if (fields.fieldOf(definition.id, entityId) === undefined)
        throw new NotFoundError('CustomField', c.req.param('api_slug'));
      const { attributes } = (await readJson(c, customFieldBody)).data;
      return c.json({
        data: setValue(accountId, definition, { type: entityType, id: entityId }, attributes),
      });
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
