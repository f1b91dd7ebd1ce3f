import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { MailDecision } from '../../src/mail/rules.ts';
import type {
  MailDocument,
  MailLimits,
  MailMetadata,
  ReadMessage,
  ReadMessageOptions,
} from '../../src/mail/types.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { Admission, type AdmissionDeps } from '../admission/admission.ts';
import {
  acquireLease,
  type MailRecord,
  messageKeyOf,
  readCheckpoint,
  readMailRecord,
  recordMails,
  releaseLease,
  writeCheckpoint,
} from '../ledger/mailbox.ts';
import type { EmailMetadata, IntakeMessage, Origin } from '../messages.ts';
import type { Ledger, MailMessage, MailSource } from '../ports.ts';

export const PROCESSED_FOLDER = 'Processed';
export const FAILED_FOLDER = 'Failed';
/** The keyword every message moved to `Failed` carries; a second one names the reason (`stevedore-too_large`). */
export const FAILED_KEYWORD = 'stevedore-failed';

export type ReadMail = (source: Readable, options: ReadMessageOptions) => Promise<ReadMessage>;

/** The mailbox's rules (`evaluateMail` of `src/mail/rules.ts`) applied to what the reader found. */
export type MailRulesCheck = (read: ReadMessage) => MailDecision;

export interface MailPollerOptions {
  readonly source: MailSource;
  readonly mailbox: string;
  /** The mailbox's name in the ledger (`mailboxKeyOf`). */
  readonly box: string;
  readonly ledger: Ledger;
  readonly admission: AdmissionDeps;
  readonly read: ReadMail;
  /** Absent: every document the reader found is taken. */
  readonly rules?: MailRulesCheck;
  readonly limits: MailLimits;
  /** Where the reader writes documents; on the blob store's filesystem, so staging is a hard link. */
  readonly tempDir: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Messages per poll; the lease must outlast a poll of this many. */
  readonly batchSize?: number;
  readonly leaseMs?: number;
  readonly processedFolder?: string;
  readonly failedFolder?: string;
  /** Names this poller in its lease. */
  readonly owner?: string;
}

export interface PollReport {
  /** false when another poller held the mailbox. */
  readonly leased: boolean;
  readonly processed: number;
  readonly failed: number;
  /** Messages the ledger knew (enqueued before a crash or by another run): moved, not read again. */
  readonly resettled: number;
  /** Messages left for the next poll (the batch was full or time ran out). */
  readonly more: boolean;
}

const DEFAULT_BATCH = 50;
/** Long enough for a batch of large messages; a crashed poller's lease frees the mailbox after it. */
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Takes the documents of new messages in one mailbox, exactly once: under a lease in the ledger, from the
 * checkpoint on, each message is read as a stream, its documents staged and enqueued through the
 * admission, its record written, and only then is it moved to `Processed` (or to `Failed`, with the
 * reason as a keyword). A crash anywhere before the move finds the message again: its record, or the
 * same origin ids (message identity + part path), keeps its documents from being taken twice.
 */
export class MailPoller {
  private readonly admission: Admission;
  private readonly owner: string;

  constructor(private readonly options: MailPollerOptions) {
    this.admission = new Admission(options.admission);
    this.owner = options.owner ?? randomUUID();
  }

