import { z } from 'zod';

/**
 * What the S3 sink sends to the failures queue for each failed document: a pointer to its failure file,
 * never the file. Delivery is at least once and the events stage may write a failure again (a retry, an
 * origin added), so a consumer keys on `documentId`: a second message names the same file. A late
 * success removes the file, so a consumer that acts later reads `key` first and skips a missing one.
 */
export const failureMessage = z.object({
  kind: z.literal('document_failed'),
  version: z.literal(1),
  documentId: z.string().min(1),
  /** Of the last attempt, as in the file. */
  reason: z.string(),
  detail: z.string(),
  bucket: z.string().min(1),
  /** `failed/<document-id>.json`. */
  key: z.string().min(1),
});
export type FailureMessage = z.infer<typeof failureMessage>;

/** Short text fields keep the message far below any queue limit, whatever the service wrote in `detail`. */
const MAX_DETAIL_CHARS = 2_000;

export const encodeFailureMessage = (message: FailureMessage): string =>
  JSON.stringify(failureMessage.parse({ ...message, detail: message.detail.slice(0, MAX_DETAIL_CHARS) }));

export const parseFailureMessage = (body: string): FailureMessage => failureMessage.parse(JSON.parse(body));
