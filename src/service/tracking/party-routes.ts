import { Hono } from 'hono';
import { PARTIES_PAGE_SIZE } from '../../contract/annotation-endpoints.ts';
import { partyBody, partyRoleBody } from '../../contract/annotations.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { HttpProblem } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import { serializeParty, serializePartyRole } from './party-resource.ts';
import type { PartyRecord, PartyStore, RoleEntityType } from './party-store.ts';
import type { Resource } from './resource.ts';
import { readIncludes } from './tracking-views.ts';

const ENTITY_PATHS: ReadonlyArray<[string, RoleEntityType]> = [
  ['shipments', 'shipment'],
  ['containers', 'container'],
  ['tracking_requests', 'tracking_request'],
];

/** Longer than any company name a search needs; the MCP tool sends at most 100 characters. */
const MAX_PARTY_SEARCH_LENGTH = 255;

const companyName = (raw: string): string => {
  const name = raw.trim();
  if (name === '') {
    throw new ValidationError(
      "Company name can't be blank",
      {},
      {
        pointer: '/data/attributes/company_name',
        code: 'blank',
      },
    );
  }
  return name;
};

/**
 * Parties (`/parties`) and the roles they play on a shipment, container or tracking request
 * (`/{shipments|containers|tracking_requests}/{id}/party_roles`), as the upstream's Parties and Party
 * Roles pages describe them. `entityOr404` finds the entity in the caller's account (its canonical id).
 */
export function partyRoutes(deps: {
  parties: PartyStore;
  entityOr404: (accountId: string, type: RoleEntityType, id: string) => string;
}): Hono<ServiceEnv> {
  const { parties } = deps;
  const routes = new Hono<ServiceEnv>();
  const partyOr404 = (accountId: string, id: string): PartyRecord => {
    const party = parties.party(accountId, id);
    if (party === undefined) throw new NotFoundError('Party', id);
    return party;
  };

  routes.get('/parties', (c) => {
    readIncludes(c, 'party');
    const page = readPage(c, PARTIES_PAGE_SIZE);
    const search = c.req.query('query')?.trim();
    const { records, total } = parties.list(
      c.get('account').id,
      page,
      search === undefined || search === '' ? undefined : search.slice(0, MAX_PARTY_SEARCH_LENGTH),
    );
    return c.json({
      data: records.map(serializeParty),
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  routes.post('/parties', async (c) => {
    const { attributes } = (await readJson(c, partyBody)).data;
    const party = parties.create(c.get('account').id, companyName(attributes.company_name));
    return c.json({ data: serializeParty(party), links: { self: `/v2/parties/${party.id}` } }, 201);
  });

  routes.get('/parties/:id', (c) => {
    const party = partyOr404(c.get('account').id, c.req.param('id'));
    readIncludes(c, 'party');
    return c.json({ data: serializeParty(party), links: { self: `/v2/parties/${party.id}` } });
  });

  routes.patch('/parties/:id', async (c) => {
    const accountId = c.get('account').id;
    const party = partyOr404(accountId, c.req.param('id'));
    const { attributes } = (await readJson(c, partyBody)).data;
    parties.rename(accountId, party.id, companyName(attributes.company_name));
    return c.json({
      data: serializeParty(partyOr404(accountId, party.id)),
      links: { self: `/v2/parties/${party.id}` },
    });
  });

  for (const [path, entityType] of ENTITY_PATHS) {
    routes.get(`/${path}/:id/party_roles`, (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const roles = parties.rolesOf(entityType, entityId);
      const linked = new Map<string, Resource>();
      for (const role of roles) {
        const party = parties.party(accountId, role.partyId);
        if (party !== undefined) linked.set(party.id, serializeParty(party));
      }
      return c.json({ data: roles.map(serializePartyRole), included: [...linked.values()] });
    });

    routes.post(`/${path}/:id/party_roles`, async (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const { attributes, relationships } = (await readJson(c, partyRoleBody)).data;
      const partyId = relationships?.party.data.id ?? attributes.party_id;
      if (partyId === undefined || partyId.trim() === '') {
        throw new ValidationError(
          "Party can't be blank",
          {},
          {
            pointer: '/data/relationships/party/data/id',
            code: 'blank',
          },
        );
      }
      const party = parties.party(accountId, partyId);
      // The upstream's Party Roles page: a party of another account (or none) is a 401.
      if (party === undefined) {
        throw new HttpProblem(401, 'Unauthorized', `Party ${partyId} does not belong to this account`, {
          pointer: '/data/relationships/party/data/id',
        });
      }
      const role = parties.assign(accountId, {
        partyId: party.id,
        role: attributes.role,
        entityType,
        entityId,
      });
      return c.json({ data: serializePartyRole(role), included: [serializeParty(party)] }, 201);
    });

    routes.delete(`/${path}/:id/party_roles/:role_id`, (c) => {
      const accountId = c.get('account').id;
      const entityId = deps.entityOr404(accountId, entityType, c.req.param('id'));
      const roleId = c.req.param('role_id');
      if (!parties.remove(entityType, entityId, roleId)) throw new NotFoundError('PartyRole', roleId);
      return c.body(null, 204);
    });
  }

  return routes;
}
