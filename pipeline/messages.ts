import { z } from 'zod';
import { documentWebhookPayload } from '../src/contract/document-webhook.ts';
import { documentEvents } from '../src/contract/webhook-events.ts';

/**
 * Every message that crosses a queue, versioned. A consumer parses each body with `parseMessage`
 * inside that message's own processing, so one bad body fails alone.
 */

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const isoTime = z.iso.datetime();

/** The message a mail attachment came in: carried to the result files. */
export const emailMetadata = z.object({
  subject: z.string().nullable(),
  from: z.array(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  messageId: z.string().nullable(),
  sentAt: isoTime.nullable(),
});
export type EmailMetadata = z.infer<typeof emailMetadata>;

/** Where a file came from. One content hash may have many origins (the same file mailed twice). */
export const origin = z.object({
  originId: z.string().min(1),
  source: z.enum(['folder', 'imap', 's3']),
  fileName: z.string().min(1),
  /** The path, mailbox/UID or S3 key it arrived under; for a human reading the result. */
  location: z.string().nullable(),
  receivedAt: isoTime,
  /** Set for a mail attachment (source `imap`). */
  email: emailMetadata.optional(),
});
export type Origin = z.infer<typeof origin>;

/** A file staged in the blob store (claim check), waiting to be handed to the service. */
export const intakeMessage = z.object({
  kind: z.literal('intake'),
  version: z.literal(1),
  correlationId: z.string().min(1),
  origin,
  blobKey: z.string().min(1),
  sha256: sha256Hex,
  /** Base64 MD5 of the bytes: the direct-upload checksum. */
  md5Base64: z.string().length(24),
  sizeBytes: z.number().int().nonnegative(),
  contentType: z.string().nullable(),
});
export type IntakeMessage = z.infer<typeof intakeMessage>;

/** A verified webhook delivery, enqueued by the receiver for the events stage. */
export const documentEventMessage = z.object({
  kind: z.literal('document_event'),
  version: z.literal(1),
  notificationId: z.string().min(1),
  event: z.enum(documentEvents),
  documentId: z.string().min(1),
  payload: documentWebhookPayload,
  receivedAt: isoTime,
});
export type DocumentEventMessage = z.infer<typeof documentEventMessage>;

/** A re-extraction to request once its backoff delay has passed. */
export const reextractMessage = z.object({
  kind: z.literal('reextract'),
  version: z.literal(1),
  documentId: z.string().min(1),
  /** Which re-extraction this is, 1-based. */
  attempt: z.number().int().positive(),
});
export type ReextractMessage = z.infer<typeof reextractMessage>;

/**
 * A new origin of content that already has a document (the same file dropped again). The events stage
 * adds it to the document's outcome file, when there is one yet.
 */
export const originAddedMessage = z.object({
  kind: z.literal('origin_added'),
  version: z.literal(1),
  documentId: z.string().min(1),
  originId: z.string().min(1),
});
export type OriginAddedMessage = z.infer<typeof originAddedMessage>;

export const queueMessage = z.discriminatedUnion('kind', [
  intakeMessage,
  documentEventMessage,
  reextractMessage,
  originAddedMessage,
]);
export type QueueMessageBody = z.infer<typeof queueMessage>;

export const encodeMessage = (message: QueueMessageBody): string =>
  JSON.stringify(queueMessage.parse(message));

/** Parses one queue body; throws a zod error naming the bad field, which fails that record alone. */
export const parseMessage = (body: string): QueueMessageBody => queueMessage.parse(JSON.parse(body));