  /** One poll. `deadline` (epoch ms) stops before a message that could not finish in time (Lambda). */
  async poll(deadline?: number): Promise<PollReport> {
    const { ledger, box, clock, source, mailbox, logger } = this.options;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const report = { leased: false, processed: 0, failed: 0, resettled: 0, more: false };
    if (!(await acquireLease(ledger, box, this.owner, clock.now(), leaseMs))) return report;
    report.leased = true;
    try {
      const checkpoint = await readCheckpoint(ledger, box);
      const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
      const listing = await source.list(mailbox, checkpoint, batchSize);
      if (checkpoint !== undefined && checkpoint.uidValidity !== listing.uidValidity) {
        logger.warn(
          { mailbox, was: checkpoint.uidValidity, now: listing.uidValidity },
          'the mailbox UIDVALIDITY changed: reading it again from the start (each message is taken once)',
        );
      }
      report.more = listing.messages.length >= batchSize;
      // The whole batch pays once for the queue commit, the ledger records, the moves and the checkpoint.
      const done: Taken[] = [];
      const staged: IntakeMessage[] = [];
      let failure: unknown;
      for (const message of listing.messages) {
        if (deadline !== undefined && clock.now() >= deadline) {
          report.more = true;
          break;
        }
        try {
          const key = messageKeyOf(message);
          const known = await readMailRecord(ledger, box, key);
          if (known !== undefined) {
            done.push({ message, key, record: known, fresh: false });
            continue;
          }
          const imported = await this.importMessage(message, key);
          staged.push(...imported.staged);
          done.push({ message, key, record: imported.record, fresh: true });
        } catch (error) {
          // What was read before the failure is still finished below; the rest waits for the next poll.
          failure = error;
          break;
        }
      }
      await this.finish(done, staged, listing.uidValidity, report);
      if (failure !== undefined) throw failure;
      return report;
    } finally {
      await releaseLease(ledger, box, this.owner).catch((error: unknown) =>
        logger.warn({ err: error, mailbox }, 'could not release the mailbox lease; it expires by itself'),
      );
    }
  }

  /** Enqueues, records, moves, then advances the checkpoint past the batch: each step after the one before. */
  private async finish(
    done: readonly Taken[],
    staged: readonly IntakeMessage[],
    uidValidity: number,
    report: { processed: number; failed: number; resettled: number },
  ): Promise<void> {
    const { ledger, box, logger } = this.options;
    if (done.length === 0) return;
    await this.admission.commit(staged);
    const fresh = done.filter((item) => item.fresh);
    await recordMails(
      ledger,
      box,
      fresh.map((item) => ({ message: item.key, record: item.record })),
    );
    await this.settleAll(done);
    const last = done.at(-1);
    if (last !== undefined) await writeCheckpoint(ledger, box, { uidValidity, lastUid: last.message.uid });
    for (const { message, record, fresh: isFresh } of done) {
      if (!isFresh) {
        report.resettled += 1;
        continue;
      }
      report[record.outcome] += 1;
      logger.info(
        {
          mailbox: message.mailbox,
          uid: message.uid,
          messageId: message.messageId,
          outcome: record.outcome,
          reason: record.reason,
          documents: record.documents,
        },
        record.outcome === 'processed' ? 'mail message taken' : `mail message failed: ${record.detail}`,
      );
    }
  }

