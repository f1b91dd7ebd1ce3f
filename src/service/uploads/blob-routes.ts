import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { ServiceEnv } from '../http/env.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import type { BlobFiles } from './blob-files.ts';
import { BodyTooLargeError } from './blob-files.ts';
import { type BlobTokens, DOWNLOAD_PATH_PREFIX, UPLOAD_PATH_PREFIX } from './blob-tokens.ts';
import { contentDisposition } from './content-disposition.ts';
import { servedMediaType } from './media-type.ts';
import type { TokenCheck } from './signed-token.ts';
import type { UploadStore } from './upload-store.ts';

export interface BlobRouteDeps {
  readonly uploads: UploadStore;
  readonly tokens: BlobTokens;
  readonly files: BlobFiles;
}

/** Like a presigned S3 URL, the token in the path is the only credential: these routes take no API key. */
const forbidden = (check: TokenCheck<unknown>, what: string): HttpProblem =>
  check.ok || check.reason === 'invalid'
    ? new HttpProblem(403, 'Forbidden', `The ${what} URL is not valid.`, { code: 'invalid_token' })
    : new HttpProblem(403, 'Forbidden', `The ${what} URL has expired; ask for a new one.`, {
        code: 'expired_token',
      });

const sizeMismatch = (expected: number): HttpProblem =>
  new HttpProblem(422, 'Unprocessable Entity', `The body must be exactly ${expected} bytes, as announced`, {
    code: 'byte_size_mismatch',
  });

/** The targets of direct-upload PUTs and of download links. */
export const blobRoutes = (deps: BlobRouteDeps): Hono<ServiceEnv> =>
  new Hono<ServiceEnv>()
    .put(`${UPLOAD_PATH_PREFIX}/:token`, async (c) => {
      const check = deps.tokens.checkUpload(c.req.param('token'));
      if (!check.ok) throw forbidden(check, 'upload');
      const blob = deps.uploads.get(check.claims.bid);
      if (blob === undefined) throw notFound('Blob');

      // Refuse before reading when the headers already disagree with the announcement.
      const length = c.req.header('content-length');
      if (length !== undefined && Number(length) !== blob.byteSize) throw sizeMismatch(blob.byteSize);
      const md5 = c.req.header('content-md5');
      if (md5 !== undefined && md5.trim() !== blob.checksum) {
        throw new HttpProblem(
          400,
          'Bad Request',
          'Content-MD5 differs from the checksum of the direct upload',
          {
            code: 'invalid_digest',
          },
        );
      }

      const body = c.req.raw.body;
      let received: Awaited<ReturnType<BlobFiles['receive']>>;
      try {
        received = await deps.files.receive(
          body === null ? Readable.from([]) : Readable.fromWeb(body),
          blob.byteSize,
        );
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw sizeMismatch(blob.byteSize);
        throw error;
      }
      if (received.byteSize !== blob.byteSize) {
        await deps.files.discard(received);
        throw sizeMismatch(blob.byteSize);
      }
      if (received.md5Base64 !== blob.checksum) {
        await deps.files.discard(received);
        throw new HttpProblem(
          422,
          'Unprocessable Entity',
          'The bytes do not match the checksum of the direct upload',
          {
            code: 'checksum_mismatch',
          },
        );
      }
      if (blob.uploadedAt === null) {
        await deps.files.keep(received);
        deps.uploads.markUploaded(blob.id, received.sha256);
      } else {
        // A repeated PUT of the same bytes: the first copy is kept, this one confirms it.
        await deps.files.discard(received);
      }
      return c.body(null, 204);
    })
    .get(`${DOWNLOAD_PATH_PREFIX}/:token/:filename?`, async (c) => {
      const check = deps.tokens.checkDownload(c.req.param('token'));
      if (!check.ok) throw forbidden(check, 'download');
      const blob = deps.uploads.get(check.claims.bid);
      if (blob?.sha256 == null) throw notFound('Blob');
      const headers = {
        // Checked again: a row written before types were validated may hold anything.
        'Content-Type': servedMediaType(blob.contentType),
        'Content-Length': String(await deps.files.size(blob.sha256)),
        // Uploaded bytes never render from the service's origin: saved, not displayed, and never sniffed.
        'Content-Disposition': contentDisposition(blob.filename, 'attachment'),
        'X-Content-Type-Options': 'nosniff',
        // The link is a credential with a lifetime; shared caches must not outlive it.
        'Cache-Control': 'private, max-age=300',
      };
      // Hono answers HEAD with the GET handler and drops the body; an opened file would leak until GC.
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(Readable.toWeb(deps.files.stream(blob.sha256)), 200, headers);
    });
