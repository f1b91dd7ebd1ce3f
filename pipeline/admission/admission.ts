import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  type ContentDigest,
  ContentTooLargeError,
  digestBytes,
  digestContent,
} from '../../src/domain/content-digest.ts';
import {
  type ContentPolicy,
  type ContentRejection,
  checkSize,
  checkType,
  TYPE_SNIFF_BYTES,
} from '../../src/domain/content-policy.ts';
import { detectFileType } from '../../src/extraction/detect-file-type.ts';
import { encodeMessage, type IntakeMessage, type Origin } from '../messages.ts';
import type { BlobStore, Queue } from '../ports.ts';
import { peekHead } from './peek-head.ts';

/** One file offered by a source: the folder watcher now, the S3 drop watcher and the mail poller next. */
export interface AdmissionRequest {
  /**
   * The bytes, read exactly once: sniffed, hashed and staged in the same pass. A source that already
   * holds a small file in memory passes the bytes, which skips the stream machinery.
   */
  readonly body: Readable | Uint8Array;
  /** The size the source announced (a file's stat, an S3 object's ContentLength); checked before reading. */
  readonly sizeBytes?: number;
  readonly origin: Origin;
  /**
   * The bytes already sit in this local file, open as `handle`: a store that can hard-link it does so
   * instead of copying. `ino` is the inode that was read, so a file swapped in meanwhile is never linked.
   */
  readonly localFile?: { readonly path: string; readonly handle: FileHandle; readonly ino: number };
}

export type StageOutcome =
  | { readonly kind: 'staged'; readonly message: IntakeMessage }
  | { readonly kind: 'rejected'; readonly rejection: ContentRejection }
  /** Fewer or more bytes than announced, or another file under the path: the source looks again later. */
  | { readonly kind: 'changed' };

/**
 * A store that can take a local file by hard link; the linked bytes are durable once `syncFiles` resolves,
 * the link itself once `syncKeys` does.
 */
export interface LinkingBlobStore {
  /** `unsupported` on filesystems without hard links or across them; `changed` when the inode differs. */
  link(key: string, path: string, ino: number): Promise<'linked' | 'unsupported' | 'changed'>;
  syncKeys(keys: readonly string[]): Promise<void>;
  /** Flushes the bytes of the files stored under `keys` (all at once: the filesystem joins the flushes). */
  syncFiles?(keys: readonly string[]): Promise<void>;
  /** Stores bytes durable only once `syncFiles` and `syncKeys` resolve: a batch shares their syncs. */
  putUnflushed?(key: string, bytes: Uint8Array): Promise<void>;
}

/** SQS `SendMessageBatch` and the SQLite queue's one-transaction batch; a plain `send` per body otherwise. */
export type AdmissionQueue = Pick<Queue, 'send'> & {
  sendBatch?(bodies: readonly string[]): Promise<string[]>;
};

export interface AdmissionDeps {
  readonly blobs: BlobStore & Partial<LinkingBlobStore>;
  readonly queue: AdmissionQueue;
  readonly policy: ContentPolicy;
}

/** One staged copy per origin: its lifetime is that origin's intake message, nothing else shares it. */
export const stagedBlobKey = (originId: string): string => `staged/${originId}`;

/**
 * The one way into the pipeline: check the type and size, hash while staging the bytes in the blob
 * store, then send the intake message. `stage` and `commit` are separate so a source can stage a batch
 * and pay for one folder sync and one queue commit for all of it; `admit` does both for one file.
 * Nothing is acknowledged before `commit` resolves: a source moves or deletes its original only then.
 */
export class Admission {
  /** Keys linked by `stage` whose bytes the store has not flushed yet: `commit` flushes them together. */
  private readonly unflushed = new Set<string>();

  constructor(private readonly deps: AdmissionDeps) {}

  async admit(request: AdmissionRequest): Promise<StageOutcome> {
    const outcome = await this.stage(request);
    if (outcome.kind === 'staged') await this.commit([outcome.message]);
    return outcome;
  }

