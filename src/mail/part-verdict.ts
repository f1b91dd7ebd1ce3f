import { ACCEPTED_CONTENT_TYPES } from '../domain/content-policy.ts';
import type { DetectedFileType } from '../extraction/detect-file-type.ts';
import { declaredSize, type ImageSize, MAX_IMAGE_PIXELS } from './image-pixels.ts';
import { looksLikeMessage } from './looks-like-message.ts';
import { skipUnopenedArchive } from './mail-part-policy.ts';
import { isPkcs7Signed } from './pkcs7.ts';
import { isTnef } from './tnef.ts';
import type { MailLimits } from './types.ts';

const ZIP_MIME = 'application/zip';

/** What the reader does with a part, by its bytes (the README's document policy). */
export type PartVerdict =
  | { readonly kind: 'document'; readonly type: DetectedFileType }
  /** Opened once the parse is done: its entries or files are parts of their own. */
  | { readonly kind: 'container'; readonly container: 'zip' | 'tnef' | 'forwarded' | 'pkcs7' }
  | { readonly kind: 'skip'; readonly reason: string; readonly detail: string };

export interface PartFacts {
  /** Detected from the first bytes; undefined when no known format. */
  readonly type: DetectedFileType | undefined;
  readonly head: Buffer;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly inline: boolean;
  /** An entry of a ZIP or a file of a TNEF wrapper: an archive inside it is not opened. */
  readonly insideZip: boolean;
}

/** What the message yielded so far: the same bytes are kept once, and at most `maxDocuments` of them. */
export interface MessageSoFar {
  readonly digests: ReadonlySet<string>;
  readonly documents: number;
}

/** The verdict on one staged part, the checks in the order the README gives them. */
export function partVerdict(part: PartFacts, limits: MailLimits, soFar: MessageSoFar): PartVerdict {
  const { type } = part;
  if (part.sizeBytes === 0) return skip('empty', 'the part is empty');
  if (type?.mime === ZIP_MIME) {
    return part.insideZip
      ? skip('nested_zip', 'an archive inside an archive is not expanded')
      : { kind: 'container', container: 'zip' };
  }
  if (type === undefined && isTnef(part.head) && !part.insideZip)
    return { kind: 'container', container: 'tnef' };
  // An S/MIME signed body sent under a type and name that say nothing: the entity signed in it is read.
  if (type === undefined && !part.insideZip && isPkcs7Signed(part.head)) {
    return { kind: 'container', container: 'pkcs7' };
  }
  // A saved message sent under a type and name that say nothing (octet-stream, no .eml): read as forwarded.
  if (type === undefined && !part.insideZip && looksLikeMessage(part.head)) {
    return { kind: 'container', container: 'forwarded' };
  }
  const archive = type === undefined ? undefined : skipUnopenedArchive(type.mime);
  if (archive !== undefined) return skip(archive.reason, archive.detail);
  if (type === undefined || !ACCEPTED_CONTENT_TYPES.has(type.mime)) {
    return skip(
      'unsupported_type',
      `the content is ${describe(type)}, not a PDF or a PNG, JPEG or TIFF image`,
    );
  }
  const size = declaredSize(type.mime, part.head);
  const pixels = size === undefined ? undefined : size.width * size.height;
  if (pixels !== undefined && pixels > MAX_IMAGE_PIXELS) {
    return skip(
      'too_many_pixels',
      `the image declares ${pixels} pixels; the most an image may have is ${MAX_IMAGE_PIXELS}`,
    );
  }
  if (part.inline && type.mime.startsWith('image/') && part.sizeBytes < limits.minInlineImageBytes) {
    return skip('logo', `an inline image of ${part.sizeBytes} bytes, taken for a logo or signature art`);
  }
  if (part.inline && size !== undefined && isBanner(size)) {
    const detail = `an inline image of ${size.width} x ${size.height} pixels, taken for a signature banner`;
    return skip('logo', detail);
  }
  if (soFar.digests.has(part.sha256)) {
    return skip('duplicate', 'the same bytes are attached earlier in the message');
  }
  if (soFar.documents >= limits.maxDocuments) {
    return skip('too_many_documents', `the message already yielded ${limits.maxDocuments} documents`);
  }
  return { kind: 'document', type };
}

const skip = (reason: string, detail: string): PartVerdict => ({ kind: 'skip', reason, detail });

// A signature banner (a company's name and slogan, a certification strip) is several times wider than
// tall and a few lines of text high, and weighs tens of KB, past the logo cap in bytes. A page pasted
// inline, or a screenshot of a table whose rows OCR can read, is taller than this.
const BANNER_MIN_ASPECT = 3;
const BANNER_MAX_HEIGHT = 200;

const isBanner = (size: ImageSize): boolean =>
  size.height < BANNER_MAX_HEIGHT && size.width >= BANNER_MIN_ASPECT * size.height;

function describe(type: DetectedFileType | undefined): string {
  if (type === undefined) return 'an unrecognised format';
  // HEIC, WebP, GIF, BMP: images the service does not read; said so, not "not an image".
  if (type.mime.startsWith('image/')) return `a ${type.ext.toUpperCase()} image (${type.mime})`;
  return `${type.mime} (.${type.ext})`;
}
