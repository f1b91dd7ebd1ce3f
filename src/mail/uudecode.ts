/**
 * uuencode, as old mailers still send files: a `begin <mode> <name>` line, lines led by a length character,
 * a backquote line and `end`; pasted into a text body, or as a part with `Content-Transfer-Encoding:
 * x-uuencode`. Decoding is lenient, as for base64: a bad line is skipped, a missing `end` ends the file.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** A file found in a text body; `bytes` is null when it decodes past the cap. */
export interface UuencodedFile {
  readonly name: string;
  readonly bytes: Buffer | null;
}

// `begin 644 name`: the mode is octal, three or four digits; the name is the rest of the line.
const BEGIN_LINE = /^begin(?:-base64)? +[0-7]{3,4} +(.+?)\s*$/;
const END_LINE = /^end\s*$/;

/** Text bodies are read whole by the parser; past this many files the rest of the body is not searched. */
export const MAX_UUENCODED_FILES = 20;

/** The files uuencoded in `text`, in order, and the text without them (for a preview a person reads). */
export function findUuencoded(text: string, maxBytes: number): { files: UuencodedFile[]; rest: string } {
  const files: UuencodedFile[] = [];
  const rest: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const begin = BEGIN_LINE.exec(lines[index] ?? '');
    if (begin === null || files.length >= MAX_UUENCODED_FILES) {
      rest.push(lines[index] ?? '');
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for (index += 1; index < lines.length && !END_LINE.test(lines[index] ?? ''); index += 1) {
      if (size > maxBytes) continue;
      const bytes = decodeLine(lines[index] ?? '');
      size += bytes.length;
      chunks.push(bytes);
    }
    files.push({ name: begin[1] ?? '', bytes: size > maxBytes ? null : Buffer.concat(chunks, size) });
  }
  return { files, rest: rest.join('\n') };
}

/**
 * Decodes a uuencoded part as it streams: lines before `begin` and from `end` on are dropped, so a part
 * written with or without the `begin` line decodes the same.
 */
export function uudecodeStream(): Transform {
  let pending = '';
  let state: 'before' | 'inside' | 'after' = 'before';
  const take = (line: string, out: Transform): void => {
    if (state === 'after') return;
    if (state === 'before') {
      if (BEGIN_LINE.test(line)) {
        state = 'inside';
        return;
      }
      if (line.trim() === '') return;
      // No `begin` line: the part is the encoded lines alone.
      state = 'inside';
    }
    if (END_LINE.test(line)) {
      state = 'after';
      return;
    }
    const bytes = decodeLine(line);
    if (bytes.length > 0) out.push(bytes);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += chunk.toString('latin1');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) take(line.replace(/\r$/, ''), this);
      // A line longer than any uuencode line is junk; keep memory bounded.
      if (pending.length > MAX_LINE_CHARACTERS) pending = '';
      callback();
    },
    flush(callback: TransformCallback) {
      if (pending !== '') take(pending.replace(/\r$/, ''), this);
      callback();
    },
  });
}

/** uuencode lines carry at most 63 bytes in 84 characters; anything longer is not one. */
const MAX_LINE_CHARACTERS = 1024;

/** One line: its first character says how many bytes it holds; each four characters are three bytes. */
function decodeLine(line: string): Buffer {
  if (line === '') return Buffer.alloc(0);
  const length = (line.charCodeAt(0) - 32) & 63;
  if (length === 0) return Buffer.alloc(0);
  const out = Buffer.alloc(Math.ceil(length / 3) * 3);
  const value = (at: number): number => ((line.charCodeAt(at) || 32) - 32) & 63;
  let written = 0;
  for (let at = 1; written < length && at < line.length; at += 4) {
    const [a, b, c, d] = [value(at), value(at + 1), value(at + 2), value(at + 3)];
    out[written] = (a << 2) | (b >> 4);
    out[written + 1] = ((b & 15) << 4) | (c >> 2);
    out[written + 2] = ((c & 3) << 6) | d;
    written += 3;
  }
  return out.subarray(0, Math.min(length, written));
}
