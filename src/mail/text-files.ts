/**
 * Files pasted into a text body by old tools: uuencode (`begin 644 name`) and yEnc (`=ybegin`). Each is
 * numbered under the message (`uu1`, `yenc1`, ...) and taken like an attachment.
 */
import { findUuencoded } from './uudecode.ts';
import { findYEncoded } from './yenc.ts';

export interface TextFile {
  /** `uu<n>` or `yenc<n>`: the part path under the message or forwarded message. */
  readonly id: string;
  readonly name: string;
  readonly bytes: Buffer | null;
  /** Why `bytes` is null. */
  readonly problem?: { readonly reason: string; readonly detail: string };
}

/** Whether `text` may hold a file, before it is split into lines. */
export const mayHoldFiles = (text: string): boolean => text.includes('begin ');

/** The files in `text`, and the text without them (for the preview). */
export function filesInText(text: string, maxBytes: number): { files: TextFile[]; rest: string } {
  const uu = findUuencoded(text, maxBytes);
  const yenc = findYEncoded(uu.rest, maxBytes);
  const tooLarge = { reason: 'too_large', detail: `the part is over ${maxBytes} bytes (the limit)` };
  return {
    files: [
      ...uu.files.map((file, index) => ({
        id: `uu${index + 1}`,
        name: file.name,
        bytes: file.bytes,
        ...(file.bytes === null ? { problem: tooLarge } : {}),
      })),
      ...yenc.files.map((file, index) => ({ id: `yenc${index + 1}`, ...file })),
    ],
    rest: yenc.rest,
  };
}
