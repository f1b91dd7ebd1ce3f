import { z } from 'zod';

/**
 * Longest name, in UTF-8 bytes: what ext4, APFS and NTFS allow in one path component, and what an S3
 * key segment and a `Content-Disposition` filename survive without truncation. Counted in bytes,
 * not characters, because the file systems count bytes.
 */
export const MAX_NAME_BYTES = 255;

const UTF8 = new TextEncoder();

/**
 * C0 and C1 controls (NUL, CR, LF, ESC, DEL…) and the line and paragraph separators: they split log
 * lines and headers, end C strings, and drive terminals. A lone surrogate (Cs) has no UTF-8 form. Bidi controls (LRM, RLM, ALM, the embeddings,
 * overrides and isolates): an RTL override makes `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether a text holds a character `fileName` refuses (a control, a separator, a bidi control). */
export const hasControlCharacters = (value: string): boolean => FORBIDDEN.test(value);

/**
 * A name a person gave a file or a document: not blank, no control or bidi characters, at most
 * `MAX_NAME_BYTES`. The check runs before trimming, so a trailing CR/LF is refused, not silently cut.
 */
export const fileName = (label: string) =>
  z
    .string()
    .refine((value) => !FORBIDDEN.test(value), `${label} must not contain control or bidi characters`)
    .trim()
    .min(1, `${label} can't be blank`)
    .refine(
      (value) => UTF8.encode(value).byteLength <= MAX_NAME_BYTES,
      `${label} must be at most ${MAX_NAME_BYTES} bytes in UTF-8`,
    );
