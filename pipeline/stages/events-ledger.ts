import { z } from 'zod';
import { AppError } from '../../src/domain/errors.ts';
import { type Origin, origin } from '../messages.ts';
import type { Ledger } from '../ports.ts';

/**
 * The ledger entries the events stage and the reconciler read and write. Ingest writes `by-doc/` and
 * `origin/`; everything else here is ours. Values are parsed at this edge, so a malformed entry fails with
 * the key that holds it.
 */
export const ledgerKeys = {
  byDocPrefix: 'by-doc/',
  byDoc: (documentId: string) => `by-doc/${documentId}`,
  origins: (sha256: string) => `origin/${sha256}/`,
  event: (notificationId: string) => `event/${notificationId}`,
  outcomePrefix: 'outcome/',
  outcome: (documentId: string) => `outcome/${documentId}`,
  // The trailing slash keeps document `abc` from listing the attempts of document `abcd`.
  attempts: (documentId: string) => `attempt/${documentId}/`,
  attempt: (documentId: string, n: number) => `attempt/${documentId}/${n}`,
  reextract: (documentId: string, n: number) => `reextract/${documentId}/${n}`,
  recovered: (documentId: string) => `recovered/${documentId}`,
  nudge: (documentId: string) => `nudge/${documentId}`,
} as const;

export const outcomeValue = z.enum(['extracted', 'failed']);
export type OutcomeValue = z.infer<typeof outcomeValue>;

/** `by-doc/<id>` as ingest writes it; `createdAt` is taken as an ISO time or epoch milliseconds. */
const byDocValue = z.object({
  sha256: z.string().min(1),
  createdAt: z.union([z.iso.datetime(), z.number().int().nonnegative()]),
});

export interface DocumentProvenance {
  readonly sha256: string;
  /** Epoch milliseconds when ingest created the document. */
  readonly createdAt: number;
  readonly origins: readonly Origin[];
}

const attemptValue = z.object({
  attempt: z.number().int().positive(),
  at: z.string(),
  reason: z.string(),
  detail: z.string(),
  /** When stevedore first saw this failure (epoch ms); the reconciler waits from here. */
  recordedAt: z.number(),
});
export type AttemptEntry = z.infer<typeof attemptValue>;

/** A ledger value that does not match its schema: a bug in a writer or an entry edited by hand. */
export class LedgerEntryError extends AppError {
  constructor(key: string, cause: unknown) {
    super('ledger_entry_malformed', `ledger entry ${key} is malformed`, { cause, details: { key } });
  }
}

const parseEntry = <T>(key: string, value: string, schema: z.ZodType<T>, json = true): T => {
  try {
    return schema.parse(json ? JSON.parse(value) : value);
  } catch (error) {
    throw new LedgerEntryError(key, error);
  }
};

export const readOutcome = async (ledger: Ledger, documentId: string): Promise<OutcomeValue | undefined> => {
  const key = ledgerKeys.outcome(documentId);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parseEntry(key, value, outcomeValue, false);
};

/** Every document ingest created and the content behind it; undefined for a document that is not ours. */
export const readProvenance = async (
  ledger: Ledger,
  documentId: string,
): Promise<DocumentProvenance | undefined> => {
  const key = ledgerKeys.byDoc(documentId);
  const value = await ledger.get(key);
  if (value === undefined) return undefined;
  return provenanceOf(ledger, key, value);
};

export const provenanceOf = async (
  ledger: Ledger,
  key: string,
  value: string,
): Promise<DocumentProvenance> => {
  const { sha256, createdAt } = parseEntry(key, value, byDocValue);
  const entries = await ledger.list(ledgerKeys.origins(sha256));
  const origins = entries.map((entry) => parseEntry(entry.key, entry.value, origin));
  return {
    sha256,
    createdAt: typeof createdAt === 'number' ? createdAt : Date.parse(createdAt),
    origins,
  };
};

/** The createdAt of a `by-doc/` entry without reading its origins; for the reconciler's scan. */
export const createdAtOf = (key: string, value: string): number => {
  const { createdAt } = parseEntry(key, value, byDocValue);
  return typeof createdAt === 'number' ? createdAt : Date.parse(createdAt);
};

export const writeAttempt = (ledger: Ledger, documentId: string, entry: AttemptEntry): Promise<boolean> =>
  ledger.putIfAbsent(ledgerKeys.attempt(documentId, entry.attempt), JSON.stringify(entry));

/** Every failed attempt recorded for the document, by attempt number (keys sort as text: 10 < 2). */
export const readAttempts = async (ledger: Ledger, documentId: string): Promise<AttemptEntry[]> => {
  const entries = await ledger.list(ledgerKeys.attempts(documentId));
  return entries
    .map((entry) => parseEntry(entry.key, entry.value, attemptValue))
    .sort((a, b) => a.attempt - b.attempt);
};

export const readAttempt = async (
  ledger: Ledger,
  documentId: string,
  n: number,
): Promise<AttemptEntry | undefined> => {
  const key = ledgerKeys.attempt(documentId, n);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parseEntry(key, value, attemptValue);
};
