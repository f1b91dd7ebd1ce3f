/** The exit status of a process ended by SIGINT (128 + 2), as shells report it. */
const INTERRUPTED_EXIT_CODE = 130;

/**
 * A signal aborted by the first Ctrl-C (or SIGTERM), for a graceful stop. A second one means "now": the
 * process exits 130 at once, and what was in flight comes back to the next run.
 */
export function abortOnInterrupt(): AbortSignal {
  const controller = new AbortController();
  let interrupts = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      interrupts++;
      if (interrupts > 1) process.exit(INTERRUPTED_EXIT_CODE);
      controller.abort();
    });
  }
  return controller.signal;
}
