import { basename } from 'node:path';
import type { ContentRejection } from '../../src/domain/content-policy.ts';
import { displayName } from './display-name.ts';
import { moveWithoutOverwrite } from './file-moves.ts';

export const REASON_SUFFIX = '.reason.txt';

/**
 * Moves a file the admission refused into `folder`, with `<name>.reason.txt` beside it saying why, so a
 * person can fix it and drop it again. Returns where the file went.
 */
export async function setAside(
  path: string,
  folder: string,
  rejection: ContentRejection,
  facts: { readonly sizeBytes: number; readonly at: number },
): Promise<string> {
  const name = basename(path);
  const content = [
    `file: ${displayName(name)}`,
    `reason: ${rejection.reason}`,
    `detail: ${rejection.detail}`,
    `size: ${facts.sizeBytes} bytes`,
    `set aside at: ${new Date(facts.at).toISOString()}`,
    '',
  ].join('\n');
  return moveWithoutOverwrite(path, folder, name, { suffix: REASON_SUFFIX, content });
}
