import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { AttachmentStream } from 'mailparser';
import { detectFileType } from '../extraction/detect-file-type.ts';
import { parseRefusal, withWindows1252 } from './document-mail-parser.ts';
import {
  type ContainerHost,
  openContainer,
  type PartContext,
  type StagedContainer,
} from './mail-containers.ts';
import { metadataFromHeaders } from './mail-metadata.ts';
import {
  declaredContainer,
  isForwardedType,
  isReportType,
  RETURNED_ORIGINAL,
  refusalByMessageType,
  skipByDeclaration,
} from './mail-part-policy.ts';
import { type MimeParse, parseMime } from './mime-parse.ts';
import { PartFiles, type Staged } from './part-files.ts';
import { partVerdict } from './part-verdict.ts';
import { drain, isFileSystemError, messageOf, refused, tooLarge } from './read-outcome.ts';
import { fileNameInDescription, safeFileName, safeReportedName } from './safe-file-name.ts';
import type { MemoryBudget } from './stage-part.ts';
import { filesInText, mayHoldFiles } from './text-files.ts';
import type { MailDocument, ReadMessage, ReadMessageOptions, SkippedPart } from './types.ts';
import { decodeBase64, isUndeclaredBase64 } from './undeclared-base64.ts';
import { uudecodeStream } from './uudecode.ts';

export { documentStream } from './read-outcome.ts';

