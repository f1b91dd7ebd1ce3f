import { SQSClient } from '@aws-sdk/client-sqs';
import type { AwsEmulator } from './aws-emulator.ts';

/** A per-entry failure SQS may report in a batch answer. */
export interface EntryFault {
  /** The entry id (the adapter uses the body's index). */
  readonly id: string;
  readonly code: string;
  readonly senderFault: boolean;
  /** Batch calls that fail this entry; the later ones pass. */
  readonly times: number;
}

interface BatchInput {
  Entries?: { Id?: string }[];
}
interface BatchOutput {
  Failed?: { Id: string; Code: string; SenderFault: boolean; Message: string }[];
}

/**
 * An SQS client on the emulator whose batch calls (send and delete) fail chosen entries the way SQS
 * reports a partial failure: the entry is left out of the call and listed in `Failed`. fauxqs never fails
 * one entry of a good batch on its own.
 */
export function sqsWithBatchFaults(
  aws: AwsEmulator,
  faults: EntryFault[],
): { client: SQSClient; calls: () => number } {
  const client = new SQSClient({
    endpoint: aws.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const remaining = new Map(faults.map((fault) => [fault.id, { ...fault }]));
  let calls = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      // Batch inputs and outputs both have these shapes; other commands have no `Entries` and pass through.
      const input = args.input as BatchInput;
      if (input.Entries === undefined) return next(args);
      calls += 1;
      const failing = input.Entries.filter((entry) => (remaining.get(entry.Id ?? '')?.times ?? 0) > 0);
      const kept = input.Entries.filter((entry) => !failing.includes(entry));
      const result =
        kept.length > 0
          ? // The kept entries are the caller's own, whole: only some were left out.
            await next({ ...args, input: { ...input, Entries: kept } as typeof args.input })
          : // The answer SQS gives when every entry failed: nothing successful, all listed below.
            ({ output: { $metadata: {}, Successful: [], Failed: [] }, response: {} } as Awaited<
              ReturnType<typeof next>
            >);
      const output = result.output as BatchOutput;
      output.Failed = [
        ...(output.Failed ?? []),
        ...failing.map((entry) => {
          const fault = remaining.get(entry.Id ?? '');
          if (fault === undefined) throw new Error('unreachable: filtered on the fault above');
          fault.times -= 1;
          return {
            Id: fault.id,
            Code: fault.code,
            SenderFault: fault.senderFault,
            Message: 'from the test double',
          };
        }),
      ];
      return result;
    },
    { step: 'initialize', name: 'batchFaults' },
  );
  return { client, calls: () => calls };
}
