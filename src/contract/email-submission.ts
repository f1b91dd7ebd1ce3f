import { z } from 'zod';
import { resourceIdentifier, toMany, toOne } from './json-api.ts';

const emailSubmissionCommon = {
  subject: z.string().nullable(),
  from: z.array(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  sent_at: z.string().nullable(),
  message_id: z.string().nullable(),
  in_reply_to: z.string().nullable(),
  references: z.array(z.string()),
  content_type: z.string().nullable(),
  documents_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

const relationships = z.object({
  account: toOne(resourceIdentifier('account')),
  user: toOne(resourceIdentifier('user')),
  documents: toMany(resourceIdentifier('document')),
});

export const emailSubmissionResource = z.object({
  id: z.string(),
  type: z.literal('email_submission'),
  attributes: z.object({
    ...emailSubmissionCommon,
    body: z.string().nullable(),
    body_preview: z.string().nullable(),
  }),
  relationships,
});

/** The slim variant included from a document or a document webhook: a preview instead of the body. */
export const emailSubmissionSlimResource = z.object({
  id: z.string(),
  type: z.literal('email_submission'),
  attributes: z.object({ ...emailSubmissionCommon, body_preview: z.string().nullable() }),
  relationships,
});
export type EmailSubmissionResource = z.infer<typeof emailSubmissionResource>;
