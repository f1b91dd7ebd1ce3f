import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Names in the inbox that are never taken, because they are not (yet) a user's document:
 * - dotfiles: hidden files, editor swap files, `.DS_Store`, LibreOffice `.~lock.*#`;
 * - `~$*`: the owner file Microsoft Office keeps beside an open document;
 * - `*.part`, `*.partial`, `*.crdownload`, `*.download`, `*.tmp`: downloads and copies still being written
 *   (Firefox, curl, Chrome, Safari, many tools), which get their real name by a rename when complete;
 * - `Thumbs.db`, `desktop.ini`: folder metadata Windows writes into any folder.
 * Symbolic links and anything else that is not a regular file are not taken either (a link could point
 * anywhere on the machine). Hidden folders (`.git`, `.Trash`) are not looked into.
 */
const IGNORED_NAME = /^(\.|~\$)|\.(part|partial|crdownload|download|tmp)$|^(thumbs\.db|desktop\.ini)$/i;

export const isIgnoredName = (name: string): boolean => IGNORED_NAME.test(name);

export interface ListOptions {
  /** Also list files in subfolders, by their path relative to `folder`. */
  readonly subfolders: boolean;
  /** Folders inside `folder` never looked into (the archive, when someone put it inside the inbox). */
  readonly exclude?: readonly string[];
}

/**
 * The regular files in `folder` that are candidates for intake, as paths relative to it with `/` between
 * segments. One `readdir` for the whole tree: the file types come with the listing, so no file is
 * looked at twice.
 */
export async function listCandidates(folder: string, options: ListOptions): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: options.subfolders });
  const excluded = (options.exclude ?? []).map((dir) => relative(folder, dir)).filter(isInside);
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || isIgnoredName(entry.name)) continue;
    const dir = relative(folder, entry.parentPath);
    if (dir !== '' && !acceptedFolder(dir, excluded)) continue;
    names.push(dir === '' ? entry.name : join(dir, entry.name).split(sep).join('/'));
  }
  return names;
}

const isInside = (path: string): boolean => path !== '' && !path.startsWith('..') && !path.startsWith(sep);

const acceptedFolder = (dir: string, excluded: readonly string[]): boolean =>
  !dir.split(sep).some((segment) => segment.startsWith('.')) &&
  !excluded.some((skip) => dir === skip || dir.startsWith(`${skip}${sep}`));
