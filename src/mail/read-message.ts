import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { AttachmentStream } from 'mailparser';
import { detectFileType } from '../extraction/detect-file-type.ts';
import { parseRefusal } from './document-mail-parser.ts';
import {
  type ContainerHost,
  openContainer,
  type PartContext,
  type StagedContainer,
} from './mail-containers.ts';
import { metadataFromHeaders } from './mail-metadata.ts';
import { isDeclaredTnef, refusalByMessageType, skipByDeclaration } from './mail-part-policy.ts';
import { type MimeParse, parseMime } from './mime-parse.ts';
import { partVerdict } from './part-verdict.ts';
import { safeFileName, safeReportedName } from './safe-file-name.ts';
import { MemoryBudget, type StagedPart, stagePart } from './stage-part.ts';
import type {
  MailDocument,
  MailMetadata,
  MessageRefusal,
  ReadMessage,
  ReadMessageOptions,
  SkippedPart,
} from './types.ts';
import { findUuencoded, uudecodeStream } from './uudecode.ts';

// The part encodings mailparser leaves undecoded that are uuencode.
const UUENCODE_ENCODINGS: ReadonlySet<string> = new Set(['x-uuencode', 'uuencode', 'x-uue', 'uue']);

/**
 * A part up to this size is kept in memory, within a budget per message: the temp file it would take costs
 * a create, writes, a close, a reread and an unlink, more than the parse of the part itself. Four messages
 * read at once hold at most 4 × 8 MiB; past the budget parts go to temp files as before.
 */
const MEMORY_PART_BYTES = 1024 * 1024;
const MEMORY_MESSAGE_BYTES = 8 * 1024 * 1024;

const FORWARDED_MIME = 'message/rfc822';

/**
 * Reads one raw RFC 5322 message from `source` as a stream: every attachment is decoded straight into a
 * temp file under `options.tempDir` with a byte cap, hashed, and kept when its bytes are a PDF or an image
 * (the README's document policy). Forwarded messages and ZIP archives are opened from their temp files
 * after the parse, within the caps of `options.limits`. Content problems never reject: they end as skipped
 * parts or a refusal. The promise rejects only when `source` fails (a dropped connection) or the temp
 * directory cannot be written; temp files are then already removed.
 */
export async function readMailMessage(
  source: Readable | Buffer,
  options: ReadMessageOptions,
): Promise<ReadMessage> {
  const { maxMessageBytes } = options.limits;
  if (options.sizeBytes !== undefined && options.sizeBytes > maxMessageBytes) {
    return refused(
      metadataFromHeaders(null, null, null),
      tooLarge(options.sizeBytes, maxMessageBytes, 'is announced as'),
    );
  }
  const reading = new MessageReading(options);
  try {
    return await reading.read(source);
  } catch (error) {
    await reading.dispose();
    if (reading.sourceFailed || isFileSystemError(error)) throw error;
    // Anything else is the reader failing on this message's content: the message fails with the reason,
    // and the next one is read. Thrown, it would fail every poll of the mailbox from here on.
    return refused(metadataFromHeaders(null, null, null), {
      reason: 'malformed',
      detail: `the message could not be read: ${messageOf(error)}`,
    });
  }
}

class MessageReading {
  private readonly documents: MailDocument[] = [];
  private readonly skipped: SkippedPart[] = [];
  private readonly containers: StagedContainer[] = [];
  private readonly tempPaths = new Set<string>();
  private readonly seenDigests = new Set<string>();
  private readonly memory = new MemoryBudget(MEMORY_PART_BYTES, MEMORY_MESSAGE_BYTES);
  private ordinal = 0;
  private readonly options: ReadMessageOptions;
  /** Set when the message's source failed (a dropped connection): the read is then worth retrying. */
  sourceFailed = false;

  /** What the containers found in this message take their parts through. */
  private readonly host: ContainerHost;

  constructor(options: ReadMessageOptions) {
    this.options = options;
    this.host = {
      limits: options.limits,
      parse: (source, prefix, depth) => this.parse(source, prefix, depth, Number.POSITIVE_INFINITY),
      takeStream: (content, part) => this.takeStream(content, part),
      skip: (partPath, fileName, reason, detail) => this.skip(partPath, fileName, reason, detail),
    };
  }

  async read(source: Readable | Buffer): Promise<ReadMessage> {
    const { maxMessageBytes } = this.options.limits;
    const outcome = await this.parse(source, '', 0, maxMessageBytes);
    const metadata = metadataFromHeaders(outcome.headers, outcome.headerLines, outcome.bodyText);
    const { sha256 } = outcome;
    if (outcome.tooLarge) {
      await this.dispose();
      return { ...refused(metadata, tooLarge(outcome.seenBytes, maxMessageBytes, 'is')), sha256 };
    }
    if (outcome.error !== undefined) {
      await this.dispose();
      return { ...refused(metadata, parseRefusal(outcome.error)), sha256 };
    }
    const byType = refusalByMessageType(outcome.headers?.get('content-type'));
    if (byType !== undefined) {
      await this.dispose();
      return { ...refused(metadata, byType), sha256 };
    }
    // Opening a container may stage more containers (a ZIP inside a forwarded message): a queue, not a loop.
    for (let container = this.containers.shift(); container; container = this.containers.shift()) {
      try {
        await openContainer(container, this.host);
      } finally {
        await this.remove(container.path);
      }
    }
    return {
      metadata,
      documents: this.documents,
      skipped: this.skipped,
      refusal: null,
      sha256,
      dispose: () => this.dispose(),
    };
  }

