import type { Origin } from '../messages.ts';
import type { Ledger, LedgerEntry } from '../ports.ts';
import { documentIdOf, ledgerKeys, ledgerPrefixes } from './keys.ts';
import {
  type AttemptEntry,
  type DocumentEntry,
  ledgerEntries,
  type OutcomeValue,
  parseAttempt,
  parseDocument,
  parseOrigin,
  parseOutcome,
} from './values.ts';

/** Typed readers and writers of a document's entries; the stages use these, never a key. */

export interface DocumentProvenance extends DocumentEntry {
  readonly origins: readonly Origin[];
}

export interface OpenDocument extends DocumentEntry {
  readonly documentId: string;
}

/**
 * What ingest writes once the service holds the content, in this order: the open marker first, so a
 * document is never known without one (a crash after it only repeats the batch on redelivery); `doc/`
 * last, since it is what short-cuts later deliveries of the same content. `open: false` leaves the marker
 * out, for a document that is already tracked or decided (see `needsOpenMarker`).
 */
export const ingestedEntries = (
  documentId: string,
  document: DocumentEntry,
  origin: Origin,
  options: { open: boolean } = { open: true },
): LedgerEntry[] => [
  ...(options.open ? [ledgerEntries.open(documentId, document)] : []),
  ledgerEntries.byDoc(documentId, document),
  ledgerEntries.origin(document.sha256, origin),
  ledgerEntries.doc(document.sha256, documentId),
];

/**
 * Whether a document the service already had (409) still needs an open marker: not when a twin message
 * already recorded it, nor once it has an outcome (created by another client, say). A marker written then
 * would reopen a closed document and hold `processing` up until the reconciler closed it again.
 */
export const needsOpenMarker = async (ledger: Ledger, documentId: string): Promise<boolean> =>
  !(await isKnownDocument(ledger, documentId)) && (await readOutcome(ledger, documentId)) === undefined;

export const readDocumentId = (ledger: Ledger, sha256: string): Promise<string | undefined> =>
  ledger.get(ledgerKeys.doc(sha256));

/** True when ingest created this document (it has a `by-doc/` entry). */
export const isKnownDocument = async (ledger: Ledger, documentId: string): Promise<boolean> =>
  (await ledger.get(ledgerKeys.byDoc(documentId))) !== undefined;

export const readOutcome = async (ledger: Ledger, documentId: string): Promise<OutcomeValue | undefined> => {
  const key = ledgerKeys.outcome(documentId);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parseOutcome(key, value);
};

/** Records the first final outcome; true when this call decided it. */
export const writeOutcome = (ledger: Ledger, documentId: string, outcome: OutcomeValue): Promise<boolean> => {
  const entry = ledgerEntries.outcome(documentId, outcome);
  return ledger.putIfAbsent(entry.key, entry.value);
};

/** True while the document's outcome file is not final: no outcome yet, or its origins not yet settled. */
export const isOpen = async (ledger: Ledger, documentId: string): Promise<boolean> =>
  (await ledger.get(ledgerKeys.open(documentId))) !== undefined;

export const closeOpenMarker = (ledger: Ledger, documentId: string): Promise<void> =>
  ledger.delete(ledgerKeys.open(documentId));

/** Every document ingest created and the content behind it; undefined for a document that is not ours. */
export const readProvenance = async (
  ledger: Ledger,
  documentId: string,
): Promise<DocumentProvenance | undefined> => {
  const key = ledgerKeys.byDoc(documentId);
  const value = await ledger.get(key);
  if (value === undefined) return undefined;
  const document = parseDocument(key, value);
  const entries = await ledger.list(ledgerKeys.origins(document.sha256));
  return { ...document, origins: entries.map((entry) => parseOrigin(entry.key, entry.value)) };
};

/**
 * Documents without an outcome yet: a list bounded by the work in flight, not by the history. A malformed
 * marker is reported and skipped, so one bad entry does not hide every other document.
 */
export const listOpenDocuments = async (
  ledger: Ledger,
  onMalformed: (documentId: string, error: unknown) => void,
): Promise<OpenDocument[]> => {
  const entries = await ledger.list(ledgerPrefixes.open);
  return entries.flatMap((entry) => {
    const documentId = documentIdOf(entry.key, ledgerPrefixes.open);
    try {
      return [{ documentId, ...parseDocument(entry.key, entry.value) }];
    } catch (error) {
      onMalformed(documentId, error);
      return [];
    }
  });
};

export const writeAttempt = (ledger: Ledger, documentId: string, attempt: AttemptEntry): Promise<boolean> => {
  const entry = ledgerEntries.attempt(documentId, attempt);
  return ledger.putIfAbsent(entry.key, entry.value);
};

/** Every failed attempt recorded for the document, by attempt number (keys sort as text: 10 < 2). */
export const readAttempts = async (ledger: Ledger, documentId: string): Promise<AttemptEntry[]> => {
  const entries = await ledger.list(ledgerKeys.attempts(documentId));
  return entries.map((entry) => parseAttempt(entry.key, entry.value)).sort((a, b) => a.attempt - b.attempt);
};

export const readAttempt = async (
  ledger: Ledger,
  documentId: string,
  n: number,
): Promise<AttemptEntry | undefined> => {
  const key = ledgerKeys.attempt(documentId, n);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parseAttempt(key, value);
};
