import { z } from 'zod';
import { type Origin, origin } from '../messages.ts';
import type { LedgerEntry } from '../ports.ts';
import { LedgerEntryError } from './errors.ts';
import { ledgerKeys } from './keys.ts';

/**
 * Every ledger value schema, and the builders of whole entries (key and encoded value) that writers use,
 * singly or batched. Values are parsed where they are read, so a malformed entry fails with its key.
 */

export const outcomeValue = z.enum(['extracted', 'failed']);
export type OutcomeValue = z.infer<typeof outcomeValue>;

/**
 * `by-doc/<id>` and `open/<id>`: the content behind a document ingest created, and when. `createdAt` is an
 * ISO time, or epoch milliseconds in entries written by early versions.
 */
const documentValue = z.object({
  sha256: z.string().min(1),
  createdAt: z.union([z.iso.datetime(), z.number().int().nonnegative()]),
});

const attemptValue = z.object({
  attempt: z.number().int().positive(),
  at: z.string(),
  reason: z.string(),
  detail: z.string(),
  /** When stevedore first saw this failure (epoch ms); the reconciler waits from here. */
  recordedAt: z.number(),
});
export type AttemptEntry = z.infer<typeof attemptValue>;

const trackIntentValue = z.object({
  documentId: z.string(),
  scac: z.string(),
  at: z.iso.datetime(),
});

const trackedValue = z.object({
  trackingRequestId: z.string(),
  scac: z.string(),
  decision: z.string(),
  documentId: z.string(),
  at: z.iso.datetime(),
});
export type TrackedEntry = z.infer<typeof trackedValue>;

export const parseTracked = (key: string, value: string): TrackedEntry =>
  parseEntry(key, value, trackedValue);

export interface DocumentEntry {
  readonly sha256: string;
  /** Epoch milliseconds when ingest created the document. */
  readonly createdAt: number;
}

const parseEntry = <T>(key: string, value: string, schema: z.ZodType<T>, json = true): T => {
  try {
    return schema.parse(json ? JSON.parse(value) : value);
  } catch (error) {
    throw new LedgerEntryError(key, error);
  }
};

export const parseOutcome = (key: string, value: string): OutcomeValue =>
  parseEntry(key, value, outcomeValue, false);

export const parseOrigin = (key: string, value: string): Origin => parseEntry(key, value, origin);

export const parseAttempt = (key: string, value: string): AttemptEntry =>
  parseEntry(key, value, attemptValue);

/** A `by-doc/` or `open/` value. */
export const parseDocument = (key: string, value: string): DocumentEntry => {
  const { sha256, createdAt } = parseEntry(key, value, documentValue);
  return { sha256, createdAt: typeof createdAt === 'number' ? createdAt : Date.parse(createdAt) };
};

const iso = (epochMs: number): string => new Date(epochMs).toISOString();
const json = (key: string, value: unknown): LedgerEntry => ({ key, value: JSON.stringify(value) });

/** Whole entries, ready for `putIfAbsent` or a batch. Times are epoch milliseconds from the clock. */
export const ledgerEntries = {
  doc: (sha256: string, documentId: string): LedgerEntry => ({
    key: ledgerKeys.doc(sha256),
    value: documentId,
  }),
  origin: (sha256: string, value: Origin): LedgerEntry =>
    json(ledgerKeys.origin(sha256, value.originId), origin.parse(value)),
  byDoc: (documentId: string, document: DocumentEntry): LedgerEntry =>
    json(ledgerKeys.byDoc(documentId), { sha256: document.sha256, createdAt: iso(document.createdAt) }),
  open: (documentId: string, document: DocumentEntry): LedgerEntry =>
    json(ledgerKeys.open(documentId), { sha256: document.sha256, createdAt: iso(document.createdAt) }),
  event: (
    notificationId: string,
    value: { event: string; documentId: string; action: string; processedAt: number },
  ): LedgerEntry => json(ledgerKeys.event(notificationId), { ...value, processedAt: iso(value.processedAt) }),
  attempt: (documentId: string, value: AttemptEntry): LedgerEntry =>
    json(ledgerKeys.attempt(documentId, value.attempt), attemptValue.parse(value)),
  reextract: (documentId: string, n: number, requestedAt: number): LedgerEntry =>
    json(ledgerKeys.reextract(documentId, n), { requestedAt: iso(requestedAt) }),
  outcome: (documentId: string, value: OutcomeValue): LedgerEntry => ({
    key: ledgerKeys.outcome(documentId),
    value,
  }),
  recovered: (documentId: string, at: number): LedgerEntry =>
    json(ledgerKeys.recovered(documentId), { at: iso(at) }),
  nudge: (documentId: string, at: number, status: string): LedgerEntry =>
    json(ledgerKeys.nudge(documentId), { at: iso(at), status }),
  trackIntent: (
    account: string,
    type: string,
    number: string,
    value: { documentId: string; scac: string; at: number },
  ): LedgerEntry =>
    json(
      ledgerKeys.trackIntent(account, type, number),
      trackIntentValue.parse({ ...value, at: iso(value.at) }),
    ),
  tracked: (
    account: string,
    type: string,
    number: string,
    value: Omit<TrackedEntry, 'at'> & { at: number },
  ): LedgerEntry =>
    json(ledgerKeys.tracked(account, type, number), trackedValue.parse({ ...value, at: iso(value.at) })),
  meta: (name: string, at: number): LedgerEntry => json(ledgerKeys.meta(name), { at: iso(at) }),
} as const;