  async dispose(): Promise<void> {
    const paths = [...this.tempPaths];
    this.tempPaths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }

  /** One pass of the MIME parser: attachments are taken as it reaches them, numbered under `prefix`. */
  private parse(
    source: Readable | Buffer,
    prefix: string,
    depth: number,
    maxBytes: number,
  ): Promise<MimeParse> {
    return parseMime(source, maxBytes, {
      text: (text, pending) =>
        text.includes('begin ') ? this.takeUuencoded(text, prefix, depth, pending) : text,
      attachment: (attachment) => this.takeAttachment(attachment, prefix, depth),
      sourceFailed: () => {
        this.sourceFailed = true;
      },
    });
  }

  private async takeAttachment(attachment: AttachmentStream, prefix: string, depth: number): Promise<void> {
    this.ordinal += 1;
    const partId = attachment.partId ?? '1';
    const partPath = prefix === '' ? partId : `${prefix}.${partId}`;
    const declaredName = attachment.filename ?? null;
    // mailparser types `content` as a bare Stream; it is its StreamHash, a Transform, so readable.
    const content = attachment.content as Readable;
    try {
      const declared = { contentType: attachment.contentType, fileName: declaredName };
      if (isDeclaredTnef(declared)) {
        const part = { partPath, declaredName, inline: false, insideZip: false, depth };
        await this.stageContainer(content, part, 'tnef');
        return;
      }
      const declaredSkip = skipByDeclaration(declared);
      if (declaredSkip !== undefined) {
        this.skip(partPath, declaredName, declaredSkip.reason, declaredSkip.detail);
        await drain(content);
        return;
      }
      if (attachment.contentType.toLowerCase() === FORWARDED_MIME) {
        await this.stageForwarded(content, {
          partPath,
          declaredName,
          inline: false,
          insideZip: false,
          depth,
        });
        return;
      }
      const inline = attachment.contentDisposition === 'inline' || attachment.related === true;
      const encoding = String(attachment.headers.get('content-transfer-encoding') ?? '').toLowerCase();
      const decoded = UUENCODE_ENCODINGS.has(encoding) ? content.pipe(uudecodeStream()) : content;
      if (decoded !== content) content.on('error', (error) => decoded.destroy(error));
      await this.takeStream(decoded, { partPath, declaredName, inline, insideZip: false, depth });
    } finally {
      attachment.release();
    }
  }

  private async stageForwarded(content: Readable, part: PartContext): Promise<void> {
    const { maxNestingDepth, maxAttachmentBytes } = this.options.limits;
    if (part.depth >= maxNestingDepth) {
      this.skip(
        part.partPath,
        part.declaredName,
        'too_deep',
        `forwarded more than ${maxNestingDepth} levels deep`,
      );
      await drain(content);
      return;
    }
    const staged = await this.stage(content, part, maxAttachmentBytes);
    if (staged === undefined) return;
    this.containers.push({
      kind: 'forwarded',
      partPath: part.partPath,
      fileName: part.declaredName,
      path: await this.fileOf(staged),
      depth: part.depth + 1,
    });
  }

  /** Stages a part to be opened once the parse is done (a TNEF wrapper declared as one). */
  private async stageContainer(content: Readable, part: PartContext, kind: 'tnef'): Promise<void> {
    const staged = await this.stage(content, part, this.options.limits.maxAttachmentBytes);
    if (staged === undefined) return;
    this.containers.push({
      kind,
      partPath: part.partPath,
      fileName: part.declaredName,
      path: await this.fileOf(staged),
      depth: part.depth,
    });
  }

  /** Stages a part, or records why it cannot be staged and returns undefined. */
  private async stage(
    content: NodeJS.ReadableStream,
    part: PartContext,
    maxBytes: number,
    budget?: MemoryBudget,
  ): Promise<Staged | undefined> {
    let staged: StagedPart;
    try {
      staged = await stagePart(content, this.options.tempDir, maxBytes, budget);
    } catch (error) {
      if (isFileSystemError(error)) throw error;
      this.skip(
        part.partPath,
        part.declaredName,
        'malformed',
        `the part cannot be decoded: ${messageOf(error)}`,
      );
      return undefined;
    }
    if (staged.kind === 'too_large') {
      this.skip(
        part.partPath,
        part.declaredName,
        'too_large',
        `the part is over ${maxBytes} bytes (the limit)`,
      );
      return undefined;
    }
    if (staged.path !== null) this.tempPaths.add(staged.path);
    return staged;
  }

