import { readdir } from 'node:fs/promises';

/**
 * Names in the inbox that are never taken, because they are not (yet) a user's document:
 * - dotfiles: hidden files, editor swap files, `.DS_Store`, LibreOffice `.~lock.*#`;
 * - `~$*`: the owner file Microsoft Office keeps beside an open document;
 * - `*.part`, `*.partial`, `*.crdownload`, `*.download`, `*.tmp`: downloads and copies still being written
 *   (Firefox, curl, Chrome, Safari, many tools), which get their real name by a rename when complete;
 * - `Thumbs.db`, `desktop.ini`: folder metadata Windows writes into any folder.
 * Subfolders, symbolic links and anything else that is not a regular file are not taken either (a link
 * could point anywhere on the machine), so people can keep their own folders inside the inbox.
 */
const IGNORED_NAME = /^(\.|~\$)|\.(part|partial|crdownload|download|tmp)$|^(thumbs\.db|desktop\.ini)$/i;

export const isIgnoredName = (name: string): boolean => IGNORED_NAME.test(name);

/** The names of the regular files in `folder` that are candidates for intake. */
export async function listCandidates(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && !isIgnoredName(entry.name)).map((entry) => entry.name);
}
