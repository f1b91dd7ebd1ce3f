import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { DocumentType } from '../../contract/document.ts';
import type { Clock } from '../../domain/clock.ts';
import { transaction } from '../../store/database.ts';
import { changedRows } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';

/** What one extraction attempt produced; the shape `extractDocument` returns. */
export type ExtractionOutcome =
  | {
      readonly ok: true;
      readonly documentType: DocumentType;
      readonly classificationNotes: string | null;
      readonly schemaVersion: string;
      readonly payload: Record<string, unknown>;
    }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly detail: string;
      readonly documentType: DocumentType | null;
    };

/**
 * The processing side of a document: its status while an attempt runs, and the attempt's outcome, written
 * at most once per attempt so that redelivered jobs and superseded attempts change nothing.
 */
export class ExtractionOutcomeStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  /** pending → processing, only while `attempt` is current and has no outcome. */
  markProcessing(id: string, attempt: number): void {
    storeCall('mark document processing', () =>
      this.db
        .prepare(
          `UPDATE documents SET extraction_status = 'processing', updated_at = ?
           WHERE id = ? AND extraction_attempts = ? AND outcome_attempt < ?`,
        )
        .run(this.clock.now(), id, attempt, attempt),
    );
  }

  /**
   * Writes the outcome of `attempt` once: only while it is still the current attempt and has no outcome
   * yet. False when a redelivered job or a newer attempt got there first, in which case nothing changed.
   */
  write(id: string, attempt: number, outcome: ExtractionOutcome): boolean {
    const now = this.clock.now();
    return storeCall('write extraction outcome', () =>
      transaction(this.db, () => {
        const representationId = outcome.ok ? randomUUID() : null;
        const updated = this.db
          .prepare(
            `UPDATE documents SET
               extraction_status = ?, outcome_attempt = ?, document_type = coalesce(?, document_type),
               classification_notes = CASE WHEN ? THEN ? ELSE classification_notes END,
               extraction_error_reason = ?, extraction_error_detail = ?,
               last_representation_id = coalesce(?, last_representation_id), updated_at = ?
             WHERE id = ? AND extraction_attempts = ? AND outcome_attempt < ?`,
          )
          .run(
            outcome.ok ? 'extracted' : 'failed',
            attempt,
            outcome.documentType,
            outcome.ok ? 1 : 0,
            outcome.ok ? outcome.classificationNotes : null,
            outcome.ok ? null : outcome.reason,
            outcome.ok ? null : outcome.detail,
            representationId,
            now,
            id,
            attempt,
            attempt,
          );
        if (changedRows(updated) === 0) return false;
        if (outcome.ok && representationId !== null) {
          this.db
            .prepare(
              `INSERT INTO document_representations
                 (id, document_id, attempt, document_type, schema_version, payload, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              representationId,
              id,
              attempt,
              outcome.documentType,
              outcome.schemaVersion,
              JSON.stringify(outcome.payload),
              now,
              now,
            );
        }
        return true;
      }),
    );
  }
}