  /** A container is opened from a file: one kept in memory is written out (small archives are rare). */
  private async fileOf(staged: Staged): Promise<string> {
    if (staged.path !== null) return staged.path;
    const path = join(this.options.tempDir, `part-${randomUUID()}`);
    this.tempPaths.add(path);
    await writeFile(path, staged.bytes ?? Buffer.alloc(0), { flag: 'wx' });
    this.release(staged);
    return path;
  }

  private release(staged: Staged): void {
    if (staged.bytes !== null) this.memory.give(staged.bytes.length);
  }

  /** Takes one part by its bytes; a part the reader fails on is skipped with the reason, not the message. */
  private async takeStream(content: NodeJS.ReadableStream, part: PartContext): Promise<void> {
    try {
      await this.takePart(content, part);
    } catch (error) {
      if (isFileSystemError(error)) throw error;
      this.skip(
        part.partPath,
        part.declaredName,
        'malformed',
        `the part cannot be read: ${messageOf(error)}`,
      );
    }
  }

  private async takePart(content: NodeJS.ReadableStream, part: PartContext): Promise<void> {
    const { limits } = this.options;
    const maxBytes = part.insideZip
      ? Math.min(limits.zip.maxEntryBytes, limits.maxAttachmentBytes)
      : limits.maxAttachmentBytes;
    const staged = await this.stage(content, part, maxBytes, this.memory);
    if (staged === undefined) return;
    const verdict = partVerdict(
      {
        type: await detectFileType(staged.head),
        head: staged.head,
        sizeBytes: staged.sizeBytes,
        sha256: staged.sha256,
        inline: part.inline,
        insideZip: part.insideZip,
      },
      limits,
      { digests: this.seenDigests, documents: this.documents.length },
    );
    if (verdict.kind === 'skip') {
      this.skip(part.partPath, part.declaredName, verdict.reason, verdict.detail);
      this.release(staged);
      if (staged.path !== null) await this.remove(staged.path);
      return;
    }
    if (verdict.kind === 'container') {
      this.containers.push({
        kind: verdict.container,
        partPath: part.partPath,
        fileName: part.declaredName,
        path: await this.fileOf(staged),
        depth: part.depth,
      });
      return;
    }
    this.seenDigests.add(staged.sha256);
    this.documents.push({
      partPath: part.partPath,
      fileName: safeFileName(part.declaredName, verdict.type.ext, this.documents.length + 1),
      contentType: verdict.type.mime,
      sizeBytes: staged.sizeBytes,
      sha256: staged.sha256,
      path: staged.path,
      bytes: staged.bytes,
    });
  }

  /**
   * Takes the files uuencoded in a text body (`begin 644 name`), numbered `uu1`, `uu2`, ... under the
   * message; returns the text without them, for the preview.
   */
  private takeUuencoded(text: string, prefix: string, depth: number, pending: Promise<void>[]): string {
    const { maxAttachmentBytes } = this.options.limits;
    const found = findUuencoded(text, maxAttachmentBytes);
    const partPathOf = (n: number): string => (prefix === '' ? `uu${n}` : `${prefix}.uu${n}`);
    found.files.forEach((file, index) => {
      const partPath = partPathOf(index + 1);
      if (file.bytes === null) {
        this.skip(
          partPath,
          file.name,
          'too_large',
          `the part is over ${maxAttachmentBytes} bytes (the limit)`,
        );
        return;
      }
      const part = { partPath, declaredName: file.name, inline: false, insideZip: false, depth };
      pending.push(this.takeStream(ReadableStream.from([file.bytes]), part));
    });
    return found.rest;
  }

  private skip(partPath: string, fileName: string | null, reason: string, detail: string): void {
    this.skipped.push({ partPath, fileName: safeReportedName(fileName), reason, detail });
  }

  private async remove(path: string): Promise<void> {
    this.tempPaths.delete(path);
    await rm(path, { force: true });
  }
}

type Staged = Extract<StagedPart, { kind: 'staged' }>;

/** The bytes of a document as a stream, from memory or from its temp file. */
export function documentStream(document: MailDocument): Readable {
  if (document.bytes !== null) return ReadableStream.from([document.bytes]);
  return createReadStream(document.path ?? '');
}

function refused(metadata: MailMetadata, refusal: MessageRefusal): ReadMessage {
  return { metadata, documents: [], skipped: [], refusal, dispose: async () => {} };
}

function tooLarge(sizeBytes: number, maxBytes: number, verb: string): MessageRefusal {
  return {
    reason: 'too_large',
    detail: `the message ${verb} ${sizeBytes} bytes; the largest accepted is ${maxBytes} bytes`,
  };
}

/** Reads and drops a part the parser waits on; a part cut short by a parser failure is dropped all the same. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // dropped
    }
  } catch {
    // the part is skipped either way
  }
}

function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
