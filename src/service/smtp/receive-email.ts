import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { documentStream, readMailMessage } from '../../mail/read-message.ts';
import type { MailDocument, MailLimits, MessageRefusal, ReadMessage, SkippedPart } from '../../mail/types.ts';
import type { Logger } from '../../observability/logger.ts';
import { type CreateDocumentDeps, writeDocument } from '../documents/create-document.ts';
import type { EmailSubmissionRecord } from '../documents/document-records.ts';
import type { EmailSubmissionStore } from '../documents/email-submission-store.ts';
import type { AttemptRef } from '../documents/extraction-jobs.ts';
import type { BlobFiles, ReceivedFile } from '../uploads/blob-files.ts';

export interface ReceiveEmailDeps extends CreateDocumentDeps {
  readonly emailSubmissions: EmailSubmissionStore;
  readonly files: BlobFiles;
  readonly logger: Logger;
  /** A private directory for the reader's temp files. */
  readonly tempDir: string;
  readonly limits: MailLimits;
  /** The service's upload cap: a mail document is held to it like any upload. */
  readonly maxUploadBytes: number;
}

export interface ReceivedSubmission {
  readonly accountId: string;
  readonly submission: EmailSubmissionRecord;
  /** false when the same delivery was already a submission of the account (it is returned unchanged). */
  readonly created: boolean;
}

export type ReceiveEmailResult =
  | { readonly kind: 'refused'; readonly refusal: MessageRefusal }
  | {
      readonly kind: 'accepted';
      readonly submissions: readonly ReceivedSubmission[];
      readonly skipped: readonly SkippedPart[];
    };

/**
 * Turns one raw message for the docs aliases of `accountIds` into an email submission per account, with one
 * document per document the reader found, each created like an upload (a blob, then the document and its
 * extraction job); the submissions, documents and jobs of one delivery commit in one transaction. The same
 * delivery twice (same Message-ID and documents, or the same bytes when it has no Message-ID) is one
 * submission.
 */
export async function receiveEmail(
  deps: ReceiveEmailDeps,
  accountIds: readonly string[],
  source: Readable,
  sizeBytes?: number,
): Promise<ReceiveEmailResult> {
  const digest = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      digest.update(chunk);
      callback(null, chunk);
    },
  });
  source.on('error', (error) => hashing.destroy(error));
  source.pipe(hashing);
  const read = await readMailMessage(hashing, {
    tempDir: deps.tempDir,
    limits: deps.limits,
    ...(sizeBytes === undefined ? {} : { sizeBytes }),
  });
  try {
    if (read.refusal !== null) return { kind: 'refused', refusal: read.refusal };
    const deliveryKey = deliveryKeyOf(read, digest.digest('hex'));
    const blobs = await keepBlobs(deps, read.documents);
    // One transaction for every submission of the delivery, their documents and jobs: a crash or a failed
    // write midway leaves none of it, and the sender's retry (SMTP says 4xx) delivers it whole.
    const submissions = deps.jobs.writeWithJobs(() => {
      const attempts: AttemptRef[] = [];
      const result = accountIds.map((accountId) =>
        submitFor(deps, accountId, read, deliveryKey, blobs, attempts),
      );
      return { result, attempts };
    });
    return { kind: 'accepted', submissions, skipped: read.skipped };
  } finally {
    await read.dispose();
  }
}

/**
 * What makes two deliveries one: the Message-ID with the digests of the documents, else the bytes. A
 * Message-ID is only what the sender wrote: two different messages under one (a template, a careless
 * mailer) are two submissions, while the same message relayed again (other Received headers, the same
 * documents) is one.
 */
function deliveryKeyOf(read: ReadMessage, messageDigest: string): string {
  if (read.metadata.messageId === null) return `sha256:${messageDigest}`;
  const documents = createHash('sha256')
    .update(read.documents.map((document) => document.sha256).join(','))
    .digest('hex');
  return `message-id:${read.metadata.messageId}|documents:${documents}`;
}

async function keepBlobs(
  deps: ReceiveEmailDeps,
  documents: readonly MailDocument[],
): Promise<ReceivedFile[]> {
  const kept: ReceivedFile[] = [];
  for (const document of documents) {
    const received = await deps.files.receive(documentStream(document), deps.maxUploadBytes);
    await deps.files.keep(received);
    kept.push(received);
  }
  return kept;
}

/**
 * Writes one account's submission and its documents, inside the caller's transaction; the attempts it
 * starts are pushed on `attempts`, for their jobs to be sent in the same transaction. Synchronous from the
 * look-up to the insert, so two deliveries racing on one event loop cannot both create.
 */
function submitFor(
  deps: ReceiveEmailDeps,
  accountId: string,
  read: ReadMessage,
  deliveryKey: string,
  blobs: readonly ReceivedFile[],
  attempts: AttemptRef[],
): ReceivedSubmission {
  const existing = deps.emailSubmissions.findByDeliveryKey(accountId, deliveryKey);
  if (existing !== undefined) return { accountId, submission: existing, created: false };
  const { metadata } = read;
  const submission = deps.emailSubmissions.create({
    accountId,
    subject: metadata.subject,
    // The reader keeps only the start of the body: a submission is a pointer to the mail, not its archive.
    body: metadata.bodyPreview,
    from: metadata.from,
    to: metadata.to,
    cc: metadata.cc,
    sentAt: metadata.sentAt === null ? null : Date.parse(metadata.sentAt),
    messageId: metadata.messageId,
    inReplyTo: metadata.inReplyTo,
    references: metadata.references,
    contentType: null,
  });
  read.documents.forEach((document, index) => {
    const blob = blobs[index];
    if (blob === undefined) return;
    const record = deps.uploads.create({
      accountId,
      filename: document.fileName,
      contentType: document.contentType,
      byteSize: blob.byteSize,
      checksum: blob.md5Base64,
    });
    deps.uploads.markUploaded(record.id, blob.sha256);
    const written = writeDocument(deps, accountId, {
      name: document.fileName,
      attachedDocument: deps.tokens.signedId(record),
      source: 'email',
      emailSubmissionId: submission.id,
    });
    if (written.attempt !== undefined) attempts.push(written.attempt);
    // The account has these bytes already (sent before, by mail or upload): not processed twice.
    if (!written.result.created) {
      deps.logger.info({ submission: submission.id, part: document.partPath }, 'mail document already known');
    }
  });
  deps.emailSubmissions.setDeliveryKey(submission.id, deliveryKey);
  const withDocuments = deps.emailSubmissions.get(accountId, submission.id) ?? submission;
  return { accountId, submission: withDocuments, created: true };
}
