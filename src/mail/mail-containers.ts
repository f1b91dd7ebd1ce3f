import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ENCRYPTED } from './mail-part-policy.ts';
import type { MimeParse } from './mime-parse.ts';
import { pkcs7Content } from './pkcs7.ts';
import { tnefFiles } from './tnef.ts';
import type { MailLimits } from './types.ts';
import { listZip, openZipEntry } from './zip-entries.ts';

/**
 * A part kept in a temp file to be opened after the parse that found it: an archive, a forwarded message,
 * Outlook's TNEF wrapper, an S/MIME body.
 */
export interface StagedContainer {
  readonly kind: 'zip' | 'forwarded' | 'tnef' | 'pkcs7';
  readonly partPath: string;
  readonly fileName: string | null;
  readonly path: string;
  /** How many forwarded messages enclose it. */
  readonly depth: number;
}

/** Where a part sits in the message and how it arrived. */
export interface PartContext {
  readonly partPath: string;
  readonly declaredName: string | null;
  readonly inline: boolean;
  readonly insideZip: boolean;
  readonly depth: number;
  /** The bytes are the decoding of base64 the part's headers did not declare: not decoded again. */
  readonly decodedBase64?: boolean;
}

/** What opening a container needs of the message being read (`read-message.ts`). */
export interface ContainerHost {
  readonly limits: MailLimits;
  /** One more pass of the MIME parser over a forwarded message; its parts join the message's. */
  parse(source: Readable, prefix: string, depth: number): Promise<MimeParse>;
  /** Takes one part by its bytes, as an attachment of the message is taken. */
  takeStream(content: NodeJS.ReadableStream, part: PartContext): Promise<void>;
  skip(partPath: string, fileName: string | null, reason: string, detail: string): void;
}

/**
 * Opens a container from its temp file and takes what it holds; the caller removes the file. Resolves to
 * the text body of the entity signed inside an S/MIME body, null for any other container.
 */
export async function openContainer(container: StagedContainer, host: ContainerHost): Promise<string | null> {
  if (container.kind === 'pkcs7') return openPkcs7(container, host);
  if (container.kind === 'zip') await expandZip(container, host);
  else if (container.kind === 'tnef') await expandTnef(container, host);
  else await readForwarded(container, host);
  return null;
}

/**
 * Reads the entity signed inside an S/MIME body (opaque signed data) as a forwarded message; enveloped data
 * is skipped as encrypted. The body is read whole, as a TNEF wrapper is: it was staged within
 * maxAttachmentBytes, and the entity is parsed from views of it, not a copy.
 */
async function openPkcs7(container: StagedContainer, host: ContainerHost): Promise<string | null> {
  const found = pkcs7Content(await readFile(container.path));
  if (found.kind === 'malformed') {
    const detail = `the S/MIME body cannot be read: ${found.detail}`;
    host.skip(container.partPath, container.fileName, 'malformed', detail);
    return null;
  }
  if (found.kind === 'opaque') {
    host.skip(container.partPath, container.fileName, ENCRYPTED.reason, ENCRYPTED.detail);
    return null;
  }
  if (found.kind === 'no_content') {
    const detail = 'an S/MIME signature or certificates, with no signed content inside';
    host.skip(container.partPath, container.fileName, 'signature', detail);
    return null;
  }
  if (!startsWithField(found.content)) {
    // A signed file, not a MIME entity (`contratto.pdf.p7m`, an e-invoice's `.xml.p7m`): its bytes decide.
    await host.takeStream(Readable.from(found.content), {
      partPath: `${container.partPath}/signed`,
      declaredName: withoutP7m(container.fileName),
      inline: false,
      insideZip: false,
      depth: container.depth,
    });
    return null;
  }
  const outcome = await host.parse(Readable.from(found.content), container.partPath, container.depth);
  if (outcome.error !== undefined) {
    const detail = `the signed content cannot be parsed: ${outcome.error.message}`;
    host.skip(container.partPath, container.fileName, 'malformed', detail);
  }
  return outcome.bodyText;
}

