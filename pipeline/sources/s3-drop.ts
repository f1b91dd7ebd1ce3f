import type { Clock } from '../../src/domain/clock.ts';
import type { ContentRejection } from '../../src/domain/content-policy.ts';
import { AppError, ValidationError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { Admission } from '../admission/admission.ts';
import type { IntakeMessage, Origin } from '../messages.ts';
import { displayName } from './display-name.ts';
import type { DropBucket, ObjectVersion } from './s3-drop-bucket.ts';
import { decodeS3Key, isObjectCreated, parseS3Notification, type S3EventRecord } from './s3-drop-event.ts';
import {
  checkDropPrefixes,
  type DropPrefixes,
  lastSegment,
  reasonKeyOf,
  s3OriginId,
} from './s3-drop-keys.ts';

export interface S3DropDeps {
  /** The drop bucket; notifications naming another bucket are skipped. */
  readonly bucket: DropBucket;
  readonly admission: Admission;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly prefixes: DropPrefixes;
}

/** Why an object was set aside: the admission's reasons, and a folder made in the console. */
export type S3RejectReason = ContentRejection['reason'] | 'folder_placeholder';

/** The JSON object written beside a rejected object, `<rejected key>.reason.json`. */
export interface S3ReasonObject {
  readonly file: string;
  /** Where the object was dropped, and where it is now. */
  readonly droppedAs: string;
  readonly movedTo: string;
  readonly reason: S3RejectReason;
  readonly detail: string;
  readonly sizeBytes: number;
  readonly eTag: string;
  readonly versionId: string | null;
  readonly rejectedAt: string;
}

/** Notified objects the source leaves alone, each for a reason it logs. */
export type S3SkipReason =
  /** A removal, restore or other event: only created objects are files to take. */
  | 'not_created'
  /** The notification's filter is wider than the inbox, or names another bucket: configuration, not a user file. */
  | 'outside_inbox'
  | 'other_bucket'
  /** The placeholder of the inbox itself: it is the drop folder, not something dropped. */
  | 'inbox_placeholder';

export type S3TakeOutcome =
  | { readonly kind: 'taken'; readonly message: IntakeMessage; readonly archivedKey: string }
  | { readonly kind: 'rejected'; readonly reason: S3RejectReason; readonly movedTo: string }
  | { readonly kind: 'skipped'; readonly reason: S3SkipReason }
  /** The key no longer holds that object: an earlier delivery took it, or a newer upload replaced it. */
  | { readonly kind: 'gone' };

/** The object shrank or grew between the notification and the read, although pinned: try the delivery again. */
export class S3ObjectChangedError extends AppError {
  constructor(key: string) {
    super('s3_object_changed', `S3 object ${key} did not have the announced size`, {
      retryable: true,
      details: { key },
    });
  }
}

/** Some records of one SQS message failed; the message is delivered again and the done ones answer `gone`. */
export class S3NotificationFailedError extends AppError {
  constructor(failures: readonly unknown[]) {
    const retryable = failures.every((error) => !(error instanceof AppError) || error.retryable);
    super('s3_notification_failed', `${failures.length} record(s) of an S3 notification failed`, {
      retryable,
      cause: failures.length === 1 ? failures[0] : new AggregateError(failures),
    });
  }
}

/**
 * Handles one SQS body from the bucket notification: a test event is acknowledged, each record is taken
 * in turn. Every record is tried even when one fails; then the first failure is thrown, so the SQS record
 * fails alone and comes back.
 */
export async function handleS3Notification(body: string, deps: S3DropDeps): Promise<S3TakeOutcome[]> {
  const notification = parseS3Notification(body);
  if (notification.kind === 'test') {
    deps.logger.info({ bucket: notification.bucket }, 'S3 test event acknowledged');
    return [];
  }
  const outcomes: S3TakeOutcome[] = [];
  const failures: unknown[] = [];
  for (const record of notification.records) {
    try {
      outcomes.push(await takeS3Object(record, deps));
    } catch (error) {
      failures.push(error);
      deps.logger.error({ err: error, key: record.s3.object.key }, 'could not take the S3 object');
    }
  }
  if (failures.length > 0) throw new S3NotificationFailedError(failures);
  return outcomes;
}

/** The function a Lambda handler calls per SQS record: it resolves to acknowledge, throws to fail that record. */
export function createS3DropRecordHandler(deps: S3DropDeps): (body: string) => Promise<void> {
  const checked = { ...deps, prefixes: checkDropPrefixes(deps.prefixes) };
  return async (body) => {
    await handleS3Notification(body, checked);
  };
}

/**
 * Takes one notified object: through the admission (the folder's type and size policy), and only once the
 * intake message is durably sent, copied to `archive/` and deleted from the inbox. A crash in between
 * leaves the object in the inbox; the redelivered notification stages it again under the same origin id,
 * and ingest dedupes the second message by content hash.
 */
export async function takeS3Object(record: S3EventRecord, deps: S3DropDeps): Promise<S3TakeOutcome> {
  const { bucket, prefixes, logger } = deps;
  const key = decodeS3Key(record.s3.object.key);
  const skip = (reason: S3SkipReason): S3TakeOutcome => {
    const facts = { bucket: record.s3.bucket.name, key, event: record.eventName, reason };
    // Another bucket or a key outside the inbox means the notification is set up wrong: someone should look.
    if (reason === 'outside_inbox' || reason === 'other_bucket') logger.warn(facts, 'S3 object skipped');
    else logger.info(facts, 'S3 object skipped');
    return { kind: 'skipped', reason };
  };
  if (!isObjectCreated(record)) return skip('not_created');
  if (record.s3.bucket.name !== bucket.name) return skip('other_bucket');
  if (!key.startsWith(prefixes.inbox)) return skip('outside_inbox');
  const relative = key.slice(prefixes.inbox.length);
  if (relative === '') return skip('inbox_placeholder');

  const { eTag, size: sizeBytes, versionId } = record.s3.object;
  if (eTag === undefined || sizeBytes === undefined) {
    throw new ValidationError(`S3 ${record.eventName} record of ${key} has no eTag or size`);
  }
  const object: ObjectVersion = { key, eTag, ...(versionId === undefined ? {} : { versionId }) };
  const facts = { key, eTag, versionId: versionId ?? null, sizeBytes };
  const setAside = (rejection: { reason: S3RejectReason; detail: string }) =>
    rejectObject(object, relative, rejection, facts, deps);

  if (relative.endsWith('/')) {
    return setAside({
      reason: 'folder_placeholder',
      detail: 'this is a folder made in the S3 console, not a file; drop files into the inbox itself',
    });
  }
  if (sizeBytes === 0) return setAside({ reason: 'empty', detail: 'the file is empty (0 bytes)' });

  const archivedKey = `${prefixes.archive}${relative}`;
  const origin: Origin = {
    originId: s3OriginId({ bucket: bucket.name, sizeBytes, ...object }),
    source: 's3',
    fileName: displayName(lastSegment(key)),
    // The place it will be once taken; the archive copy is made right after the message is sent.
    location: `s3://${bucket.name}/${archivedKey}`,
    receivedAt: new Date(deps.clock.now()).toISOString(),
  };
  const fetched = await bucket.get(object);
  if (fetched === 'gone') {
    logger.info(facts, 'S3 object already taken or replaced; notification acknowledged');
    return { kind: 'gone' };
  }
  const outcome = await deps.admission
    .admit({ body: fetched.body, sizeBytes: fetched.contentLength, origin })
    .catch((error: unknown) => {
      // A half-read response holds its socket: in a warm Lambda the pool would run dry.
      fetched.body.destroy();
      throw error;
    });
  if (outcome.kind === 'changed') throw new S3ObjectChangedError(key);
  if (outcome.kind === 'rejected') return setAside(outcome.rejection);

  // `gone` here means a concurrent delivery of the same notification archived it first: nothing is lost.
  if ((await bucket.copy(object, archivedKey)) === 'copied') await bucket.delete(object);
  const { correlationId, sha256 } = outcome.message;
  logger.info({ ...facts, correlationId, sha256, archived: origin.location }, 'S3 object taken and archived');
  return { kind: 'taken', message: outcome.message, archivedKey };
}

/**
 * Moves a refused object to `rejected/` with its reason object beside it, so a person sees why and can
 * drop it again. The object leaves the inbox only once both are written: a crash before leaves it there,
 * to be refused again on the redelivery, and a redelivery after finds it gone and writes nothing.
 */
async function rejectObject(
  object: ObjectVersion,
  relative: string,
  rejection: { readonly reason: S3RejectReason; readonly detail: string },
  facts: { readonly sizeBytes: number; readonly versionId: string | null },
  deps: S3DropDeps,
): Promise<S3TakeOutcome> {
  const { bucket, prefixes, logger } = deps;
  const movedTo = `${prefixes.rejected}${relative}`;
  const reasonObject: S3ReasonObject = {
    file: displayName(lastSegment(object.key)),
    droppedAs: `s3://${bucket.name}/${object.key}`,
    movedTo: `s3://${bucket.name}/${movedTo}`,
    reason: rejection.reason,
    detail: rejection.detail,
    sizeBytes: facts.sizeBytes,
    eTag: object.eTag,
    versionId: facts.versionId,
    rejectedAt: new Date(deps.clock.now()).toISOString(),
  };
  if ((await bucket.copy(object, movedTo)) === 'gone') {
    logger.info({ key: object.key }, 'S3 object already set aside or replaced; notification acknowledged');
    return { kind: 'gone' };
  }
  await bucket.putJson(reasonKeyOf(movedTo), reasonObject);
  await bucket.delete(object);
  logger.warn({ key: object.key, ...rejection, movedTo }, 'S3 object set aside');
  return { kind: 'rejected', reason: rejection.reason, movedTo };
}
