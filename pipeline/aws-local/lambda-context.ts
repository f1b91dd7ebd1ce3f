import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** The local functions' timeout, as the template's: the handlers stop starting records near its end. */
export const DEFAULT_FUNCTION_TIMEOUT_MS = 120_000;

/** The Lambda context of one local invocation: a request id, the function's name and its time left. */
export const lambdaContext = (functionName: string, timeoutMs = DEFAULT_FUNCTION_TIMEOUT_MS): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
