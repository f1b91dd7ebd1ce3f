import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { ValidationError } from '../../domain/errors.ts';
import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';

/** The resources a party role hangs on, by their API type. */
export type RoleEntityType = 'shipment' | 'container' | 'tracking_request';

export interface PartyRecord {
  readonly id: string;
  readonly accountId: string;
  readonly companyName: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface PartyRoleRecord {
  readonly id: string;
  readonly partyId: string;
  readonly role: string;
  readonly entityType: RoleEntityType;
  readonly entityId: string;
  readonly createdAt: number;
}

const toParty = (row: SqlRow): PartyRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  companyName: readText(row, 'company_name'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

const toRole = (row: SqlRow): PartyRoleRecord => ({
  id: readText(row, 'id'),
  partyId: readText(row, 'party_id'),
  role: readText(row, 'role'),
  // The table's CHECK constraint holds it to the three types.
  entityType: readText(row, 'entity_type') as RoleEntityType,
  entityId: readText(row, 'entity_id'),
  createdAt: readInteger(row, 'created_at'),
});

/** Parties of every account and the roles they play on shipments, containers and tracking requests. */
export class PartyStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  create(accountId: string, companyName: string): PartyRecord {
    const now = this.clock.now();
    const id = randomUUID();
    storeCall('create party', () =>
      this.db
        .prepare(
          'INSERT INTO parties (id, account_id, company_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(id, accountId, companyName, now, now),
    );
    return { id, accountId, companyName, createdAt: now, updatedAt: now };
  }

  rename(accountId: string, id: string, companyName: string): void {
    storeCall('update party', () =>
      this.db
        .prepare('UPDATE parties SET company_name = ?, updated_at = ? WHERE account_id = ? AND id = ?')
        .run(companyName, this.clock.now(), accountId, id),
    );
  }

  party(accountId: string, id: string): PartyRecord | undefined {
    const row = this.db.prepare('SELECT * FROM parties WHERE account_id = ? AND id = ?').get(accountId, id);
    return row === undefined ? undefined : toParty(row);
  }

  /**
   * Newest first. `search` keeps the parties whose company name has a word starting with it (case ignored
   * for ASCII, as SQLite's LIKE), as the upstream's `GET /parties?query=` the MCP list_parties tool calls.
   */
  list(
    accountId: string,
    page: { size: number; offset: number },
    search?: string,
  ): { records: PartyRecord[]; total: number } {
    const words =
      search === undefined
        ? ''
        : " AND (company_name LIKE :prefix ESCAPE '\\' OR company_name LIKE :wordPrefix ESCAPE '\\')";
    const escaped = search?.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_');
    const params = {
      accountId,
      ...(escaped === undefined ? {} : { prefix: `${escaped}%`, wordPrefix: `% ${escaped}%` }),
    };
    const rows = this.db
      .prepare(
        `SELECT * FROM parties WHERE account_id = :accountId${words} ORDER BY seq DESC LIMIT :limit OFFSET :offset`,
      )
      .all({ ...params, limit: page.size, offset: page.offset });
    const count = this.db
      .prepare(`SELECT count(*) AS total FROM parties WHERE account_id = :accountId${words}`)
      .get(params);
    return { records: rows.map(toParty), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  /** Roles are additive; the same party in the same role twice is a 422 `duplicate`. */
  assign(accountId: string, input: Omit<PartyRoleRecord, 'id' | 'createdAt'>): PartyRoleRecord {
    const taken = this.db
      .prepare(
        'SELECT 1 FROM party_roles WHERE entity_type = ? AND entity_id = ? AND party_id = ? AND role = ?',
      )
      .get(input.entityType, input.entityId, input.partyId, input.role);
    if (taken !== undefined) {
      throw new ValidationError(
        `Party already has the role ${input.role} on this ${input.entityType}`,
        {},
        { pointer: '/data/attributes/role', code: 'duplicate' },
      );
    }
    const record = { ...input, id: randomUUID(), createdAt: this.clock.now() };
    storeCall('assign party role', () =>
      this.db
        .prepare(
          `INSERT INTO party_roles (id, account_id, party_id, role, entity_type, entity_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          accountId,
          record.partyId,
          record.role,
          record.entityType,
          record.entityId,
          record.createdAt,
        ),
    );
    return record;
  }

  /** Removes one role of the entity; false when it has no such role. */
  remove(entityType: RoleEntityType, entityId: string, roleId: string): boolean {
    const result = storeCall('remove party role', () =>
      this.db
        .prepare('DELETE FROM party_roles WHERE entity_type = ? AND entity_id = ? AND id = ?')
        .run(entityType, entityId, roleId),
    );
    return Number(result.changes) > 0;
  }

  /**
   * Copies the roles a tracking request was created with (all but `customer`, which the shipment reads
   * through its request) to the request's new shipment, once: a role the shipment has already is kept.
   */
  copyRequestRoles(accountId: string, requestId: string, shipmentId: string): void {
    const existing = this.rolesOf('shipment', shipmentId);
    for (const role of this.rolesOf('tracking_request', requestId)) {
      if (role.role === 'customer') continue;
      if (existing.some((held) => held.partyId === role.partyId && held.role === role.role)) continue;
      this.assign(accountId, {
        partyId: role.partyId,
        role: role.role,
        entityType: 'shipment',
        entityId: shipmentId,
      });
    }
  }

  /** The entity's roles, oldest first. */
  rolesOf(entityType: RoleEntityType, entityId: string): PartyRoleRecord[] {
    return this.db
      .prepare('SELECT * FROM party_roles WHERE entity_type = ? AND entity_id = ? ORDER BY seq')
      .all(entityType, entityId)
      .map(toRole);
  }

  /** The first party in the `customer` role on the entity, if any. */
  customerOf(entityType: RoleEntityType, entityId: string): PartyRecord | undefined {
    const row = this.db
      .prepare(
        `SELECT parties.* FROM party_roles JOIN parties ON parties.id = party_roles.party_id
         WHERE party_roles.entity_type = ? AND party_roles.entity_id = ? AND party_roles.role = 'customer'
         ORDER BY party_roles.seq LIMIT 1`,
      )
      .get(entityType, entityId);
    return row === undefined ? undefined : toParty(row);
  }
}
