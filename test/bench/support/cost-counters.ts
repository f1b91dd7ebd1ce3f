import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

/** CPU time of this whole process (every thread: the service, the worker, libuv's pool) while `work` runs. */
export async function cpuMsOf<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(before);
  return { result, cpuMs: (user + system) / 1000 };
}

/** strace needs a moment to seize every thread; calls made before that would go uncounted. */
const ATTACH_WAIT_MS = 300;
const SYNC_CALLS = new Set(['fsync', 'fdatasync']);

/**
 * How many fsync and fdatasync calls every thread of this process makes while `work` runs, counted by
 * `strace -c -f -p <pid>`: SQLite's syncs happen in native code, where no JavaScript wrapper sees them.
 * Tracing slows every system call down, so only untimed runs are counted. Undefined when strace is missing
 * or may not attach (no ptrace permission).
 */
export async function syncCallsOf(work: () => Promise<void>): Promise<number | undefined> {
  const tracer = spawn('strace', ['-c', '-f', '-e', 'trace=fsync,fdatasync', '-p', String(process.pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let report = '';
  tracer.stderr.on('data', (chunk: Buffer) => {
    report += chunk.toString();
  });
  const closed = new Promise<number | null>((resolve) => {
    tracer.on('error', () => resolve(null));
    tracer.on('close', resolve);
  });
  await delay(ATTACH_WAIT_MS);
  try {
    await work();
  } finally {
    tracer.kill('SIGINT');
  }
  if ((await closed) === null && report === '') return undefined;
  // Summary rows: `% time  seconds  usecs/call  calls  [errors]  syscall`.
  let calls: number | undefined;
  for (const line of report.split('\n')) {
    const columns = line.trim().split(/\s+/);
    const name = columns.at(-1);
    if (name === undefined || !SYNC_CALLS.has(name)) continue;
    calls = (calls ?? 0) + Number.parseInt(columns[3] ?? '0', 10);
  }
  return calls ?? (report.includes('total') ? 0 : undefined);
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
