export const DOCUMENT_TYPES = [
  'commercial_invoice',
  'bill_of_lading',
  'arrival_notice',
  'packing_list',
  'other',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value);
