import readInThread, { type ReadOutcome, type ReadTask } from '../../src/mail/read-worker.ts';

/**
 * The mail reader's thread module, failing on cue: a message containing `X-Test-Thread: exit` ends the
 * thread, one containing `X-Test-Thread: hang` never finishes. Any other is read by the real module.
 */
export default async function readOrFail(task: ReadTask): Promise<ReadOutcome[]> {
  for (const raw of task.raws) {
    const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
    if (text.includes('X-Test-Thread: exit')) process.exit(3);
    if (text.includes('X-Test-Thread: hang')) await new Promise(() => {});
  }
  return readInThread(task);
}
