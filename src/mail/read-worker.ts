import { readMailMessage } from './read-message.ts';
import type { MailDocument, MailMetadata, MessageRefusal, ReadMessageOptions, SkippedPart } from './types.ts';

/** Whole messages for one worker thread of the mail reader pool (`mail-reader.ts`), read in turn. */
export interface ReadTask {
  readonly raws: readonly Uint8Array[];
  readonly options: ReadMessageOptions;
}

/** A `ReadMessage` without its `dispose`: what crosses back from the thread (its temp files stay). */
export interface ReadOutcome {
  readonly metadata: MailMetadata;
  readonly documents: readonly MailDocument[];
  readonly skipped: readonly SkippedPart[];
  readonly refusal: MessageRefusal | null;
  readonly sha256?: string;
}

export default async function readInThread({ raws, options }: ReadTask): Promise<ReadOutcome[]> {
  const outcomes: ReadOutcome[] = [];
  for (const raw of raws) {
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const read = await readMailMessage(bytes, options);
    outcomes.push({
      metadata: read.metadata,
      documents: read.documents,
      skipped: read.skipped,
      refusal: read.refusal,
      ...(read.sha256 === undefined ? {} : { sha256: read.sha256 }),
    });
  }
  return outcomes;
}
