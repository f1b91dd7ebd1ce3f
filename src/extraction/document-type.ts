import { type DocumentType, documentTypes } from '../contract/document.ts';

/** The types the classifier knows are the wire format's types; the contract defines them once. */
export const DOCUMENT_TYPES = documentTypes;
export type { DocumentType };
