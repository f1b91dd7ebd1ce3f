/**
 * Outlook's TNEF wrapper (winmail.dat, application/ms-tnef): when Outlook sends rich text, the files the
 * sender attached travel inside it, and a reader that skips it loses them. This finds those files: a
 * TNEF stream is a signature, a key, then attributes (level, id, length, data, checksum); each file
 * starts with `attAttachRendData`, is named by `attAttachTitle` (the 8.3 name) or better by the long name in
 * its `attAttachment` properties, and carried by `attAttachData`.
 */

import { longFileName } from './tnef-mapi.ts';

const TNEF_SIGNATURE = 0x223e9f78;
const ATT_ATTACH_REND_DATA = 0x00069002;
const ATT_ATTACH_TITLE = 0x00018010;
const ATT_ATTACH_DATA = 0x0006800f;
// The file's MAPI properties, where its long name is (`tnef-mapi.ts`).
const ATT_ATTACHMENT = 0x00069005;
const LEVEL_ATTACHMENT = 2;
// Signature (4) and key (2); each attribute is level (1), id (4), length (4), data, checksum (2).
const HEADER_BYTES = 6;
const ATTRIBUTE_OVERHEAD = 11;

/** Files past this many are not looked at: a TNEF of a real message holds a handful. */
export const MAX_TNEF_FILES = 50;

export interface TnefFile {
  readonly name: string | null;
  readonly bytes: Buffer;
}

/** Whether `head` starts like a TNEF stream. */
export const isTnef = (head: Buffer): boolean => head.length >= 4 && head.readUInt32LE(0) === TNEF_SIGNATURE;

/**
 * The files in a TNEF stream, in order. A stream cut short or with a bad length ends the list there: what
 * was found before is kept, as for a MIME message missing its closing boundary.
 */
export function tnefFiles(stream: Buffer): TnefFile[] {
  if (!isTnef(stream)) return [];
  const files: Array<{ name: string | null; longName?: string | null; bytes: Buffer | null }> = [];
  let at = HEADER_BYTES;
  while (at + ATTRIBUTE_OVERHEAD <= stream.length && files.length <= MAX_TNEF_FILES) {
    const level = stream.readUInt8(at);
    const id = stream.readUInt32LE(at + 1);
    const length = stream.readUInt32LE(at + 5);
    const start = at + 9;
    if (start + length + 2 > stream.length) break;
    const data = stream.subarray(start, start + length);
    at = start + length + 2;
    if (level !== LEVEL_ATTACHMENT) continue;
    if (id === ATT_ATTACH_REND_DATA) files.push({ name: null, bytes: null });
    const current = files.at(-1);
    if (current === undefined) continue;
    if (id === ATT_ATTACH_TITLE) current.name = nameOf(data);
    if (id === ATT_ATTACH_DATA) current.bytes = data;
    if (id === ATT_ATTACHMENT) current.longName = longFileName(data);
  }
  return files
    .slice(0, MAX_TNEF_FILES)
    .flatMap((file) =>
      file.bytes === null ? [] : [{ name: file.longName ?? file.name, bytes: file.bytes }],
    );
}

/** attAttachTitle is an 8-bit string ending in NUL, in the sender's code page: Latin-1 is the usual one. */
function nameOf(data: Buffer): string | null {
  const end = data.indexOf(0);
  const name = data.toString('latin1', 0, end === -1 ? data.length : end).trim();
  return name === '' ? null : name;
}
