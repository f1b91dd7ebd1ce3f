import type { Writable } from 'node:stream';
import { MailParser } from 'mailparser';
import type { MessageRefusal } from './types.ts';

// A header block past this is not mail a person wrote; mailsplit fails the parse, which refuses the message.
export const MAX_HEADER_BYTES = 256 * 1024;
// mailsplit's own default, named: a message of more MIME parts is a mass mailing or an attack, refused.
export const MAX_MIME_PARTS = 1000;
// The body types mailparser reads as text, even when the part names a file.
const TEXT_BODY_TYPES: ReadonlySet<string> = new Set(['text/plain', 'text/html']);
/**
 * The headers the reader uses (`mail-metadata.ts`, the message type, a part's encoding and content id):
 * mailparser decodes only these. It would otherwise decode every header of every part (Received chains,
 * DKIM signatures, addresses rendered as HTML): with a dozen such headers, 0.17 ms of CPU per small
 * message instead of 0.12. The raw header lines stay whole.
 */
const DECODED_HEADERS: ReadonlySet<string> = new Set([
  'subject',
  'from',
  'to',
  'cc',
  'message-id',
  'in-reply-to',
  'references',
  'content-type',
  'content-id',
  'content-transfer-encoding',
  // A scanner's file name, when it gives one nowhere else (`safe-file-name.ts`).
  'content-description',
]);

/**
 * Fields a message has at most once (RFC 5322 3.6); a message with two (a gateway adding a Subject, a
 * spoofed From) is read by its last, as Dovecot's ENVELOPE reads the Subject and Message-ID, and as the
 * poller's listing reads the Message-ID it identifies the message by (`messageIdOf`): a result's
 * `message_id` is then that identity's.
 */
const SINGLE_FIELDS: ReadonlySet<string> = new Set([
  'subject',
  'from',
  'to',
  'cc',
  'message-id',
  'in-reply-to',
  'references',
]);

/** `lines` with the decoded headers only, and only the last of a field that may appear once. */
function decodedLines(lines: HeaderLine[] | undefined): HeaderLine[] | undefined {
  if (lines === undefined) return undefined;
  const last = new Map<string, HeaderLine>();
  for (const line of lines) if (SINGLE_FIELDS.has(line.key)) last.set(line.key, line);
  return lines.filter(
    (line) => DECODED_HEADERS.has(line.key) && (!SINGLE_FIELDS.has(line.key) || last.get(line.key) === line),
  );
}

/**
 * mailparser reads a text/plain or text/html part as body text unless it is an attachment, even when it
 * names a file: a scanner that sends `Content-Type: text/plain; name="scan.pdf"` would have its PDF read
 * as text and lost. A text part that names a file is made an attachment here, so its bytes decide.
 */
export class DocumentMailParser extends MailParser {
  constructor() {
    // ignoreEmbedded: forwarded messages are staged as parts and read with a depth cap, not by mailsplit.
    // The skips: the body is kept as plain text only, so mailparser's HTML renderings are not made.
    const options = {
      maxHeadSize: MAX_HEADER_BYTES,
      maxChildNodes: MAX_MIME_PARTS,
      ignoreEmbedded: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
    };
    // The typings lack mailsplit's options, which MailParser passes on to its splitter.
    super(options as ConstructorParameters<typeof MailParser>[0]);
    // createNode is mailparser's (untyped) hook from a split MIME node to its own; wrapped, not replaced.
    const self = this as unknown as { createNode(node: SplitNode): unknown };
    const createNode = self.createNode.bind(this);
    const hooks = this as unknown as { processHeaders(lines: HeaderLine[] | undefined): unknown };
    const processHeaders = hooks.processHeaders.bind(this);
    // Addresses are read from their parsed values (`mail-metadata.ts`): not rendered as HTML and text too.
    const renderings = this as unknown as { getAddressesHTML(): string; getAddressesText(): string };
    renderings.getAddressesHTML = () => '';
    renderings.getAddressesText = () => '';
    hooks.processHeaders = (lines) => processHeaders(decodedLines(lines));
    // At the end of a message mailparser ends the last part's decoder, which that part's end already did:
    // Node then makes an ERR_STREAM_ALREADY_FINISHED error, stack trace and all, for nothing, once a message.
    const ending = this as unknown as { curnode?: { decoder?: Writable }; endStream(): void };
    const endStream = ending.endStream.bind(this);
    ending.endStream = () => {
      const node = ending.curnode;
      const decoder = node?.decoder;
      if (node === undefined || decoder === undefined || !decoder.writableEnded) return endStream();
      node.decoder = undefined;
      try {
        endStream();
      } finally {
        node.decoder = decoder;
      }
    };
    // RFC 2046 5.1.1 lets a delimiter line end in blanks ("transport padding"); mailsplit takes such a
    // line for content, and loses every part it delimits. The blanks are dropped before it compares.
    const splitter = (this as unknown as { splitter: BoundaryComparer }).splitter;
    const compareBoundary = splitter.compareBoundary.bind(splitter);
    splitter.compareBoundary = (line, start, boundary) =>
      compareBoundary(withoutPadding(line), start, boundary);
    self.createNode = (node: SplitNode) => {
      // A part's Content-Type that is there but empty (`Content-Type: ;`) leaves mailsplit's type false,
      // which mailparser passes on untouched: the part is decided by its bytes, as an unknown type is.
      if (!node.contentType && !node.root) node.contentType = 'application/octet-stream';
      const textBody = TEXT_BODY_TYPES.has(node.contentType || '') && node.disposition !== 'attachment';
      if (textBody && (node.filename || (!node.root && declaresAnotherType(node)))) {
        node.disposition = 'attachment';
      }
      if (node.contentType === 'text/plain' && isLatin1Label(node.charset)) node.charset = 'binary';
      // In a digest a part without a Content-Type is a message (RFC 2046 5.1.5), not text/plain as mailsplit
      // defaults it: made a forwarded message, so its attachments are found.
      if (
        node.parentNode &&
        node.parentNode.multipart === 'digest' &&
        !node.headers?.getFirst('content-type')
      ) {
        node.contentType = 'message/rfc822';
        node.disposition = 'attachment';
      }
      return createNode(node);
    };
  }
}

