import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { readInteger, readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';

export const APP_SESSION_MIGRATION_NAMESPACE = 'app-sessions';
export const APP_SESSION_MIGRATIONS: readonly string[] = [
  `CREATE TABLE app_sessions (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   ) STRICT`,
];

/**
 * Live sessions one account keeps; signing in once more ends its oldest. A few browsers and devices need a
 * handful; a script signing in in a loop must not grow the table without bound.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 50;

/**
 * The web app's sessions, kept on the server: the cookie names a row here, so signing out deletes the row
 * and a copy of the cookie kept elsewhere (another tab, a stolen one) stops working too, restart or not.
 */
export class AppSessionStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  /** A new session with an unguessable id; expired sessions are swept on the way. */
  create(accountId: string, ttlMs: number): string {
    const id = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    storeCall('create app session', () => {
      this.db.prepare('DELETE FROM app_sessions WHERE expires_at <= ?').run(now);
      this.db
        .prepare('INSERT INTO app_sessions (id, account_id, expires_at) VALUES (?, ?, ?)')
        .run(id, accountId, now + ttlMs);
      // Every session lives as long, so the ones expiring first are the oldest.
      this.db
        .prepare(
          `DELETE FROM app_sessions WHERE account_id = ? AND id NOT IN (
             SELECT id FROM app_sessions WHERE account_id = ? ORDER BY expires_at DESC, rowid DESC LIMIT ?)`,
        )
        .run(accountId, accountId, MAX_SESSIONS_PER_ACCOUNT);
    });
    return id;
  }

  /** The account of a live session, or undefined for an unknown, ended or expired one. */
  accountOf(id: string): string | undefined {
    const row = storeCall('read app session', () =>
      this.db.prepare('SELECT account_id, expires_at FROM app_sessions WHERE id = ?').get(id),
    );
    if (row === undefined || readInteger(row, 'expires_at') <= this.clock.now()) return undefined;
    return readText(row, 'account_id');
  }

  end(id: string): void {
    storeCall('end app session', () => this.db.prepare('DELETE FROM app_sessions WHERE id = ?').run(id));
  }
}