  /** Reads the message, stages and enqueues its documents; the record says what became of it. */
  private async importMessage(
    message: MailMessage,
    key: string,
  ): Promise<{ record: MailRecord; staged: IntakeMessage[] }> {
    const { tempDir, limits, read, rules, clock } = this.options;
    const dir = join(tempDir, `${key}-${randomUUID().slice(0, 8)}`);
    await mkdir(dir, { recursive: true });
    const base = {
      uidValidity: message.uidValidity,
      uid: message.uid,
      at: new Date(clock.now()).toISOString(),
    };
    const failed = (reason: { reason: string; detail: string }) => ({
      record: { ...base, outcome: 'failed' as const, ...refusal(reason), documents: 0 },
      staged: [],
    });
    try {
      const body = await this.options.source.source(message);
      const parsed = await read(body, { tempDir: dir, limits, sizeBytes: message.sizeBytes });
      try {
        if (parsed.refusal !== null) return failed(parsed.refusal);
        const decision = rules?.(parsed) ?? { refusal: null, taken: parsed.documents, refused: [] };
        if (decision.refusal !== null) return failed(decision.refusal);
        // Staged copies are links or copies made now: the temp files may go once this returns.
        const staged = await this.stageAll(message, key, parsed.metadata, decision.taken);
        if (staged.messages.length > 0) {
          const documents = staged.messages.length;
          return {
            record: { ...base, outcome: 'processed', reason: null, detail: null, documents },
            staged: staged.messages,
          };
        }
        const skipped = [
          ...staged.rejected,
          ...decision.refused.map((part) => `${part.document.fileName}: ${part.detail}`),
          ...parsed.skipped.map((part) => `${part.fileName ?? part.partPath}: ${part.detail}`),
        ];
        return failed({
          reason: 'no_documents',
          detail:
            skipped.length === 0
              ? 'the message has no attachment'
              : `no document to take (${skipped.join('; ')})`,
        });
      } finally {
        await parsed.dispose();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async stageAll(
    message: MailMessage,
    key: string,
    metadata: MailMetadata,
    documents: readonly MailDocument[],
  ): Promise<{ messages: IntakeMessage[]; rejected: string[] }> {
    const email = emailOf(metadata);
    const messages: IntakeMessage[] = [];
    const rejected: string[] = [];
    for (const document of documents) {
      const origin: Origin = {
        originId: originIdOf(this.options.box, key, document.partPath),
        source: 'imap',
        fileName: document.fileName,
        location: `${message.mailbox} uid ${message.uid} part ${document.partPath}`,
        receivedAt: message.receivedAt,
        email,
      };
      const outcome = await this.stage(document, origin);
      if (outcome.kind === 'staged') messages.push(outcome.message);
      else rejected.push(`${document.fileName}: ${outcome.detail}`);
    }
    return { messages, rejected };
  }

  /** Stages one document from its temp file: by hard link where the blob store can, else by copy. */
  private async stage(
    document: MailDocument,
    origin: Origin,
  ): Promise<{ kind: 'staged'; message: IntakeMessage } | { kind: 'rejected'; detail: string }> {
    const handle = await open(document.path, 'r');
    try {
      const info = await stat(document.path);
      const outcome = await this.admission.stage({
        body: handle.createReadStream({ start: 0, autoClose: false }),
        sizeBytes: info.size,
        origin,
        localFile: { path: document.path, handle, ino: info.ino },
      });
      if (outcome.kind === 'staged') return outcome;
      if (outcome.kind === 'rejected') return { kind: 'rejected', detail: outcome.rejection.detail };
      // Temp files are ours alone: a change under us is a bug, not a race to wait out.
      throw new AppError(
        'mail_document_changed',
        `the staged copy of ${document.fileName} changed while read`,
      );
    } finally {
      await handle.close();
    }
  }

  /** One MOVE per folder and reason: the messages of a batch that share them go together. */
  private async settleAll(done: readonly Taken[]): Promise<void> {
    const processed = this.options.processedFolder ?? PROCESSED_FOLDER;
    const failed = this.options.failedFolder ?? FAILED_FOLDER;
    const groups = new Map<string, { folder: string; keywords: string[]; messages: MailMessage[] }>();
    for (const { message, record } of done) {
      const folder = record.outcome === 'processed' ? processed : failed;
      const keywords = record.outcome === 'processed' ? [] : [FAILED_KEYWORD, reasonKeyword(record.reason)];
      const id = JSON.stringify([folder, keywords]);
      const group = groups.get(id) ?? { folder, keywords, messages: [] };
      group.messages.push(message);
      groups.set(id, group);
    }
    for (const group of groups.values()) {
      await this.options.source.settle(group.messages, group.folder, group.keywords);
    }
  }
}

interface Taken {
  readonly message: MailMessage;
  readonly key: string;
  readonly record: MailRecord;
  /** false for a message the ledger already had a record of (enqueued before a crash). */
  readonly fresh: boolean;
}

const refusal = (value: { reason: string; detail: string }): { reason: string; detail: string } => ({
  reason: value.reason,
  detail: value.detail,
});

/** A keyword is an IMAP atom: letters, digits, `_` and `-` only. */
export const reasonKeyword = (reason: string | null): string =>
  `stevedore-${(reason ?? 'failed').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;

/** The same part of the same message in the same mailbox is the same origin, whatever its UID. */
export const originIdOf = (box: string, message: string, partPath: string): string =>
  `imap-${createHash('sha256')
    .update(JSON.stringify([box, message, partPath]))
    .digest('hex')
    .slice(0, 32)}`;

const emailOf = (metadata: MailMetadata): EmailMetadata => ({
  subject: metadata.subject,
  from: [...metadata.from],
  to: [...metadata.to],
  cc: [...metadata.cc],
  messageId: metadata.messageId,
  sentAt: metadata.sentAt,
});
