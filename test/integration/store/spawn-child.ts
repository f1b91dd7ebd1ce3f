import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./queue-child.ts', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  /** Resolves with the next JSON line the child prints. */
  next(): Promise<unknown>;
  send(line: string): void;
  exited(): Promise<void>;
}

/**
 * Starts `script` (queue-child.ts unless told) in its own Node process. tsx, not Node's own type
 * stripping, because the project's sources use TypeScript syntax that stripping alone cannot run
 * (parameter properties).
 */
export function startChild(args: readonly string[], script: string = SCRIPT): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = once(child, 'exit');
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    process: child,
    async next() {
      const line = await lines.next();
      if (line.done === true) throw new Error(`child ${args.join(' ')} ended early: ${stderr}`);
      return JSON.parse(line.value);
    },
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    async exited() {
      await exit;
    },
  };
}