// The part encodings mailparser leaves undecoded that are uuencode.
const UUENCODE_ENCODINGS: ReadonlySet<string> = new Set(['x-uuencode', 'uuencode', 'x-uue', 'uue']);

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
  private readonly seenDigests = new Set<string>();
  private ordinal = 0;
  private readonly options: ReadMessageOptions;
  private readonly files: PartFiles;
  /** Set when the message's source failed (a dropped connection): the read is then worth retrying. */
  sourceFailed = false;

  /** What the containers found in this message take their parts through. */
  private readonly host: ContainerHost;

  constructor(options: ReadMessageOptions) {
    this.options = options;
    this.files = new PartFiles(options.tempDir);
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
    const refusal = outcome.tooLarge
      ? tooLarge(outcome.seenBytes, maxMessageBytes, 'is')
      : outcome.error !== undefined
        ? parseRefusal(outcome.error)
        : refusalByMessageType(outcome.headers?.get('content-type'));
    if (refusal !== undefined) {
      await this.dispose();
      return { ...refused(metadata, refusal), sha256 };
    }
    let signedText: string | null = null;
    // Opening a container may stage more containers (a ZIP inside a forwarded message): a queue, not a loop.
    for (let container = this.containers.shift(); container; container = this.containers.shift()) {
      try {
        const text = await openContainer(container, this.host);
        // A message signed in opaque form has its text inside its S/MIME body: the preview is read there.
        if (container.kind === 'pkcs7' && container.depth === 1) signedText ??= text;
      } finally {
        await this.files.remove(container.path);
      }
    }
    return {
      metadata:
        outcome.bodyText === null && signedText !== null
          ? metadataFromHeaders(outcome.headers, outcome.headerLines, signedText)
          : metadata,
      documents: this.documents,
      skipped: this.skipped,
      refusal: null,
      sha256,
      dispose: () => this.dispose(),
    };
  }

  dispose(): Promise<void> {
    return this.files.dispose();
  }

  /** One pass of the MIME parser: attachments are taken as it reaches them, numbered under `prefix`. */
  private parse(
    source: Readable | Buffer,
    prefix: string,
    depth: number,
    maxBytes: number,
  ): Promise<MimeParse> {
    // The headers of the message (or forwarded message) come before its parts: a delivery report's
    // returned original is known for what it is when the parser reaches it.
    const pass = { report: false };
    return parseMime(source, maxBytes, {
      headers: (headers) => {
        pass.report = isReportType(headers.get('content-type'));
      },
      text: (text, pending) =>
        withWindows1252(mayHoldFiles(text) ? this.takeTextFiles(text, prefix, depth, pending) : text),
      attachment: (attachment) => this.takeAttachment(attachment, prefix, depth, pass.report),
      sourceFailed: () => {
        this.sourceFailed = true;
      },
    });
  }

  private async takeAttachment(
    attachment: AttachmentStream,
    prefix: string,
    depth: number,
    inReport: boolean,
  ): Promise<void> {
    this.ordinal += 1;
    const partId = attachment.partId ?? '1';
    const partPath = prefix === '' ? partId : `${prefix}.${partId}`;
    const declaredName =
      attachment.filename ?? fileNameInDescription(attachment.headers.get('content-description'));
    // mailparser types `content` as a bare Stream; it is its StreamHash, a Transform, so readable.
    const content = attachment.content as Readable;
    try {
      const declared = { contentType: attachment.contentType, fileName: declaredName };
      const part = { partPath, declaredName, inline: false, insideZip: false, depth };
      const container = declaredContainer(declared);
      if (container !== undefined) {
        await this.stageContainer(content, part, container);
        return;
      }
      const declaredSkip =
        inReport && isForwardedType(attachment.contentType) ? RETURNED_ORIGINAL : skipByDeclaration(declared);
      if (declaredSkip !== undefined) {
        this.skip(partPath, declaredName, declaredSkip.reason, declaredSkip.detail);
        await drain(content);
        return;
      }
      if (isForwardedType(attachment.contentType)) {
        await this.stageForwarded(content, part);
        return;
      }
      const inline = attachment.contentDisposition === 'inline' || attachment.related === true;
      const encoding = String(attachment.headers.get('content-transfer-encoding') ?? '')
        .trim()
        .toLowerCase();
      const decoded = UUENCODE_ENCODINGS.has(encoding) ? content.pipe(uudecodeStream()) : content;
      if (decoded !== content) content.on('error', (error) => decoded.destroy(error));
      await this.takeStream(decoded, { ...part, inline });
    } finally {
      attachment.release();
    }
  }

  private async stageForwarded(content: Readable, part: PartContext): Promise<void> {
    if (this.tooDeep(part)) {
      await drain(content);
      return;
    }
    const staged = await this.stage(content, part, this.options.limits.maxAttachmentBytes);
    if (staged === undefined) return;
    await this.openLater('forwarded', staged, part);
  }

  /** Whether a forwarded message at `part` is past maxNestingDepth: then it is skipped with the reason. */
  private tooDeep(part: PartContext): boolean {
    const { maxNestingDepth } = this.options.limits;
    if (part.depth < maxNestingDepth) return false;
    const detail = `forwarded more than ${maxNestingDepth} levels deep`;
    this.skip(part.partPath, part.declaredName, 'too_deep', detail);
    return true;
  }

  /** Queues a staged part to be opened once the parse is done; a forwarded message is one level deeper. */
  private async openLater(kind: StagedContainer['kind'], staged: Staged, part: PartContext): Promise<void> {
    this.containers.push({
      kind,
      partPath: part.partPath,
      fileName: part.declaredName,
      path: await this.files.fileOf(staged),
      // A forwarded message, or the entity signed inside an S/MIME body, is one level deeper.
      depth: kind === 'forwarded' || kind === 'pkcs7' ? part.depth + 1 : part.depth,
    });
  }

  /** Stages a part to be opened once the parse is done (a TNEF wrapper or S/MIME body declared as one). */
  private async stageContainer(content: Readable, part: PartContext, kind: 'tnef' | 'pkcs7'): Promise<void> {
    if (kind === 'pkcs7' && this.tooDeep(part)) return drain(content);
    const staged = await this.stage(content, part, this.options.limits.maxAttachmentBytes);
    if (staged === undefined) return;
    await this.openLater(kind, staged, part);
  }

  /** Stages a part, or records why it cannot be staged and returns undefined. */
  private async stage(
    content: NodeJS.ReadableStream,
    part: PartContext,
    maxBytes: number,
    budget?: MemoryBudget,
  ): Promise<Staged | undefined> {
    const staged = await this.files.stage(content, maxBytes, budget);
    if (staged.kind === 'staged') return staged;
    this.skip(part.partPath, part.declaredName, staged.reason, staged.detail);
    return undefined;
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
    const staged = await this.stage(content, part, maxBytes, this.files.memory);
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
    if (verdict.kind === 'skip' && verdict.reason === 'unsupported_type' && !part.decodedBase64) {
      if (isUndeclaredBase64(staged.head)) {
        const bytes = staged.bytes ?? (await readFile(staged.path ?? ''));
        await this.files.discard(staged);
        await this.takePart(Readable.from([decodeBase64(bytes)]), { ...part, decodedBase64: true });
        return;
      }
    }
    if (verdict.kind === 'skip') {
      this.skip(part.partPath, part.declaredName, verdict.reason, verdict.detail);
      await this.files.discard(staged);
      return;
    }
    if (verdict.kind === 'container') {
      if ((verdict.container === 'forwarded' || verdict.container === 'pkcs7') && this.tooDeep(part)) {
        await this.files.discard(staged);
        return;
      }
      await this.openLater(verdict.container, staged, part);
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
   * Takes the files uuencoded or yEnc-encoded in a text body, numbered `uu1`, `yenc1`, ... under the
   * message; returns the text without them, for the preview.
   */
  private takeTextFiles(text: string, prefix: string, depth: number, pending: Promise<void>[]): string {
    const found = filesInText(text, this.options.limits.maxAttachmentBytes);
    for (const file of found.files) {
      const partPath = prefix === '' ? file.id : `${prefix}.${file.id}`;
      if (file.bytes === null) {
        const problem = file.problem ?? { reason: 'malformed', detail: 'the file cannot be decoded' };
        this.skip(partPath, file.name, problem.reason, problem.detail);
        continue;
      }
      const part = { partPath, declaredName: file.name, inline: false, insideZip: false, depth };
      pending.push(this.takeStream(Readable.from([file.bytes]), part));
    }
    return found.rest;
  }

  private skip(partPath: string, fileName: string | null, reason: string, detail: string): void {
    this.skipped.push({ partPath, fileName: safeReportedName(fileName), reason, detail });
  }
}
