import type { DocumentType } from '../document-type.ts';

/** What the classifier looks for per type: its titles and its weighted cues. */

export type ClassifiedType = Exclude<DocumentType, 'other'>;

export interface TypeEvidence {
  /** Headings naming the document, accents folded, lower case. */
  titles: readonly string[];
  /** Phrases (folded, whole words) that such documents carry, with their weight. */
  cues: ReadonlyArray<readonly [string, number]>;
}
