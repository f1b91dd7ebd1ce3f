import type { PartyRecord } from './party-store.ts';
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
