import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { MarkerKeyRequiredError } from '../ledger/errors.ts';
import { isMarkerKey } from '../ledger/keys.ts';
import type { Ledger, LedgerEntry } from '../ports.ts';
import { isConditionalConflict, isPreconditionFailed, isS3NotFound, S3Error, s3Call } from './aws-errors.ts';
import { KnownEntries } from './known-entries.ts';
import { checkObjectKeyLength, compareKeys, decodeLedgerKey, encodeLedgerKey } from './s3-ledger-keys.ts';
import { DEFAULT_ENCRYPTION, encryptionParams, normalizePrefix, type S3Encryption } from './s3-objects.ts';

/** S3 answers 409 to a conditional write racing another one and asks for a retry; this many, then fail. */
const CONFLICT_RETRIES = 3;
/** First pause after a 409, doubled each time: the other write finishes within milliseconds. */
const CONFLICT_RETRY_BASE_MS = 50;
/** Values fetched at once by `list`: enough to hide the round trips, few enough not to be throttled. */
const LIST_FETCHES_IN_FLIGHT = 8;

export interface S3LedgerOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Every entry lives under `<prefix>/`; none when left out. */
  readonly prefix?: string;
  readonly encryption?: S3Encryption;
  /**
   * Read a key before writing it (default true). Needed on stores that ignore `If-None-Match: *`
   * (fauxqs, some S3 look-alikes), where the read is what makes one process exact. S3 honours the
   * condition, so a deployed function turns the read off and writes each new entry with one request.
   */
  readonly readBeforeWrite?: boolean;
}

/**
 * The Ledger port on S3: one object per entry, its body the value, its key the ledger key encoded by
 * `s3-ledger-keys.ts`. Entries are written once and never changed, so no step reads, modifies and writes
 * an object, and concurrent workers cannot lose each other's updates.
 *
 * `putIfAbsent` reads the key first unless told not to (`readBeforeWrite`; a redelivery finds it there
 * and writes nothing), then writes with `If-None-Match: *`. On S3, which honours it, exactly one writer of a key wins across every worker: the
 * others get 412 (false) or 409 while the winner's write is in flight (retried, then 412). Calls within one
 * adapter are also serialized per key, so one process is exact even on a store that ignores the condition
 * (fauxqs, some S3 look-alikes). There, two processes racing on one key may both get true, the later
 * value standing. The stages stay correct even so: racing writers of `doc/<sha256>` write the same
 * document id, because the service answers the second upload with 409 `duplicate_document` and its id,
 * and outcome files are rewritten with the same bytes.
 *
 * An entry this adapter has read or written is remembered (`KnownEntries`, markers excepted) and not asked
 * of S3 again: the events stage reads a document's `by-doc/` entry three times and its origins twice.
 */
export class S3Ledger implements Ledger {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly encryption: S3Encryption;
  private readonly readBeforeWrite: boolean;
  /** The tail of each key's in-process queue of writers. */
  private readonly writers = new Map<string, Promise<unknown>>();
  /** Entries this adapter has read or written: never asked of S3 again (they cannot change). */
  private readonly known = new KnownEntries();

  constructor(options: S3LedgerOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix);
    this.encryption = options.encryption ?? DEFAULT_ENCRYPTION;
    this.readBeforeWrite = options.readBeforeWrite ?? true;
  }

  putIfAbsent(key: string, value: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    const previous = this.writers.get(objectKey) ?? Promise.resolve();
    const run = previous.then(() => this.writeOnce(key, objectKey, value));
    const tail = run.catch(() => undefined);
    this.writers.set(objectKey, tail);
    void tail.then(() => {
      if (this.writers.get(objectKey) === tail) this.writers.delete(objectKey);
    });
    return run;
  }

  /** In order, one at a time: a crash leaves a prefix of the list written, as the port says. */
  async putAllIfAbsent(entries: readonly LedgerEntry[]): Promise<boolean[]> {
    const written: boolean[] = [];
    for (const entry of entries) written.push(await this.putIfAbsent(entry.key, entry.value));
    return written;
  }

  async get(key: string): Promise<string | undefined> {
    return this.known.get(key) ?? this.read(key, this.objectKey(key));
  }

  async list(prefix: string): Promise<LedgerEntry[]> {
    const listPrefix = this.objectKey(prefix);
    const objectKeys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3Call('ListObjectsV2', { bucket: this.bucket, key: listPrefix }, () =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: listPrefix, ContinuationToken: token }),
        ),
      );
      for (const object of page.Contents ?? []) if (object.Key !== undefined) objectKeys.push(object.Key);
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);

    const entries: LedgerEntry[] = [];
    const unread: { key: string; objectKey: string }[] = [];
    for (const objectKey of objectKeys) {
      const key = this.ledgerKey(objectKey);
      const value = this.known.get(key);
      if (value === undefined) unread.push({ key, objectKey });
      else entries.push({ key, value });
    }
    for (let start = 0; start < unread.length; start += LIST_FETCHES_IN_FLIGHT) {
      const slice = unread.slice(start, start + LIST_FETCHES_IN_FLIGHT);
      const values = await Promise.all(slice.map(({ key, objectKey }) => this.read(key, objectKey)));
      slice.forEach(({ key }, n) => {
        const value = values[n];
        // A marker deleted between the listing and the read is no longer there: leave it out.
        if (value !== undefined) entries.push({ key, value });
      });
    }
    return entries.sort((a, b) => compareKeys(a.key, b.key));
  }

  async delete(key: string): Promise<void> {
    if (!isMarkerKey(key)) throw new MarkerKeyRequiredError(key);
    const objectKey = this.objectKey(key);
    await s3Call('DeleteObject', { bucket: this.bucket, key: objectKey }, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey })),
    );
  }

  private async writeOnce(key: string, objectKey: string, value: string): Promise<boolean> {
    if (this.known.get(key) !== undefined) return false;
    for (let retry = 0; ; retry += 1) {
      if (this.readBeforeWrite && (await this.read(key, objectKey)) !== undefined) return false;
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: objectKey,
            Body: value,
            ContentType: 'text/plain; charset=utf-8',
            IfNoneMatch: '*',
            ...encryptionParams(this.encryption),
          }),
        );
        this.known.remember(key, value);
        return true;
      } catch (error) {
        if (isPreconditionFailed(error)) return false;
        if (!isConditionalConflict(error) || retry === CONFLICT_RETRIES) {
          throw new S3Error('PutObject', { bucket: this.bucket, key: objectKey }, error);
        }
      }
      await sleep(CONFLICT_RETRY_BASE_MS * 2 ** retry);
    }
  }

  private async read(key: string, objectKey: string): Promise<string | undefined> {
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      const value = (await output.Body?.transformToString('utf-8')) ?? '';
      this.known.remember(key, value);
      return value;
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw new S3Error('GetObject', { bucket: this.bucket, key: objectKey }, error);
    }
  }

  private objectKey(key: string): string {
    return checkObjectKeyLength(`${this.prefix}${encodeLedgerKey(key)}`, key);
  }

  private ledgerKey(objectKey: string): string {
    return decodeLedgerKey(objectKey.slice(this.prefix.length));
  }
}
