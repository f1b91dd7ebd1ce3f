import {
  type DocumentAttributes,
  type DocumentRepresentationResource,
  type DocumentResource,
  documentRepresentationResource,
} from '../../src/contract/document.ts';
import type { DocumentWebhookPayload } from '../../src/contract/document-webhook.ts';

/**
 * What the events stage knows about a document when it acts: the same shape whether it came from a
 * webhook or from the reconciler's GET, so both paths share every rule and write the same files.
 */
export interface DocumentState {
  readonly documentId: string;
  readonly document: DocumentAttributes;
  readonly representation: DocumentRepresentationResource['attributes'] | null;
}

/** What `getDocument` answers: the document and its included resources, not yet validated. */
export interface DocumentResponse {
  readonly data: DocumentResource;
  readonly included: readonly unknown[];
}

/** Includes that give the reconciler the same facts a webhook carries. */
export const DOCUMENT_STATE_INCLUDES: readonly string[] = [
  'last_document_representation',
  'email_submission',
];

/**
 * The state a document webhook carries; undefined when the payload does not include the document (the
 * caller then reads it from the service instead).
 */
export const stateFromWebhook = (
  payload: DocumentWebhookPayload,
  documentId: string,
): DocumentState | undefined => {
  const documents = payload.included.filter((resource) => resource.type === 'document');
  const document = documents.find((resource) => resource.id === documentId);
  if (document === undefined) return undefined;
  const representations = payload.included.filter((resource) => resource.type === 'document_representation');
  return {
    documentId,
    document: document.attributes,
    representation: pickRepresentation(document, representations)?.attributes ?? null,
  };
};

export const stateFromDocumentResponse = (response: DocumentResponse): DocumentState => {
  const representations = response.included.flatMap((resource) => {
    const parsed = documentRepresentationResource.safeParse(resource);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    documentId: response.data.id,
    document: response.data.attributes,
    representation: pickRepresentation(response.data, representations)?.attributes ?? null,
  };
};

/** The representation the document points at, else any that belongs to the document. */
const pickRepresentation = (
  document: DocumentResource,
  representations: readonly DocumentRepresentationResource[],
): DocumentRepresentationResource | undefined => {
  const linked = document.relationships.last_document_representation.data?.id;
  return (
    representations.find((representation) => representation.id === linked) ??
    representations.find((representation) => representation.relationships.document.data?.id === document.id)
  );
};
