import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ServiceClient } from '../../client/service-client.ts';
import { uploadDocument } from '../../client/upload-document.ts';
import { loadConfig } from '../../config/load-config.ts';
import type { ConfigOverrides } from '../../config/settings.ts';
import type { DocumentResource } from '../../contract/document.ts';
import { documentRepresentationResource } from '../../contract/document.ts';
import { digestContent, FILE_READ_CHUNK_BYTES } from '../../domain/content-digest.ts';
import { type ContentPolicy, checkSize, checkType, TYPE_SNIFF_BYTES } from '../../domain/content-policy.ts';
import { AppError } from '../../domain/errors.ts';
import { errorCode } from '../../domain/system-error-code.ts';
import { detectFileType } from '../../extraction/detect-file-type.ts';
import { createLogger } from '../../observability/logger.ts';
import { line, type Output } from '../output.ts';
import { connectSession } from '../service-session.ts';

export interface IngestFlags extends ConfigOverrides {
  /** Seconds to wait for each outcome. */
  readonly timeout?: number;
}

const POLL_INTERVAL_MS = 250;
const FINAL = new Set(['extracted', 'failed']);

/** A file the drop folder would set aside is refused here too, for the same reason, before any upload. */
class NotAcceptedError extends AppError {
  constructor(file: string, reason: string, detail: string) {
    super(reason, `not ingested: ${detail} (${reason})`, { details: { file } });
  }
}

/** What to do about a file that cannot be opened, in words, instead of Node's `ENOENT: …, open '…'`. */
const OPEN_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file: check the path',
  EACCES: 'permission denied: check who may read the file',
  EPERM: 'permission denied: check who may read the file',
  ENAMETOOLONG: 'the path is too long',
  ENOTDIR: 'a folder on the path is a file: check the path',
};

const openToCheck = async (file: string) => {
  try {
    return await open(file, 'r');
  } catch (error) {
    const code = errorCode(error) ?? '';
    const detail = OPEN_FAILURES[code];
    if (detail === undefined) throw error;
    throw new AppError('unreadable', detail, { details: { file } });
  }
};

/** The content type from the first bytes, never the name, after the inbox's size and type checks. */
const checkFile = async (file: string, policy: ContentPolicy): Promise<string> => {
  const handle = await openToCheck(file);
  try {
    const info = await handle.stat();
    if (info.isDirectory()) {
      throw new AppError('not_a_file', 'is a folder: name the files in it (folder/*.pdf)');
    }
    if (!info.isFile()) throw new AppError('not_a_file', 'is not a regular file: name a PDF or image file');
    const sizeRejection = checkSize(info.size, policy);
    if (sizeRejection) throw new NotAcceptedError(file, sizeRejection.reason, sizeRejection.detail);
    const head = Buffer.alloc(Math.min(info.size, TYPE_SNIFF_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const type = await detectFileType(head.subarray(0, bytesRead));
    const typeRejection = checkType(type);
    if (typeRejection || type === undefined) {
      const rejection = typeRejection ?? { reason: 'unsupported_type', detail: 'unrecognised content' };
      throw new NotAcceptedError(file, rejection.reason, rejection.detail);
    }
    return type.mime;
  } finally {
    await handle.close();
  }
};

const waitForOutcome = async (client: ServiceClient, id: string, deadline: number) => {
  for (;;) {
    const document = await client.getDocument(id, ['last_document_representation']);
    if (FINAL.has(document.data.attributes.extraction_status)) return document;
    if (Date.now() > deadline) {
      throw new AppError(
        'timeout',
        `document ${id} has no outcome yet (status ${document.data.attributes.extraction_status}); try a longer --timeout`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
};

const summary = (file: string, duplicate: boolean, data: DocumentResource, included: unknown[]) => {
  const representation = included
    .map((resource) => documentRepresentationResource.safeParse(resource))
    .find((parsed) => parsed.success)?.data;
  const { attributes } = data;
  return {
    file,
    document_id: data.id,
    duplicate,
    status: attributes.extraction_status,
    document_type: attributes.document_type,
    ...(attributes.extraction_error ? { error: attributes.extraction_error } : {}),
    ...(representation
      ? {
          schema_version: representation.attributes.schema_version,
          payload: representation.attributes.payload,
        }
      : {}),
  };
};

/**
 * `stevedore ingest FILE...`: uploads each file, waits for its outcome and prints it as JSON.
 * Files the drop folder would refuse (empty, too large, not PDF, PNG, JPEG or TIFF) are refused here
 * with the same reason, and the others are still ingested. Exits non-zero when any file could not be
 * read, was refused, or failed to upload or extract.
 */
export const ingest = async (
  files: readonly string[],
  flags: IngestFlags,
  deps: { output: Output; env?: Readonly<Record<string, string | undefined>> },
): Promise<number> => {
  const { timeout = 120, ...overrides } = flags;
  const config = loadConfig(deps.env, overrides);
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    name: 'ingest',
  });
  let failures = 0;
  const report = (file: string, error: unknown): void => {
    failures++;
    line(deps.output.stderr, `${file}: ${error instanceof Error ? error.message : String(error)}`);
  };
  // Every file is checked before anything connects: refusing them all needs no service.
  const accepted: Array<{ file: string; contentType: string }> = [];
  for (const file of files) {
    try {
      accepted.push({ file, contentType: await checkFile(file, { maxBytes: config.maxUploadBytes }) });
    } catch (error) {
      report(file, error);
    }
  }
  if (accepted.length === 0) return failures === 0 ? 0 : 1;
  const session = await connectSession(config, logger, 'stevedore ingest');
  try {
    for (const { file, contentType } of accepted) {
      try {
        const name = basename(file);
        const digest = await digestContent(createReadStream(file, { highWaterMark: FILE_READ_CHUNK_BYTES }));
        const uploaded = await uploadDocument(session.client, {
          name,
          contentType,
          digest,
          open: () => createReadStream(file, { highWaterMark: FILE_READ_CHUNK_BYTES }),
        });
        const outcome = await waitForOutcome(
          session.client,
          uploaded.documentId,
          Date.now() + timeout * 1000,
        );
        const result = summary(file, uploaded.duplicate, outcome.data, outcome.included);
        line(deps.output.stdout, JSON.stringify(result, null, 2));
        if (result.status === 'failed') failures++;
      } catch (error) {
        report(file, error);
      }
    }
  } finally {
    await session.close();
  }
  return failures === 0 ? 0 : 1;
};
