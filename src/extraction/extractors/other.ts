import type { DocumentText } from '../document-text.ts';
import type { OtherPayload } from '../schemas/other.ts';

/** Enough of an unknown document for a person to recognise it in a list. */
export const TEXT_EXCERPT_CHARS = 500;

export function extractOther(text: DocumentText): OtherPayload {
  return {
    page_count: text.pageCount,
    text_excerpt: text.plain.replace(/\s+/g, ' ').trim().slice(0, TEXT_EXCERPT_CHARS),
  };
}
