/** A promise that settles on the next `fire()`; each fire hands out a fresh one. */
export function signalling(): { promise: Promise<void>; fire(): ReturnType<typeof signalling> } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return {
    promise,
    fire: () => {
      resolve();
      return signalling();
    },
  };
}

/** Settles when `signal` aborts; never rejects. */
export const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
