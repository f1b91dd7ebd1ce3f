/**
 * yEnc, the Usenet encoding some old posting tools still paste into mail: a `=ybegin ... name=<name>` line,
 * lines of bytes shifted by 42 (`=` escapes a critical byte, shifted 64 more), a `=yend size=<n>
 * crc32=<hex>` line. The text reaches the reader decoded by its charset (a Latin-1 body byte for byte, see
 * `document-mail-parser.ts`); in a charset that does not map every byte, the CRC-32 says the file was lost.
 */
import { crc32 } from 'node:zlib';

export interface YEncodedFile {
  readonly name: string;
  /** Null when the file decodes past the cap, or does not match its size or CRC-32. */
  readonly bytes: Buffer | null;
  /** Why `bytes` is null: `too_large`, or `malformed` with what did not match. */
  readonly problem?: { readonly reason: 'too_large' | 'malformed'; readonly detail: string };
}

const BEGIN_LINE = /^=ybegin (.*)$/;
const END_LINE = /^=yend(?: (.*))?$/;
const PART_LINE = /^=ypart /;
// Past this many files the rest of the body is not searched (as for uuencode): text is read whole.
export const MAX_YENCODED_FILES = 20;

/** The files yEnc-encoded in `text`, in order, and the text without them. */
export function findYEncoded(text: string, maxBytes: number): { files: YEncodedFile[]; rest: string } {
  const files: YEncodedFile[] = [];
  const rest: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const begin = BEGIN_LINE.exec(lines[index] ?? '');
    if (begin === null || files.length >= MAX_YENCODED_FILES) {
      rest.push(lines[index] ?? '');
      continue;
    }
    const name = /(?:^| )name=(.*)$/.exec(begin[1] ?? '')?.[1]?.trim() ?? '';
    const chunks: Buffer[] = [];
    let size = 0;
    let end: string | undefined;
    for (index += 1; index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      const ended = END_LINE.exec(line);
      if (ended !== null) {
        end = ended[1] ?? '';
        break;
      }
      if (PART_LINE.test(line) || size > maxBytes) continue;
      const bytes = decodeLine(line);
      size += bytes.length;
      chunks.push(bytes);
    }
    files.push(checked(name, size > maxBytes ? null : Buffer.concat(chunks, size), end, maxBytes));
  }
  return { files, rest: rest.join('\n') };
}

function checked(
  name: string,
  bytes: Buffer | null,
  end: string | undefined,
  maxBytes: number,
): YEncodedFile {
  if (bytes === null) {
    const detail = `the part is over ${maxBytes} bytes (the limit)`;
    return { name, bytes: null, problem: { reason: 'too_large', detail } };
  }
  const malformed = (detail: string): YEncodedFile => ({
    name,
    bytes: null,
    problem: { reason: 'malformed', detail },
  });
  if (end === undefined) return malformed('the yEnc data has no =yend line: the file is cut short');
  const size = /(?:^| )size=(\d+)/.exec(end)?.[1];
  if (size !== undefined && Number(size) !== bytes.length) {
    return malformed(`the yEnc data decodes to ${bytes.length} bytes, not the ${size} it announces`);
  }
  // A multi-part post carries the part's CRC as pcrc32: the parts of one file are never all in one mail.
  const crc = /(?:^| )p?crc32=([0-9a-fA-F]{1,8})/.exec(end)?.[1];
  if (crc !== undefined && Number.parseInt(crc, 16) !== crc32(bytes)) {
    return malformed(
      'the yEnc data does not match its CRC-32: it was damaged, or its text was in a charset that changed bytes',
    );
  }
  return { name, bytes };
}

function decodeLine(line: string): Buffer {
  const out = Buffer.alloc(line.length);
  let length = 0;
  for (let at = 0; at < line.length; at += 1) {
    let code = line.charCodeAt(at);
    if (code === 0x3d && at + 1 < line.length) {
      at += 1;
      code = line.charCodeAt(at) - 64;
    }
    // A character past Latin-1 is not a byte the encoder wrote: the CRC-32 will say so.
    out[length] = (code - 42) & 0xff;
    length += 1;
  }
  return out.subarray(0, length);
}
