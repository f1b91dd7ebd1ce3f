import type { SQSEvent, SQSRecord } from 'aws-lambda';

/** An SQS record as Lambda delivers it, with the fields the batch path reads set from the arguments. */
export const sqsRecord = (
  messageId: string,
  body: string,
  options: { receiveCount?: number; receiptHandle?: string; queueArn?: string } = {},
): SQSRecord => ({
  messageId,
  receiptHandle: options.receiptHandle ?? `handle-${messageId}`,
  body,
  attributes: {
    ApproximateReceiveCount: String(options.receiveCount ?? 1),
    SentTimestamp: '1767225600000',
    SenderId: 'AIDATESTSENDER',
    ApproximateFirstReceiveTimestamp: '1767225600000',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: options.queueArn ?? 'arn:aws:sqs:eu-west-1:123456789012:stevedore-intake',
  awsRegion: 'eu-west-1',
});

export const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
