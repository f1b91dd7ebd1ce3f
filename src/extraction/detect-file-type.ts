import { fileTypeFromBuffer } from 'file-type';

export interface DetectedFileType {
  mime: string;
  ext: string;
}

// The PDF spec lets a header follow up to 1 KB of junk (mail gateways and old scanners prepend some);
// file-type only looks at offset 0.
const PDF_HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

const PDF_TYPE: DetectedFileType = { mime: 'application/pdf', ext: 'pdf' };

/** The file's type from its magic bytes; a file name or declared content type is never trusted. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFileType | undefined> {
  // Most documents are PDFs: told at once, before file-type tries some forty formats in turn (each
  // check allocates; ~5 us and 7 KB a document, twice per mailed document: reader and admission).
  if (startsWith(bytes, PDF_HEADER)) return { ...PDF_TYPE };
  const detected = await fileTypeFromBuffer(bytes);
  if (detected !== undefined) return { mime: detected.mime, ext: detected.ext };
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.byteLength, PDF_HEADER_SEARCH_BYTES),
  );
  if (head.includes(PDF_HEADER)) return { ...PDF_TYPE };
  return undefined;
}

const startsWith = (bytes: Uint8Array, prefix: Uint8Array): boolean =>
  bytes.byteLength >= prefix.byteLength && prefix.every((byte, index) => bytes[index] === byte);

export const isPdfType = (type: DetectedFileType | undefined): boolean => type?.mime === 'application/pdf';
export const isImageType = (type: DetectedFileType | undefined): boolean =>
  type?.mime.startsWith('image/') ?? false;

const OCR_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/tiff']);
/** Images the extraction reads with OCR. */
export const isOcrImageType = (type: DetectedFileType | undefined): boolean =>
  type !== undefined && OCR_IMAGE_TYPES.has(type.mime);
