import type { Context } from 'hono';
import { Hono } from 'hono';
import { createDefinitionBody, optionBody, updateDefinitionBody } from '../../contract/annotations.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { readJson } from '../http/read-json.ts';
import { definitionOr404, serializeDefinition, serializeOption } from './custom-field-resources.ts';
import type { CustomFieldStore, DefinitionRecord, OptionRecord } from './custom-field-store.ts';
import { checkJsonSize, checkValidation } from './custom-field-values.ts';
import { readIncludes } from './tracking-views.ts';

/**
 * Custom field definitions (`/custom_field_definitions`) and the options of enum definitions
 * (`/custom_field_definitions/{definition_id}/options`), as the upstream's Custom Fields pages describe them.
 */
/**
 * Custom field definitions an account may hold per entity type: every entity's fields are answered whole
 * (one value per definition), so the count bounds that answer.
 */
export const MAX_DEFINITIONS_PER_ENTITY_TYPE = 200;
/** Options one enum definition may hold: each definition and each refused value lists them all. */
export const MAX_OPTIONS_PER_DEFINITION = 200;

export function customFieldDefinitionRoutes(deps: { fields: CustomFieldStore }): Hono<ServiceEnv> {
  const { fields } = deps;
  const routes = new Hono<ServiceEnv>();

  const definitionDocument = (definition: DefinitionRecord, includes: ReadonlySet<string> = new Set()) => ({
    data: serializeDefinition(definition, fields.options(definition.id)),
    ...(includes.has('options') ? { included: fields.options(definition.id).map(serializeOption) } : {}),
    links: { self: `/v2/custom_field_definitions/${definition.id}` },
  });

  routes.get('/custom_field_definitions', (c) => {
    const includes = readIncludes(c, 'custom_field_definition');
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
      ...(includes.has('options')
        ? { included: records.flatMap((definition) => fields.options(definition.id).map(serializeOption)) }
        : {}),
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
    checkValidation(attributes.validation);
    checkJsonSize(attributes.validation, '/data/attributes/validation');
    checkJsonSize(attributes.default_value, '/data/attributes/default_value');
    const held = fields.definitions(
      accountId,
      { entityType: attributes.entity_type },
      { size: 1, offset: 0 },
    );
    if (held.total >= MAX_DEFINITIONS_PER_ENTITY_TYPE) {
      throw new ValidationError(
        `An account holds at most ${MAX_DEFINITIONS_PER_ENTITY_TYPE} custom field definitions for ${attributes.entity_type}; delete one first`,
        {},
        { pointer: '/data/attributes/entity_type', code: 'invalid' },
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
    c.json(
      definitionDocument(
        definitionOr404(fields, c.get('account').id, c.req.param('id')),
        readIncludes(c, 'custom_field_definition'),
      ),
    ),
  );

  routes.patch('/custom_field_definitions/:id', async (c) => {
    const accountId = c.get('account').id;
    const definition = definitionOr404(fields, accountId, c.req.param('id'));
    const { attributes } = (await readJson(c, updateDefinitionBody)).data;
    checkValidation(attributes.validation);
    checkJsonSize(attributes.validation, '/data/attributes/validation');
    checkJsonSize(attributes.default_value, '/data/attributes/default_value');
    fields.updateDefinition(accountId, definition.id, {
      ...(attributes.display_name === undefined ? {} : { displayName: attributes.display_name }),
      ...(attributes.description === undefined ? {} : { description: attributes.description }),
      ...(attributes.validation === undefined ? {} : { validation: attributes.validation }),
      ...(attributes.default_format === undefined ? {} : { defaultFormat: attributes.default_format }),
      ...(attributes.default_value === undefined ? {} : { defaultValue: attributes.default_value }),
      ...(attributes.reference_type === undefined ? {} : { referenceType: attributes.reference_type }),
    });
    return c.json(definitionDocument(definitionOr404(fields, accountId, definition.id)));
  });

  routes.delete('/custom_field_definitions/:id', (c) => {
    const accountId = c.get('account').id;
    const definition = definitionOr404(fields, accountId, c.req.param('id'));
    fields.deleteDefinition(accountId, definition.id);
    return c.body(null, 204);
  });

  const enumDefinition = (c: Context<ServiceEnv>): DefinitionRecord => {
    const definition = definitionOr404(fields, c.get('account').id, c.req.param('definition_id') ?? '');
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
    if (fields.options(definition.id).length >= MAX_OPTIONS_PER_DEFINITION) {
      throw new ValidationError(
        `A definition holds at most ${MAX_OPTIONS_PER_DEFINITION} options; delete one first`,
        {},
        { pointer: '/data/attributes/value', code: 'invalid' },
      );
    }
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

  return routes;
}
