import type { IncomingMessage } from 'node:http';
import { AppError } from '../../src/domain/errors.ts';

export class BodyTooLargeError extends AppError {
  constructor(limit: number) {
    super('body_too_large', `request body exceeds ${limit} bytes`, { details: { limit } });
  }
}

/**
 * Reads a request body as raw bytes (the signature covers exactly these bytes), refusing more than
 * `maxBytes`. A declared Content-Length over the cap is refused before anything is read; a body that grows
 * past the cap is discarded as it streams, so memory stays bounded either way.
 */
export const readRawBody = (request: IncomingMessage, maxBytes: number): Promise<Buffer> => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Drain without keeping the bytes, so the 413 can still be written on this socket.
    request.resume();
    return Promise.reject(new BodyTooLargeError(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const onData = (chunk: Buffer): void => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks, size));
    });
    request.once('error', reject);
    // A body cut short ends in 'close' without 'end'; after a clean end this rejection is a no-op.
    request.once('close', () => {
      if (!request.complete) reject(new AppError('request_aborted', 'the client aborted the request'));
    });
  });
};
