import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { StopWaiting, waitUntil } from './wait-until.ts';

const BIN = fileURLToPath(new URL('../../../bin/stevedore.ts', import.meta.url));
/**
 * Resolved from this file, not from the child's working directory: children run in a temp dir, where a
 * bare `--import tsx` finds no node_modules.
 */
const TSX_LOADER = import.meta.resolve('tsx');
/** How much of each stream a failure message shows: the end is where the trouble is. */
const TAIL_CHARS = 4_000;

export interface ExitStatus {
  readonly code: number | null;
  /** The signal that ended the process, e.g. `SIGKILL`; null when it exited by itself. */
  readonly signal: string | null;
}

export interface CommandOptions {
  readonly cwd: string;
  /** Added to the test environment (see `testEnv`). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The environment of every child: the caller's, minus any stevedore or service setting a developer has
 * exported (the tests must not depend on the shell they run from), with warnings-only logs.
 */
function testEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('STEVEDORE_') && !name.startsWith('SVC_'),
  );
  // `up` also starts the MCP server: on a free port, so tests running at once never contend for 4020.
  return { ...Object.fromEntries(inherited), STEVEDORE_LOG_LEVEL: 'warn', STEVEDORE_MCP_PORT: '0', ...extra };
}

/** A `stevedore` child process with everything it printed kept in memory. */
export class StevedoreCommand {
  readonly exited: Promise<ExitStatus>;
  private out = '';
  private err = '';
  private status: ExitStatus | undefined;

  constructor(
    readonly label: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.out += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.err += chunk;
    });
    // A failed spawn is reported here, and 'close' follows; without a listener it would end the test run.
    child.on('error', (error) => {
      this.err += `spawn error: ${error.message}\n`;
    });
    // 'close', not 'exit': by then both streams have delivered their last bytes.
    this.exited = once(child, 'close').then(([code, signal]: unknown[]) => {
      this.status = {
        code: typeof code === 'number' ? code : null,
        signal: typeof signal === 'string' ? signal : null,
      };
      return this.status;
    });
  }

  /** The child's process id: what a second start names when this one holds the data dir. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get stdout(): string {
    return this.out;
  }

  get stderr(): string {
    return this.err;
  }

  get stdoutLines(): string[] {
    return this.out.split('\n').filter((text) => text.length > 0);
  }

  /** The first stdout line matching `pattern`, waiting for it; fails at once if the process ends first. */
  async waitForLine(pattern: RegExp, timeoutMs: number): Promise<string> {
    return waitUntil(
      () => {
        const found = this.stdoutLines.find((text) => pattern.test(text));
        if (found !== undefined) return found;
        if (this.status !== undefined) {
          throw new StopWaiting(`the process ended without printing ${pattern}\n${this.describe()}`);
        }
        return undefined;
      },
      { what: `a line matching ${pattern} from ${this.label}`, timeoutMs, explain: () => this.describe() },
    );
  }

  /** Sends `signal` if the process still runs. */
  signal(signal: NodeJS.Signals): void {
    if (this.status === undefined) this.child.kill(signal);
  }

  /** Sends `signal` and resolves once the process has ended. */
  async kill(signal: NodeJS.Signals): Promise<ExitStatus> {
    this.signal(signal);
    return this.exited;
  }

  /** Waits for the process to end by itself; kills it and fails if that takes longer than `timeoutMs`. */
  async waitForExit(timeoutMs: number): Promise<ExitStatus> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.child.kill('SIGKILL');
    }, timeoutMs);
    try {
      const status = await this.exited;
      if (timedOut) throw new Error(`${this.label} did not end within ${timeoutMs} ms\n${this.describe()}`);
      return status;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Label, pid, exit status and the end of both streams, for failure messages. */
  describe(): string {
    const status = this.status ? JSON.stringify(this.status) : 'running';
    return [
      `--- ${this.label} (pid ${this.child.pid}, ${status})`,
      `--- stdout (last ${TAIL_CHARS} chars)`,
      this.out.slice(-TAIL_CHARS),
      `--- stderr (last ${TAIL_CHARS} chars)`,
      this.err.slice(-TAIL_CHARS),
    ].join('\n');
  }
}

/** Starts `stevedore <args>` the way a user runs it: its own process, Node 24, tsx, no TTY. */
export function spawnStevedore(args: readonly string[], options: CommandOptions): StevedoreCommand {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, BIN, ...args], {
    cwd: options.cwd,
    env: testEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new StevedoreCommand(`stevedore ${args.join(' ')}`, child);
}
