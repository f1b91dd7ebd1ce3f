import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { MailLimits } from './types.ts';

// A ratio is only meaningful for entries large enough to hurt: a small text of spaces compresses 500:1
// and costs nothing to expand.
const RATIO_CHECK_MIN_BYTES = 64 * 1024;

/** What a ZIP archive holds, as its central directory declares, or why the archive as a whole is refused. */
export type ZipListing =
  | { readonly kind: 'listed'; readonly zip: ZipFile; readonly entries: readonly ZipItem[] }
  | { readonly kind: 'refused'; readonly reason: string; readonly detail: string };

/** An entry and its name as the archive spells it, `..` and absolute paths included. */
export interface ZipItem {
  readonly entry: Entry;
  readonly name: string;
}

/**
 * Opens the archive at `path` and reads its central directory, refusing it whole when it declares more
 * entries than `maxEntries`, more bytes than `maxTotalBytes`, or an entry that expands beyond `maxRatio`
 * (a zip bomb). Declared sizes are enforced while extracting (yauzl checks them against the bytes).
 */
export async function listZip(path: string, limits: MailLimits['zip']): Promise<ZipListing> {
  let zip: ZipFile;
  try {
    // decodeStrings off: yauzl would refuse the whole archive for one name with `..` or an absolute path;
    // here such an entry keeps only its last segment as its name, like a mail attachment's.
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false });
  } catch (error) {
    return {
      kind: 'refused',
      reason: 'malformed',
      detail: `the ZIP archive cannot be read: ${messageOf(error)}`,
    };
  }
  const entries: ZipItem[] = [];
  let totalBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (name.endsWith('/')) continue;
      entries.push({ entry, name });
      if (entries.length > limits.maxEntries) {
        zip.close();
        return {
          kind: 'refused',
          reason: 'zip_too_many_entries',
          detail: `the archive holds more than ${limits.maxEntries} files`,
        };
      }
      if (entry.isEncrypted()) continue;
      totalBytes += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize >= RATIO_CHECK_MIN_BYTES && ratio > limits.maxRatio) {
        zip.close();
        return {
          kind: 'refused',
          reason: 'zip_bomb',
          detail: `an entry expands ${Math.round(ratio)} times (the limit is ${limits.maxRatio})`,
        };
      }
      if (totalBytes > limits.maxTotalBytes) {
        zip.close();
        return {
          kind: 'refused',
          reason: 'zip_bomb',
          detail: `the archive expands to more than ${limits.maxTotalBytes} bytes`,
        };
      }
    }
  } catch (error) {
    zip.close();
    return {
      kind: 'refused',
      reason: 'malformed',
      detail: `the ZIP archive cannot be read: ${messageOf(error)}`,
    };
  }
  return { kind: 'listed', zip, entries };
}

/**
 * An entry's name: UTF-8 when the archive says so (bit 11) or when the bytes are valid UTF-8, else Latin-1
 * (close to the CP437 of old archivers for letters; the name is only shown). Backslashes become slashes.
 */
function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0 || isUtf8(raw);
  return raw.toString(utf8 ? 'utf8' : 'latin1').replace(/\\/g, '/');
}

/** A stream of one entry's bytes; yauzl fails it when the bytes disagree with the declared size. */
export function openZipEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return zip.openReadStreamPromise(entry);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