// The labels of ISO-8859-1. mailparser decodes them as windows-1252 (as WHATWG says), which has no
// character for five bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D): a file pasted in such a body (yEnc writes every
// byte) would lose them. A Latin-1 text/plain body is read byte for byte instead, and its 0x80-0x9F
// characters are then given their windows-1252 meaning by `withWindows1252`, for the preview.
const LATIN1_LABELS: ReadonlySet<string> = new Set(['iso88591', 'latin1', 'l1', 'cp819', 'ibm819']);

const isLatin1Label = (charset: string | false | undefined): boolean =>
  typeof charset === 'string' && LATIN1_LABELS.has(charset.toLowerCase().replace(/[^a-z0-9]/g, ''));

// The windows-1252 character of each byte 0x80-0x9F, by the C1 control of the same code.
const WINDOWS_1252_C1: ReadonlyMap<string, string> = new Map(
  Array.from({ length: 32 }, (_, index) => [
    String.fromCharCode(0x80 + index),
    new TextDecoder('windows-1252').decode(Buffer.from([0x80 + index])),
  ]),
);

/**
 * `text` with U+0080-U+009F read as windows-1252 (`€`, curly quotes, dashes), as a Latin-1 body read byte for
 * byte has them; in any other text they are C1 controls, which nobody writes.
 */
export const withWindows1252 = (text: string): string =>
  text.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_C1.get(char) ?? char);

/**
 * Whether a text part has a second Content-Type field that is not text (`text/plain` above
 * `application/pdf`): mailsplit reads the first, which would make a document body text; its bytes decide.
 */
function declaresAnotherType(node: SplitNode): boolean {
  // mailsplit's `get` gives whole lines, the field name included.
  const types = (node.headers?.get('content-type') ?? []).map((line) =>
    line
      .slice(line.indexOf(':') + 1)
      .trim()
      .toLowerCase(),
  );
  return types.length > 1 && types.some((type) => !type.startsWith('text/'));
}

/** mailsplit's splitter, as far as the delimiter check goes: 1 or 2 for a delimiter of `boundary`. */
interface BoundaryComparer {
  compareBoundary(line: Buffer, start: number, boundary: Buffer): 1 | 2 | false;
}

const isBlank = (byte: number | undefined): boolean => byte === 0x20 || byte === 0x09;

/** `line` without the blanks before its line ending; the same buffer when it has none. */
function withoutPadding(line: Buffer): Buffer {
  let end = line.length;
  while (end > 0 && (line[end - 1] === 0x0a || line[end - 1] === 0x0d)) end -= 1;
  if (!isBlank(line[end - 1])) return line;
  let cut = end;
  while (cut > 0 && isBlank(line[cut - 1])) cut -= 1;
  return Buffer.concat([line.subarray(0, cut), line.subarray(end)]);
}

/** A raw header line as mailsplit lists it: its lower-case name and the whole line. */
interface HeaderLine {
  key: string;
  line: string;
}

/** The fields of a mailsplit node that decide whether mailparser reads it as text. */
interface SplitNode {
  root?: boolean;
  contentType?: string | false;
  charset?: string | false;
  parentNode?: { multipart?: string | false } | false;
  headers?: { getFirst(key: string): string; get(key: string): string[] };
  disposition?: string | false;
  filename?: string | false;
}

/** Why the parser gave up, as a reason a person can act on; mailsplit says it only in its message. */
export function parseRefusal(error: Error): MessageRefusal {
  if (error.message.includes('Max allowed child nodes')) {
    return {
      reason: 'too_many_parts',
      detail: `the message has more than ${MAX_MIME_PARTS} MIME parts`,
    };
  }
  if (error.message.includes('Max header size')) {
    return {
      reason: 'header_too_large',
      detail: `a header block of the message is over ${MAX_HEADER_BYTES} bytes`,
    };
  }
  return { reason: 'malformed', detail: `the message cannot be parsed: ${error.message}` };
}
