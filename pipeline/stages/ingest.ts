import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type UploadClient, uploadDocument } from '../../src/client/upload-document.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { FILE_READ_CHUNK_BYTES } from '../../src/domain/content-digest.ts';
import { AppError, NotFoundError, ValidationError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { Metrics } from '../../src/observability/metrics.ts';
import { ingestedEntries, needsOpenMarker, readDocumentId } from '../ledger/documents.ts';
import { ledgerEntries } from '../ledger/values.ts';
import { encodeMessage, type IntakeMessage, intakeMessage } from '../messages.ts';
import type { BlobStore, Ledger, Queue } from '../ports.ts';

/** The calls ingest makes. */
export type IngestClient = UploadClient;

export interface IngestDeps {
  readonly client: IngestClient;
  readonly ledger: Ledger;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Checked between steps, so a shutdown does not start a new API call for a message it handed back. */
  readonly signal?: AbortSignal;
  /**
   * The events queue: a new origin of content that already has a document is announced there, so the
   * document's outcome file lists it too.
   */
  readonly originEvents?: Pick<Queue, 'send'>;
  /** received, duplicates, uploaded; none by default. */
  readonly metrics?: Metrics;
}

export interface IngestOutcome {
  readonly documentId: string;
  /**
   * `created`: this call created the document. `known`: the ledger already had the content, no API call.
   * `duplicate`: the service already had it (409) — a redelivery after a crash, or a concurrent twin.
   */
  readonly result: 'created' | 'known' | 'duplicate';
}

/** The staged bytes are gone: nothing to upload, and no redelivery will bring them back. */
export class StagedBlobMissingError extends AppError {
  constructor(blobKey: string) {
    super('staged_blob_missing', `staged blob ${blobKey} does not exist`, { details: { blobKey } });
  }
}

/** Parses an intake queue body; a bad body is a `ValidationError` that fails its own message alone. */
export function parseIntake(body: string): IntakeMessage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new ValidationError(
      `intake message is not JSON: ${error instanceof Error ? error.message : error}`,
    );
  }
  const parsed = intakeMessage.safeParse(json);
  if (!parsed.success) {
    throw new ValidationError(`invalid intake message: ${parsed.error.message}`, {
      issues: parsed.error.issues,
    });
  }
  return parsed.data;
}

/**
 * Hands one staged file to the service, exactly once per content. Every step is idempotent, so a crash
 * anywhere followed by a redelivery creates no second document:
 * - `doc/<sha256>` in the ledger means done: record the origin, no API call;
 * - otherwise upload and create; a 409 `duplicate_document` (we crashed after creating, or a twin message
 *   won a race) yields the existing id, the service being the last guard;
 * - then one ledger batch (`ingestedEntries`): `open/`, `by-doc/`, `origin/` and, last, `doc/`: the entry
 *   that short-cuts later deliveries is written only once the others exist, even where a batch is a
 *   sequence of puts, so the events stage never meets a `doc/` without its `by-doc/`.
 * The staged copy is deleted last: from then on the service holds the bytes (re-extraction happens
 * there), and a redelivery finds `doc/` and needs no bytes.
 */
export async function handleIntake(message: IntakeMessage, deps: IngestDeps): Promise<IngestOutcome> {
  const { client, ledger, blobs, clock, signal } = deps;
  const { sha256, origin } = message;
  const logger = deps.logger.child({
    correlationId: message.correlationId,
    sha256,
    originId: origin.originId,
  });

  deps.metrics?.count('received');
  const known = await readDocumentId(ledger, sha256);
  if (known !== undefined) {
    const entry = ledgerEntries.origin(sha256, origin);
    await ledger.putIfAbsent(entry.key, entry.value);
    await announceOrigin(deps, known, origin.originId);
    await blobs.delete(message.blobKey);
    logger.info(
      { documentId: known, fileName: origin.fileName },
      'content already ingested; origin recorded',
    );
    deps.metrics?.count('duplicates');
    return { documentId: known, result: 'known' };
  }

  signal?.throwIfAborted();
  const { documentId, result } = await createDocument(
    message,
    client,
    await openStaged(message, blobs),
    signal,
  );

  signal?.throwIfAborted();
  // A created document is new to everyone; one the service already had may be tracked or decided.
  const open = result === 'created' || (await needsOpenMarker(ledger, documentId));
  const written = await ledger.putAllIfAbsent(
    ingestedEntries(documentId, { sha256, createdAt: clock.now() }, origin, { open }),
  );
  if (written.at(-1) !== true) {
    const recorded = await readDocumentId(ledger, sha256);
    if (recorded !== documentId) {
      // Only possible if the service let the same content in twice; keep the first, flag the second.
      logger.error({ documentId, recorded }, 'the service holds this content under two documents');
    }
  }
  if (result === 'duplicate') await announceOrigin(deps, documentId, origin.originId);
  await blobs.delete(message.blobKey);
  logger.info({ documentId, result, fileName: origin.fileName }, 'document ingested');
  deps.metrics?.count(result === 'created' ? 'uploaded' : 'duplicates');
  return { documentId, result };
}

/**
 * The upload body's factory, checked to exist before any API call. A file of at most one read chunk is
 * read once into memory (at most `concurrency` chunks held): the PUT then sends a buffer, as a bare
 * client does, instead of a stat, a stream and a reopen per attempt. Larger files stream from the blob.
 */
async function openStaged(message: IntakeMessage, blobs: BlobStore): Promise<() => Readable | Uint8Array> {
  if (message.sizeBytes > FILE_READ_CHUNK_BYTES) {
    if (!(await blobs.exists(message.blobKey))) throw new StagedBlobMissingError(message.blobKey);
    return () => Readable.from(streamBlob(blobs, message.blobKey));
  }
  let bytes: Buffer;
  try {
    bytes = await buffer(await blobs.get(message.blobKey));
  } catch (error) {
    throw error instanceof NotFoundError ? new StagedBlobMissingError(message.blobKey) : error;
  }
  return () => bytes;
}

async function createDocument(
  message: IntakeMessage,
  client: IngestClient,
  open: () => Readable | Uint8Array,
  signal: AbortSignal | undefined,
): Promise<{ documentId: string; result: 'created' | 'duplicate' }> {
  const uploaded = await uploadDocument(client, {
    name: message.origin.fileName,
    contentType: message.contentType ?? 'application/octet-stream',
    digest: message,
    open,
    signal,
  });
  return { documentId: uploaded.documentId, result: uploaded.duplicate ? 'duplicate' : 'created' };
}

/** Opens the blob only when the upload starts reading, so the factory above stays synchronous. */
async function* streamBlob(blobs: BlobStore, key: string): AsyncGenerator<Buffer> {
  yield* await blobs.get(key);
}

const announceOrigin = async (deps: IngestDeps, documentId: string, originId: string): Promise<void> => {
  await deps.originEvents?.send(encodeMessage({ kind: 'origin_added', version: 1, documentId, originId }));
};
