import { Readable } from 'node:stream';
import PQueue from 'p-queue';
import { AppError, DuplicateDocumentError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { BlobFiles } from '../uploads/blob-files.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import type { DocumentRecord } from './document-records.ts';
import type { DocumentStore } from './document-store.ts';
import type { AttemptWrite, ExtractionJobs } from './extraction-jobs.ts';
import { type RotationDegrees, rotateImage, UnrotatableImageError } from './rotate-image.ts';

export interface RotateDocumentDeps {
  readonly documents: DocumentStore;
  readonly uploads: UploadStore;
  readonly files: BlobFiles;
  readonly jobs: ExtractionJobs;
}

/**
 * Turns started over when another process switched the file between our read and our write; each turn
 * rereads the new file, so rotations compose. Within one process they are queued and never collide.
 */
const MAX_SWITCH_TRIES = 5;
const DEGREES_POINTER = '/degrees';
/**
 * Images turned at once: a turn holds the whole decoded image (up to `MAX_INPUT_PIXELS`, 300 MB of RGB), so
 * a burst of requests waits its turn instead of multiplying that.
 */
const MAX_CONCURRENT_TURNS = 2;
/**
 * Rotations of one account waiting or running at once, and of all accounts: each waits while its client
 * waits, so past these a burst (the same document a hundred times, or a hundred large images) is told to
 * come back (429, 503) instead of queueing minutes of work in front of everyone else's turns.
 */
export const MAX_ROTATIONS_PER_ACCOUNT = 4;
export const MAX_ROTATIONS_IN_FLIGHT = 16;

/** An account has MAX_ROTATIONS_PER_ACCOUNT rotations under way; retryable once one ends. */
export class TooManyRotationsError extends AppError {
  constructor() {
    super(
      'too_many_rotations',
      `At most ${MAX_ROTATIONS_PER_ACCOUNT} rotations of an account run at once; retry once one has answered`,
      { retryable: true },
    );
  }
}

const invalidRotation = (detail: string): ValidationError =>
  new ValidationError(`Invalid rotation: ${detail}`, {}, { pointer: DEGREES_POINTER, code: 'invalid' });

type SwitchResult =
  | { readonly kind: 'rotated' }
  | { readonly kind: 'moved' }
  | { readonly kind: 'gone' }
  | { readonly kind: 'duplicate'; readonly holder: DocumentRecord };

/**
 * Rotates image documents: the turned image is written as a new content-addressed file, then one
 * transaction creates its blob, points the document at it and starts a new extraction attempt (the
 * reextract path, so the same webhooks follow). The old file is never touched: a failure at any step
 * leaves the document on it, whole.
 */
export class DocumentRotations {
  /** The tail of each document's queue of rotations in this process. */
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly turns = new PQueue({ concurrency: MAX_CONCURRENT_TURNS });
  /** Rotations waiting or running, per account. */
  private readonly inFlight = new Map<string, number>();
  private total = 0;

  constructor(private readonly deps: RotateDocumentDeps) {}

  /** Resolves once the document's file is the rotated one; the error says why when it cannot be. */
  async rotate(accountId: string, id: string, degrees: RotationDegrees): Promise<void> {
    const mine = this.inFlight.get(accountId) ?? 0;
    if (mine >= MAX_ROTATIONS_PER_ACCOUNT) throw new TooManyRotationsError();
    if (this.total >= MAX_ROTATIONS_IN_FLIGHT) {
      throw new AppError('store_busy', 'rotate document: too many rotations under way', { retryable: true });
    }
    this.inFlight.set(accountId, mine + 1);
    this.total += 1;
    try {
      await this.queued(accountId, id, degrees);
    } finally {
      const left = (this.inFlight.get(accountId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(accountId);
      else this.inFlight.set(accountId, left);
      this.total -= 1;
    }
  }

  private queued(accountId: string, id: string, degrees: RotationDegrees): Promise<void> {
    const previous = this.tails.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.rotateNow(accountId, id, degrees));
    this.tails.set(id, run);
    const forget = () => {
      if (this.tails.get(id) === run) this.tails.delete(id);
    };
    run.then(forget, forget);
    return run;
  }

  private async rotateNow(accountId: string, id: string, degrees: RotationDegrees): Promise<void> {
    for (let tries = 0; tries < MAX_SWITCH_TRIES; tries += 1) {
      const document = this.deps.documents.get(accountId, id);
      if (document === undefined) throw new NotFoundError('Document', id);
      const result = await this.rotateOnce(document, degrees);
      if (result.kind === 'rotated') return;
      if (result.kind === 'gone') throw new NotFoundError('Document', id);
      if (result.kind === 'duplicate') throw new DuplicateDocumentError(result.holder);
    }
    throw new AppError('store_busy', 'rotate document: another process kept switching the file', {
      retryable: true,
    });
  }

  private async rotateOnce(document: DocumentRecord, degrees: RotationDegrees): Promise<SwitchResult> {
    const { documents, uploads, files, jobs } = this.deps;
    if (!(document.fileContentType ?? '').startsWith('image/')) {
      throw invalidRotation(
        `only image documents can be rotated; this one is ${document.fileContentType ?? 'not an image'}`,
      );
    }
    const blob = uploads.get(document.blobId);
    const sha256 = blob?.sha256 ?? null;
    if (blob === undefined || sha256 === null || !(await fileExists(files, sha256))) {
      throw invalidRotation('no document file is attached to this document');
    }
    let turned: Buffer;
    try {
      turned = await this.turns.add(() => rotateImage(files.path(sha256), degrees));
    } catch (error) {
      if (error instanceof UnrotatableImageError) throw invalidRotation(error.message);
      throw error;
    }
    const received = await files.receive(Readable.from([turned]), turned.length);
    await files.keep(received);

    return jobs.writeWithJob((): AttemptWrite<SwitchResult> => {
      const current = documents.get(document.accountId, document.id);
      if (current === undefined) return { result: { kind: 'gone' }, attempt: undefined };
      if (current.blobId !== document.blobId) return { result: { kind: 'moved' }, attempt: undefined };
      const holder = documents.findBySha256(document.accountId, received.sha256);
      if (holder !== undefined && holder.id !== document.id) {
        return { result: { kind: 'duplicate', holder }, attempt: undefined };
      }
      const next = uploads.create({
        accountId: blob.accountId,
        filename: blob.filename,
        contentType: blob.contentType,
        byteSize: received.byteSize,
        checksum: received.md5Base64,
      });
      uploads.markUploaded(next.id, received.sha256);
      documents.replaceFile(document.id, {
        blobId: next.id,
        sha256: received.sha256,
        sizeBytes: received.byteSize,
      });
      const started = documents.startAttempt(document.accountId, document.id);
      return { result: { kind: 'rotated' }, attempt: started };
    });
  }
}

/** False only when the file is gone; any other failure to look (permissions, I/O) is the service's own. */
async function fileExists(files: BlobFiles, sha256: string): Promise<boolean> {
  try {
    await files.size(sha256);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return false;
    throw error;
  }
}
