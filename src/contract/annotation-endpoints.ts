import { z } from 'zod';
import {
  createDefinitionBody,
  customFieldBody,
  optionBody,
  partyBody,
  partyRoleBody,
  updateDefinitionBody,
} from './annotations.ts';
import type { Endpoint } from './endpoint.ts';
import { listDocument, singleDocument } from './json-api.ts';
import { trackingResource } from './tracking.ts';

const one = (type: string) => singleDocument(trackingResource(type));
const many = (type: string) => listDocument(trackingResource(type));
const bare = (type: string) =>
  z.object({ data: z.array(trackingResource(type)), included: z.array(z.unknown()).optional() });
const tag = 'parties and custom fields';
/** The upstream OpenAPI document's default `page[size]` for `GET /parties` (the other lists have 30). */
export const PARTIES_PAGE_SIZE = 25;

/** The entities parties and custom fields attach to, by their path. */
const ENTITIES = [
  ['shipments', 'shipment'],
  ['containers', 'container'],
  ['tracking_requests', 'tracking request'],
] as const;

const entityEndpoints = (path: string, noun: string): Endpoint[] => [
  {
    method: 'get',
    path: `/${path}/{id}/party_roles`,
    summary: `The ${noun}'s party roles, parties included`,
    tag,
    response: bare('party_role'),
  },
  {
    method: 'post',
    path: `/${path}/{id}/party_roles`,
    summary: `Give a party a role on the ${noun}`,
    tag,
    request: partyRoleBody,
    response: one('party_role'),
    status: 201,
  },
  {
    method: 'delete',
    path: `/${path}/{id}/party_roles/{role_id}`,
    summary: 'Remove a party role',
    tag,
    response: z.unknown(),
    status: 204,
  },
  {
    method: 'get',
    path: `/${path}/{id}/custom_fields`,
    summary: `The ${noun}'s custom fields (include=definition)`,
    tag,
    response: bare('custom_field'),
  },
  {
    method: 'post',
    path: `/${path}/{id}/custom_fields`,
    summary: 'Set a custom field by api_slug (created or updated: 201)',
    tag,
    request: customFieldBody,
    response: one('custom_field'),
    status: 201,
  },
  {
    method: 'patch',
    path: `/${path}/{id}/custom_fields/{api_slug}`,
    summary: 'Change a custom field by slug',
    tag,
    request: customFieldBody,
    response: one('custom_field'),
  },
  {
    method: 'delete',
    path: `/${path}/{id}/custom_fields/{api_slug}`,
    summary: 'Delete a custom field by slug',
    tag,
    response: z.unknown(),
    status: 204,
  },
];

/** Parties and party roles; custom field definitions, options and values. */
export const ANNOTATION_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'get',
    path: '/parties',
    summary: 'List parties',
    tag,
    response: many('party'),
    pageSize: PARTIES_PAGE_SIZE,
  },
  {
    method: 'post',
    path: '/parties',
    summary: 'Create a party',
    tag,
    request: partyBody,
    response: one('party'),
    status: 201,
  },
  { method: 'get', path: '/parties/{id}', summary: 'A party', tag, response: one('party') },
  {
    method: 'patch',
    path: '/parties/{id}',
    summary: 'Rename a party',
    tag,
    request: partyBody,
    response: one('party'),
  },
  ...ENTITIES.flatMap(([path, noun]) => entityEndpoints(path, noun)),
  {
    method: 'get',
    path: '/custom_field_definitions',
    summary: 'List custom field definitions',
    tag,
    response: many('custom_field_definition'),
  },
  {
    method: 'post',
    path: '/custom_field_definitions',
    summary: 'Create a custom field definition',
    tag,
    request: createDefinitionBody,
    response: one('custom_field_definition'),
    status: 201,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{id}',
    summary: 'A custom field definition',
    tag,
    response: one('custom_field_definition'),
  },
  {
    method: 'patch',
    path: '/custom_field_definitions/{id}',
    summary: 'Change a definition (not its slug, entity or data type)',
    tag,
    request: updateDefinitionBody,
    response: one('custom_field_definition'),
  },
  {
    method: 'delete',
    path: '/custom_field_definitions/{id}',
    summary: 'Delete a definition, its options and values',
    tag,
    response: z.unknown(),
    status: 204,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{definition_id}/options',
    summary: "An enum definition's options",
    tag,
    response: bare('custom_field_option'),
  },
  {
    method: 'post',
    path: '/custom_field_definitions/{definition_id}/options',
    summary: 'Add an option',
    tag,
    request: optionBody,
    response: one('custom_field_option'),
    status: 201,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{definition_id}/options/{id}',
    summary: 'An option',
    tag,
    response: one('custom_field_option'),
  },
  {
    method: 'patch',
    path: '/custom_field_definitions/{definition_id}/options/{id}',
    summary: 'Change an option',
    tag,
    request: optionBody,
    response: one('custom_field_option'),
  },
  {
    method: 'delete',
    path: '/custom_field_definitions/{definition_id}/options/{id}',
    summary: 'Delete an option',
    tag,
    response: z.unknown(),
    status: 204,
  },
  {
    method: 'get',
    path: '/custom_fields',
    summary: 'List custom field values',
    tag,
    response: many('custom_field'),
  },
  {
    method: 'post',
    path: '/custom_fields',
    summary: 'Set a custom field on the entity in relationships.entity',
    tag,
    request: customFieldBody,
    response: one('custom_field'),
    status: 201,
  },
  {
    method: 'get',
    path: '/custom_fields/{id}',
    summary: 'A custom field value',
    tag,
    response: one('custom_field'),
  },
  {
    method: 'patch',
    path: '/custom_fields/{id}',
    summary: 'Change a custom field value',
    tag,
    request: customFieldBody,
    response: one('custom_field'),
  },
  {
    method: 'delete',
    path: '/custom_fields/{id}',
    summary: 'Delete a custom field value',
    tag,
    response: z.unknown(),
    status: 204,
  },
];
