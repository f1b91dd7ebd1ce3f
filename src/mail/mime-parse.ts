import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { AttachmentStream, HeaderLines, Headers, MessageText } from 'mailparser';
import { DocumentMailParser } from './document-mail-parser.ts';
import { LineEndings } from './line-endings.ts';

/** What one pass of the MIME parser over a message (or a forwarded one) found around its parts. */
export interface MimeParse {
  readonly headers: Headers | null;
  readonly headerLines: HeaderLines | null;
  readonly bodyText: string | null;
  /** The parser's failure (bad MIME); the parts it reached before are still taken. */
  readonly error: Error | undefined;
  readonly seenBytes: number;
  /** SHA-256 (hex) of every byte of the source, read to its end. */
  readonly sha256: string;
  /** The source went past `maxBytes`: the rest was drained unparsed. */
  readonly tooLarge: boolean;
}

/** What the reader does with what the parser reaches, part by part. */
export interface MimeHandlers {
  /** The top-level headers of the message, before any of its parts. */
  headers?(headers: Headers): void;
  /** The text body; returns what is kept of it for the preview. Parts found in it join `pending`. */
  text(text: string, pending: Promise<void>[]): string;
  attachment(attachment: AttachmentStream): Promise<void>;
  /** The source failed (a dropped connection); its error is thrown once the parts under way settle. */
  sourceFailed(): void;
}

/**
 * Feeds `source` to a streaming MIME parser, handing each attachment to `handlers` as the parser reaches
 * it. Errors of `source` reject; errors of the parser (bad MIME) are returned in the outcome, as is a
 * source past `maxBytes`, which is drained so an SMTP or IMAP peer still sees the message end.
 */
export async function parseMime(
  source: Readable | Buffer,
  maxBytes: number,
  handlers: MimeHandlers,
): Promise<MimeParse> {
  const parser = new DocumentMailParser();
  const pending: Promise<void>[] = [];
  // Attachment streams still being read: a parser that fails will never end them, so they are ended here.
  const open = new Set<Readable>();
  let headers: Headers | null = null;
  let headerLines: HeaderLines | null = null;
  let bodyText: string | null = null;
  let error: Error | undefined;
  let fail = (_parserError: Error): void => undefined;
  const parsed = new Promise<void>((resolve) => {
    fail = (parserError) => {
      error ??= parserError;
      for (const content of open) content.destroy(new Error('the message ended inside this part'));
      resolve();
    };
    parser.on('error', fail);
    parser.on('end', () => resolve());
  });
  parser.on('headers', (value: Headers) => {
    headers = value;
    handlers.headers?.(value);
  });
  parser.on('headerLines', (value: HeaderLines) => {
    headerLines = value;
  });
  parser.on('data', (data: AttachmentStream | MessageText) => {
    if (data.type === 'text') {
      const text = data.text ?? (typeof data.html === 'string' ? htmlToPlain(data.html) : null);
      bodyText = text === null ? null : handlers.text(text, pending);
      return;
    }
    const content = data.content as Readable; // mailparser's StreamHash, a Transform
    open.add(content);
    const task = handlers.attachment(data).finally(() => open.delete(content));
    // Settled only once the parse ends: a failure meanwhile is handled here, not left to crash the process
    // as an unhandled rejection, and the part's bytes still flow so the parser is not left waiting on them.
    task.catch(() => content.resume());
    pending.push(task);
  });

  let seenBytes = 0;
  let overCap = false;
  const endings = new LineEndings();
  const write = async (bytes: Buffer): Promise<void> => {
    if (!parser.write(bytes)) await Promise.race([once(parser, 'drain'), parsed]);
  };
  const digest = createHash('sha256');
  const feed = async (bytes: Buffer): Promise<void> => {
    seenBytes += bytes.length;
    digest.update(bytes);
    if (overCap || error !== undefined) return;
    if (seenBytes > maxBytes) {
      // What was already written is still parsed, for the metadata the refusal carries.
      overCap = true;
      return;
    }
    try {
      await write(endings.fix(bytes));
    } catch (parserError) {
      // A parser that throws instead of emitting `error` has failed all the same: the rest is drained.
      fail(parserError instanceof Error ? parserError : new Error(String(parserError)));
    }
  };
  if (Buffer.isBuffer(source)) {
    // Whole in memory already (fetched whole): written as it is, without a stream around it; past the
    // cap, what comes before it is still parsed, as a stream's first chunks would be.
    await feed(source.length > maxBytes ? source.subarray(0, maxBytes) : source);
    if (source.length > maxBytes) await feed(source.subarray(maxBytes));
  } else {
    try {
      for await (const chunk of source) await feed(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    } catch (sourceError) {
      handlers.sourceFailed();
      parser.destroy();
      await Promise.allSettled(pending);
      throw sourceError;
    }
  }
  try {
    if (!overCap && error === undefined) await write(endings.flush());
    parser.end();
  } catch (parserError) {
    fail(parserError instanceof Error ? parserError : new Error(String(parserError)));
  }
  await parsed;
  const results = await Promise.allSettled(pending);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  return {
    headers,
    headerLines,
    bodyText,
    error,
    seenBytes,
    sha256: digest.digest('hex'),
    tooLarge: overCap,
  };
}

function htmlToPlain(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ');
}
