import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { MailReader } from '../../src/mail/mail-reader.ts';
import type { MailDecision } from '../../src/mail/rules.ts';
import type { MailDocument, MailLimits, MailMetadata, ReadMessage } from '../../src/mail/types.ts';
import type { Admission, StageOutcome } from '../admission/admission.ts';
import type { MailRecord } from '../ledger/mailbox.ts';
import type { EmailMetadata, IntakeMessage, Origin } from '../messages.ts';
import type { MailMessage } from '../ports.ts';

/** The mailbox's rules (`evaluateMail` of `src/mail/rules.ts`) applied to what the reader found. */
export type MailRulesCheck = (read: ReadMessage) => MailDecision;

export interface MailImportDeps {
  readonly admission: Admission;
  /** The mailbox's name in the ledger: part of every origin id. */
  readonly box: string;
  readonly reader: MailReader;
  /** Absent: every document the reader found is taken. */
  readonly rules?: MailRulesCheck;
  readonly limits: MailLimits;
  readonly clock: Clock;
}

/**
 * One message taken apart: read (as it streams in, or with others already in memory), the mailbox's rules applied, each document staged through
 * the admission under an origin id that survives a new UID. The record says what became of the message;
 * nothing is enqueued here (the poller commits a chunk's staged documents together).
 */
export class MailImport {
  private readonly deps: MailImportDeps;

  constructor(deps: MailImportDeps) {
    this.deps = deps;
  }

  /** Reads a message as it streams in. */
  async read(message: MailMessage, body: Readable, dir: string): Promise<ReadMessage> {
    const { reader, limits } = this.deps;
    let parsed: ReadMessage;
    try {
      parsed = await reader.read(body, { tempDir: dir, limits, sizeBytes: message.sizeBytes });
    } finally {
      // A message refused on its announced size is never read: the stream is ended here, which stops
      // its download and gives the mailbox back to the fetches and moves waiting for it.
      if (!body.readableEnded) body.destroy();
    }
    return parsed;
  }

  /** Reads messages already whole in memory, together (in worker threads, with a pool). */
  readMany(raws: readonly Buffer[], dir: string): Promise<ReadMessage[]> {
    return this.deps.reader.readMany(raws, { tempDir: dir, limits: this.deps.limits });
  }

  /**
   * Applies the rules to what was read and stages the documents taken; the record says what became of
   * the message. The read's temp files are gone once this returns.
   */
  async take(
    message: MailMessage,
    key: string,
    parsed: ReadMessage,
  ): Promise<{ record: MailRecord; staged: IntakeMessage[] }> {
    const { rules, clock } = this.deps;
    const base = {
      uidValidity: message.uidValidity,
      uid: message.uid,
      at: new Date(clock.now()).toISOString(),
      receivedAt: message.receivedAt,
      ...(parsed.sha256 === undefined ? {} : { sha256: parsed.sha256 }),
    };
    const failed = (reason: { reason: string; detail: string }) => ({
      record: { ...base, outcome: 'failed' as const, ...refusal(reason), documents: 0 },
      staged: [],
    });
    try {
      if (parsed.refusal !== null) return failed(parsed.refusal);
      const decision = rules?.(parsed) ?? { refusal: null, taken: parsed.documents, refused: [] };
      if (decision.refusal !== null) return failed(decision.refusal);
      // Staged copies are links or copies made now: the temp files may go once this returns.
      // Origins by the message's bytes when read: two messages under one identity keep their parts apart.
      const staged = await this.stageAll(message, parsed.sha256 ?? key, parsed.metadata, decision.taken);
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
          skipped.length === 0 ? 'the message has no attachment' : `no document to take (${listed(skipped)})`,
      });
    } finally {
      await parsed.dispose();
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
        originId: originIdOf(this.deps.box, key, document.partPath),
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

  /**
   * Stages one document: a small one from memory, a large one from its temp file, by hard link where the
   * blob store can, else by copy.
   */
  private async stage(
    document: MailDocument,
    origin: Origin,
  ): Promise<{ kind: 'staged'; message: IntakeMessage } | { kind: 'rejected'; detail: string }> {
    if (document.bytes !== null) {
      const outcome = await this.deps.admission.stage({
        body: document.bytes,
        sizeBytes: document.bytes.length,
        origin,
      });
      return this.staged(document, outcome);
    }
    const path = document.path ?? '';
    const handle = await open(path, 'r');
    try {
      const info = await stat(path);
      const outcome = await this.deps.admission.stage({
        body: handle.createReadStream({ start: 0, autoClose: false }),
        sizeBytes: info.size,
        origin,
        localFile: { path, handle, ino: info.ino },
      });
      return this.staged(document, outcome);
    } finally {
      await handle.close();
    }
  }

  private staged(
    document: MailDocument,
    outcome: StageOutcome,
  ): { kind: 'staged'; message: IntakeMessage } | { kind: 'rejected'; detail: string } {
    if (outcome.kind === 'staged') return outcome;
    if (outcome.kind === 'rejected') return { kind: 'rejected', detail: outcome.rejection.detail };
    // Temp files and buffers are ours alone: a change under us is a bug, not a race to wait out.
    throw new AppError('mail_document_changed', `the staged copy of ${document.fileName} changed while read`);
  }
}

/** A Failed detail is kept in the ledger record and logged: a message of a thousand parts must fit. */
const MAX_DETAIL_CHARS = 2_000;
const LISTED_PARTS = 10;

const refusal = (value: { reason: string; detail: string }): { reason: string; detail: string } => ({
  reason: value.reason,
  detail:
    value.detail.length > MAX_DETAIL_CHARS ? `${value.detail.slice(0, MAX_DETAIL_CHARS - 1)}…` : value.detail,
});

/** The first parts by name, then how many more. */
const listed = (parts: readonly string[]): string =>
  parts.length <= LISTED_PARTS
    ? parts.join('; ')
    : `${parts.slice(0, LISTED_PARTS).join('; ')}; and ${parts.length - LISTED_PARTS} more`;

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
