import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { digestContent, FILE_READ_CHUNK_BYTES } from '../../client/content-digest.ts';
import type { ServiceClient } from '../../client/service-client.ts';
import { uploadDocument } from '../../client/upload-document.ts';
import { loadConfig } from '../../config/load-config.ts';
import type { ConfigOverrides } from '../../config/settings.ts';
import type { DocumentResource } from '../../contract/document.ts';
import { documentRepresentationResource } from '../../contract/document.ts';
import { AppError } from '../../domain/errors.ts';
import { createLogger } from '../../observability/logger.ts';
import { line, type Output } from '../output.ts';
import { connectSession } from '../service-session.ts';

export interface IngestFlags extends ConfigOverrides {
  /** Seconds to wait for each outcome. */
  readonly timeout?: number;
}

const POLL_INTERVAL_MS = 250;
const FINAL = new Set(['extracted', 'failed']);

/** From the bytes, never the name; the service checks again. */
const contentTypeOf = async (file: string): Promise<string> =>
  (await fileTypeFromFile(file))?.mime ?? 'application/octet-stream';

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
 * Exits non-zero when any file could not be read, uploaded or extracted.
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
  const session = await connectSession(config, logger, 'stevedore ingest');
  let failures = 0;
  try {
    for (const file of files) {
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new AppError('not_a_file', `${file} is not a file`);
        const name = basename(file);
        const digest = await digestContent(createReadStream(file, { highWaterMark: FILE_READ_CHUNK_BYTES }));
        const uploaded = await uploadDocument(session.client, {
          name,
          contentType: await contentTypeOf(file),
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
        failures++;
        line(deps.output.stderr, `${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await session.close();
  }
  return failures === 0 ? 0 : 1;
};
