import type { PartyRecord, PartyRoleRecord, RoleEntityType } from './party-store.ts';
import { iso, type Resource } from './resource.ts';

/** A party as the upstream's Parties endpoints send it. */
export const serializeParty = (party: PartyRecord): Resource => ({
  id: party.id,
  type: 'party',
  attributes: {
    company_name: party.companyName,
    created_at: iso(party.createdAt),
    updated_at: iso(party.updatedAt),
  },
  links: { self: `/v2/parties/${party.id}` },
});

/** The upstream's `roleable_type`: the Rails class of the record, `Cargo` for a container. */
const ROLEABLE_TYPES: Readonly<Record<RoleEntityType, string>> = {
  shipment: 'Shipment',
  container: 'Cargo',
  tracking_request: 'TrackingRequest',
};

/**
 * A party role as the upstream's party_role schema sends it (`role`, `roleable_type`, `roleable_id`,
 * times, the `party` relationship); the record it is attached to is also a relationship here.
 */
export const serializePartyRole = (role: PartyRoleRecord): Resource => ({
  id: role.id,
  type: 'party_role',
  attributes: {
    role: role.role,
    roleable_type: ROLEABLE_TYPES[role.entityType],
    roleable_id: role.entityId,
    created_at: iso(role.createdAt),
    // A role is never edited (a new party means a new role), so it was last updated when it was made.
    updated_at: iso(role.createdAt),
  },
  relationships: {
    party: { data: { id: role.partyId, type: 'party' } },
    entity: { data: { id: role.entityId, type: role.entityType } },
    [role.entityType]: { data: { id: role.entityId, type: role.entityType } },
  },
});
