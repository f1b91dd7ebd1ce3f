import { z } from 'zod';

export const otherPayloadSchema = z.object({
  page_count: z.number().int().positive(),
  text_excerpt: z.string().describe('The first characters of the text layer, whitespace collapsed'),
});

export type OtherPayload = z.infer<typeof otherPayloadSchema>;
