import { z } from 'zod';
import { documentRepresentationResource, documentResource } from './document.ts';
import { emailSubmissionSlimResource } from './email-submission.ts';
import { resourceIdentifier, toOne } from './json-api.ts';
import { documentEvents } from './webhook-events.ts';

/** Version of the document-event payload layout, sent as `data.attributes.version`. */
export const DOCUMENT_EVENT_PAYLOAD_VERSION = '2026-03-10';

/**
 * The body of a `document.extracted` / `document.extraction_failed` delivery. Unlike the other events
 * it relates to the document directly and carries no `reference_object` or `webhook` relationship.
 * `included` holds the document, its email submission when any, and its latest representation.
 */
export const documentWebhookPayload = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('webhook_notification'),
    attributes: z.object({
      event: z.enum(documentEvents),
      delivery_status: z.enum(['pending', 'succeeded', 'failed']),
      created_at: z.string(),
      version: z.string(),
    }),
    relationships: z.object({ document: toOne(resourceIdentifier('document')) }),
  }),
  included: z.array(z.union([documentResource, emailSubmissionSlimResource, documentRepresentationResource])),
});
export type DocumentWebhookPayload = z.infer<typeof documentWebhookPayload>;

export const findIncluded = <T extends DocumentWebhookPayload['included'][number]['type']>(
  payload: DocumentWebhookPayload,
  type: T,
): Extract<DocumentWebhookPayload['included'][number], { type: T }> | undefined =>
  payload.included.find(
    (resource): resource is Extract<DocumentWebhookPayload['included'][number], { type: T }> =>
      resource.type === type,
  );
