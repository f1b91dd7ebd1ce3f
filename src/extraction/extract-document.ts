import { classifyDocument } from './classify.ts';
import { detectFileType, isImageType, isOcrImageType, isPdfType } from './detect-file-type.ts';
import type { DocumentText } from './document-text.ts';
import type { DocumentType } from './document-type.ts';
import { ExtractionError, type ExtractionFailureReason } from './extraction-error.ts';
import { extractArrivalNotice } from './extractors/arrival-notice.ts';
import { extractBillOfLading } from './extractors/bill-of-lading.ts';
import { extractBookingConfirmation } from './extractors/booking-confirmation.ts';
import { extractCommercialInvoice } from './extractors/commercial-invoice.ts';
import { extractDeliveryOrder } from './extractors/delivery-order.ts';
import { extractOther } from './extractors/other.ts';
import { extractPackingList } from './extractors/packing-list.ts';
import { readImageText } from './ocr/read-image-text.ts';
import { readPdfText } from './pdf/read-pdf-text.ts';
import { DOCUMENT_SCHEMAS } from './schemas/registry.ts';

export type { DocumentType } from './document-type.ts';
export type { ExtractionFailureReason } from './extraction-error.ts';

export interface ExtractionSuccess {
  ok: true;
  documentType: DocumentType;
  classificationNotes: string | null;
  schemaVersion: string;
  payload: Record<string, unknown>;
}

export interface ExtractionFailure {
  ok: false;
  reason: ExtractionFailureReason;
  detail: string;
  documentType: DocumentType | null;
}

export type ExtractionResult = ExtractionSuccess | ExtractionFailure;

export interface ExtractionHints {
  /** For messages only: the type is always decided from the bytes. */
  filename: string;
  contentType: string | null;
}

/** Turns a document's text into its payload; validated against the type's schema afterwards. */
export type FieldExtractor = (text: DocumentText) => object;

export const FIELD_EXTRACTORS: Readonly<Record<DocumentType, FieldExtractor>> = {
  commercial_invoice: extractCommercialInvoice,
  bill_of_lading: extractBillOfLading,
  arrival_notice: extractArrivalNotice,
  packing_list: extractPackingList,
  delivery_order: extractDeliveryOrder,
  booking_confirmation: extractBookingConfirmation,
  other: extractOther,
};

/** `signal` lets a caller give up on a slow extraction; an extractor that cannot stop may ignore it. */
export type ExtractDocument = (
  bytes: Uint8Array,
  hints: ExtractionHints,
  options?: { signal?: AbortSignal },
) => Promise<ExtractionResult>;

/** An extractor with some field extractors replaced; tests use it to make one fail on purpose. */
export function createDocumentExtractor(
  overrides: Partial<Record<DocumentType, FieldExtractor>> = {},
): ExtractDocument {
  const extractors = { ...FIELD_EXTRACTORS, ...overrides };
  return (bytes, hints) => extract(bytes, hints, extractors);
}

/**
 * Classifies a document and extracts its fields. Never throws for bad input: every way a file can fail
 * comes back as an `ExtractionFailure` with a reason.
 */
export async function extractDocument(bytes: Uint8Array, hints: ExtractionHints): Promise<ExtractionResult> {
  return extract(bytes, hints, FIELD_EXTRACTORS);
}

async function extract(
  bytes: Uint8Array,
  hints: ExtractionHints,
  extractors: Readonly<Record<DocumentType, FieldExtractor>>,
): Promise<ExtractionResult> {
  let documentType: DocumentType | null = null;
  try {
    const text = await readText(bytes, hints);
    const classification = classifyDocument(text);
    documentType = classification.documentType;
    const payload = extractPayload(documentType, text, extractors[documentType]);
    return {
      ok: true,
      documentType,
      classificationNotes: classification.notes,
      schemaVersion: DOCUMENT_SCHEMAS[documentType].schemaVersion,
      payload,
    };
  } catch (error) {
    const failure =
      error instanceof ExtractionError
        ? error
        : new ExtractionError('extractor_error', `unexpected error: ${describe(error)}`, { cause: error });
    return { ok: false, reason: failure.reason, detail: failure.message, documentType };
  }
}

async function readText(bytes: Uint8Array, hints: ExtractionHints): Promise<DocumentText> {
  if (bytes.byteLength === 0) throw new ExtractionError('empty_file', `${hints.filename} is empty (0 bytes)`);
  const type = await detectFileType(bytes);
  if (isOcrImageType(type)) return readImageText(bytes);
  if (isImageType(type)) {
    throw new ExtractionError(
      'unsupported_file_type',
      `${hints.filename} is an image (${type?.mime}); images are read as PNG, JPEG or TIFF only`,
    );
  }
  if (!isPdfType(type)) {
    const found = type === undefined ? 'an unrecognised format' : type.mime;
    const declared = hints.contentType === null ? '' : ` (declared ${hints.contentType})`;
    throw new ExtractionError(
      'unsupported_file_type',
      `${hints.filename} is ${found}${declared}, not a PDF, PNG, JPEG or TIFF`,
    );
  }
  return readPdfText(bytes);
}

function extractPayload(
  documentType: DocumentType,
  text: DocumentText,
  extractor: FieldExtractor,
): Record<string, unknown> {
  let raw: object;
  try {
    raw = extractor(text);
  } catch (error) {
    throw new ExtractionError('extractor_error', `the ${documentType} extractor failed: ${describe(error)}`, {
      cause: error,
    });
  }
  const checked = DOCUMENT_SCHEMAS[documentType].schema.safeParse(raw);
  if (!checked.success) {
    const issues = checked.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ExtractionError('extractor_error', `the ${documentType} payload broke its schema: ${issues}`);
  }
  return checked.data;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
