import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Folders still to remove if the process is interrupted: benchmark files run to gigabytes. */
const live = new Set<string>();
let handlersInstalled = false;

const removeLiveAndExit = (signal: NodeJS.Signals): void => {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  // 128 + signal number, as a shell reports a process killed by that signal.
  process.exit(signal === 'SIGINT' ? 130 : 143);
};

/**
 * Runs `use` with a fresh folder under the system temp dir and removes the folder afterwards, also when
 * `use` throws or the process gets SIGINT or SIGTERM (Ctrl-C, or the runner's timeout).
 */
export async function withTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  if (!handlersInstalled) {
    process.once('SIGINT', removeLiveAndExit);
    process.once('SIGTERM', removeLiveAndExit);
    handlersInstalled = true;
  }
  const dir = await mkdtemp(join(tmpdir(), prefix));
  live.add(dir);
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    live.delete(dir);
  }
}
