import { Readable } from 'node:stream';

export interface PeekedStream {
  /** The first bytes, at most the number asked for; fewer only when the stream is shorter. */
  readonly head: Buffer;
  /** The whole stream again, head included, to be read once. */
  readonly whole: Readable;
}

/**
 * Reads the first `bytes` of `source` without losing them: the type of a file is known from its head
 * before anything is stored, and the same single read then goes on to the hash and the store.
 */
export async function peekHead(source: Readable, bytes: number): Promise<PeekedStream> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    buffered.push(chunk);
    length += chunk.byteLength;
  }
  const joined = Buffer.concat(buffered);
  async function* replay(): AsyncGenerator<Buffer> {
    if (joined.byteLength > 0) yield joined;
    if (ended) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  const whole = Readable.from(replay(), { objectMode: false });
  // Destroying the replay early (a refused type, a failed store) must release the source too.
  whole.once('close', () => {
    if (!source.destroyed && !source.readableEnded) source.destroy();
  });
  return { head: joined.subarray(0, bytes), whole };
}
