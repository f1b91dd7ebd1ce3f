import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One test's folders, laid out as a user would have them: archive/ and rejected/ sit beside the inbox. */
export interface Workspace {
  readonly root: string;
  readonly inbox: string;
  readonly dataDir: string;
  readonly out: string;
  readonly results: string;
  readonly failed: string;
  readonly archive: string;
  readonly rejected: string;
}

export async function createWorkspace(label: string): Promise<Workspace> {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40);
  const root = await mkdtemp(join(tmpdir(), `stevedore-e2e-${slug}-`));
  const workspace: Workspace = {
    root,
    inbox: join(root, 'inbox'),
    dataDir: join(root, 'data'),
    out: join(root, 'out'),
    results: join(root, 'out', 'results'),
    failed: join(root, 'out', 'failed'),
    archive: join(root, 'archive'),
    rejected: join(root, 'rejected'),
  };
  // Only the inbox: everything else is for the product to create.
  await mkdir(workspace.inbox);
  return workspace;
}

/** Names of the regular files in `dir`, sorted; none when the folder does not exist (yet). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
}

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Bytes that look random but are the same on every run, so no run can stumble on a magic number that
 * makes the content a supported format.
 */
export function pseudoRandomBytes(size: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < size; i += 1) {
    blocks.push(createHash('sha256').update(`${seed}:${i}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, size);
}
