/** Small pieces of reading a message: the refusal shapes, and telling a failing source from bad content. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { MailDocument, MailMetadata, MessageRefusal, ReadMessage } from './types.ts';

/** The bytes of a document as a stream, from memory or from its temp file. */
export function documentStream(document: MailDocument): Readable {
  if (document.bytes !== null) return Readable.from([document.bytes]);
  return createReadStream(document.path ?? '');
}

export function refused(metadata: MailMetadata, refusal: MessageRefusal): ReadMessage {
  return { metadata, documents: [], skipped: [], refusal, dispose: async () => {} };
}

export function tooLarge(sizeBytes: number, maxBytes: number, verb: string): MessageRefusal {
  return {
    reason: 'too_large',
    detail: `the message ${verb} ${sizeBytes} bytes; the largest accepted is ${maxBytes} bytes`,
  };
}

/** Reads and drops a part the parser waits on; a part cut short by a parser failure is dropped all the same. */
export async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // dropped
    }
  } catch {
    // the part is skipped either way
  }
}

export function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