  /** Checks, hashes and stores the bytes; the intake message is returned, not sent. */
  async stage(request: AdmissionRequest): Promise<StageOutcome> {
    const { policy } = this.deps;
    const { body, sizeBytes, origin } = request;
    const sizeRejection = sizeBytes === undefined ? undefined : checkSize(sizeBytes, policy);
    if (sizeRejection !== undefined) return this.refuse(body, sizeRejection);
    const { head, whole } =
      body instanceof Uint8Array
        ? {
            head: Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, TYPE_SNIFF_BYTES)),
            whole: body,
          }
        : await peekHead(body, TYPE_SNIFF_BYTES);
    if (head.byteLength === 0) return this.refuse(whole, EMPTY);
    const type = await detectFileType(head);
    const typeRejection = checkType(type);
    if (type === undefined || typeRejection !== undefined) return this.refuse(whole, typeRejection ?? EMPTY);

    const blobKey = stagedBlobKey(origin.originId);
    const limit = sizeBytes ?? policy.maxBytes;
    let digest: ContentDigest | typeof CHANGED;
    try {
      digest = await this.store(blobKey, whole, limit, request.localFile);
    } catch (error) {
      if (!(error instanceof ContentTooLargeError)) throw error;
      // A file that grew after its size was taken is still being written; an unsized stream is too big.
      if (sizeBytes !== undefined) return { kind: 'changed' };
      return { kind: 'rejected', rejection: checkSize(limit + 1, policy) ?? EMPTY };
    }
    if (digest === CHANGED || (sizeBytes !== undefined && digest.sizeBytes !== sizeBytes)) {
      await this.deps.blobs.delete(blobKey);
      return { kind: 'changed' };
    }
    const message: IntakeMessage = {
      kind: 'intake',
      version: 1,
      correlationId: origin.originId,
      origin,
      blobKey,
      sha256: digest.sha256,
      md5Base64: digest.md5Base64,
      sizeBytes: digest.sizeBytes,
      contentType: type.mime,
    };
    return { kind: 'staged', message };
  }

  /**
   * Makes the staged bytes durable (linked and unflushed files flushed together, then one sync per folder;
   * streamed copies were durable already)
   * and sends every message in one batch. `messages` may carry origins amended since `stage`.
   */
  async commit(messages: readonly IntakeMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const { blobs, queue } = this.deps;
    const keys = messages.map((message) => message.blobKey);
    const linked = keys.filter((key) => this.unflushed.has(key));
    if (linked.length > 0) await blobs.syncFiles?.(linked);
    await blobs.syncKeys?.(keys);
    for (const key of linked) this.unflushed.delete(key);
    const bodies = messages.map(encodeMessage);
    if (queue.sendBatch === undefined) {
      for (const body of bodies) await queue.send(body);
      return;
    }
    for (let start = 0; start < bodies.length; start += MAX_BATCH_SEND) {
      await queue.sendBatch(bodies.slice(start, start + MAX_BATCH_SEND));
    }
  }

  /** Removes what `stage` stored for a message that will not be sent (the source saw its file change). */
  async discard(message: IntakeMessage): Promise<void> {
    this.unflushed.delete(message.blobKey);
    await this.deps.blobs.delete(message.blobKey);
  }

  /** Hashes `body` while it is stored: by hard link when the store and the file allow it, else by copy. */
  private async store(
    key: string,
    body: Readable | Uint8Array,
    maxBytes: number,
    localFile: AdmissionRequest['localFile'],
  ): Promise<ContentDigest | typeof CHANGED> {
    const { blobs } = this.deps;
    if (localFile === undefined || blobs.link === undefined) {
      if (!(body instanceof Uint8Array)) {
        return digestContent(body, { maxBytes, into: (tap) => blobs.put(key, tap) });
      }
      if (body.byteLength > maxBytes) throw new ContentTooLargeError(maxBytes);
      // Durable at `commit`, before the send, with the rest of the batch.
      if (blobs.putUnflushed !== undefined && blobs.syncFiles !== undefined) {
        await blobs.putUnflushed(key, body);
        this.unflushed.add(key);
      } else {
        await blobs.put(key, body);
      }
      return digestBytes(body);
    }
    if (body instanceof Uint8Array && body.byteLength > maxBytes) throw new ContentTooLargeError(maxBytes);
    const digest = body instanceof Uint8Array ? digestBytes(body) : await digestContent(body, { maxBytes });
    // The link shares the inode: its bytes (and the size that finds them) must be on disk before any
    // message points at them. A store that flushes linked files itself does it for the whole batch in
    // `commit`, before the send; the link is made durable there too, by the batch's folder sync.
    if (blobs.syncFiles === undefined) await localFile.handle.datasync();
    const linked = await blobs.link(key, localFile.path, localFile.ino);
    if (linked === 'changed') return CHANGED;
    if (linked === 'linked') {
      if (blobs.syncFiles !== undefined) this.unflushed.add(key);
      return digest;
    }
    // No hard links here: copy from the handle already open, and fail the copy if the bytes moved on.
    const again = localFile.handle.createReadStream({ start: 0, autoClose: false });
    await digestContent(again, { expect: digest, into: (tap) => blobs.put(key, tap) });
    return digest;
  }

  private refuse(body: Readable | Uint8Array, rejection: ContentRejection): StageOutcome {
    if (!(body instanceof Uint8Array)) body.destroy();
    return { kind: 'rejected', rejection };
  }
}

/** The SQLite queue's limit per transaction; an SQS adapter splits a batch into its own batches of 10. */
const MAX_BATCH_SEND = 1_000;
const EMPTY: ContentRejection = { reason: 'empty', detail: 'the file is empty (0 bytes)' };
const CHANGED = Symbol('changed');