/** Reads a forwarded message from its temp file (capped at maxAttachmentBytes when it was staged). */
async function readForwarded(container: StagedContainer, host: ContainerHost): Promise<void> {
  const outcome = await host.parse(createReadStream(container.path), container.partPath, container.depth);
  if (outcome.error !== undefined) {
    const detail = `the forwarded message cannot be parsed: ${outcome.error.message}`;
    host.skip(container.partPath, container.fileName, 'malformed', detail);
  }
}

/**
 * Takes the files inside a TNEF wrapper, numbered `<part>/tnef1`, `<part>/tnef2`, ... It is read whole:
 * it was staged within maxAttachmentBytes.
 */
async function expandTnef(container: StagedContainer, host: ContainerHost): Promise<void> {
  const files = tnefFiles(await readFile(container.path));
  if (files.length === 0) {
    const detail = 'an Outlook TNEF wrapper (winmail.dat) that holds no file';
    host.skip(container.partPath, container.fileName, 'tnef', detail);
    return;
  }
  for (const [index, file] of files.entries()) {
    await host.takeStream(Readable.from([file.bytes]), {
      partPath: `${container.partPath}/tnef${index + 1}`,
      declaredName: file.name,
      inline: false,
      // Like a ZIP entry: an archive inside is not opened.
      insideZip: true,
      depth: container.depth,
    });
  }
}

// A MIME entity starts with a header field; a signed PDF or XML file does not.
const FIELD_START = /^[!-9;-~]+:/;

function startsWithField(chunks: readonly Buffer[]): boolean {
  // Chunks may be a byte each (BER lets a writer cut the content anywhere): a few are joined to look.
  const head: Buffer[] = [];
  let bytes = 0;
  for (const chunk of chunks) {
    if (bytes >= 80) break;
    head.push(chunk.subarray(0, 80));
    bytes += Math.min(chunk.length, 80);
  }
  return FIELD_START.test(Buffer.concat(head).toString('latin1'));
}

/** The name of the file signed in `contratto.pdf.p7m`; null when only `smime.p7m`-like names are left. */
function withoutP7m(name: string | null): string | null {
  if (name === null || !/\.p7m$/i.test(name)) return null;
  const inner = name.slice(0, -4);
  return inner.includes('.') ? inner : null;
}

/** Takes each entry of a ZIP archive within the caps of `limits.zip`, numbered `<part>/<entry name>`. */
async function expandZip(container: StagedContainer, host: ContainerHost): Promise<void> {
  const listing = await listZip(container.path, host.limits.zip);
  if (listing.kind === 'refused') {
    host.skip(container.partPath, container.fileName, listing.reason, listing.detail);
    return;
  }
  // A ZIP may hold two entries of one name: the second is `<part>/<name>#2`, so part paths stay unique.
  const seen = new Map<string, number>();
  try {
    for (const { entry, name } of listing.entries) {
      const occurrence = (seen.get(name) ?? 0) + 1;
      seen.set(name, occurrence);
      const partPath = `${container.partPath}/${name}${occurrence === 1 ? '' : `#${occurrence}`}`;
      if (entry.isEncrypted()) {
        host.skip(partPath, name, 'encrypted', 'the archive entry is password-protected');
        continue;
      }
      let stream: Readable;
      try {
        stream = await openZipEntry(listing.zip, entry);
      } catch (error) {
        const detail = `the entry cannot be read: ${error instanceof Error ? error.message : String(error)}`;
        host.skip(partPath, name, 'malformed', detail);
        continue;
      }
      await host.takeStream(stream, {
        partPath,
        declaredName: name,
        inline: false,
        insideZip: true,
        depth: container.depth,
      });
    }
  } finally {
    listing.zip.close();
  }
}
