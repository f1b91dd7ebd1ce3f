#!/usr/bin/env node
/**
 * `npm run start:aws-local -- [--port 4010] [--aws-port 4566] [--function-port 4011] [--data-dir ./.stevedore-aws]`:
 * the deployed system on this machine (fauxqs for SQS and S3, the local service, every function). The
 * composition root of the local AWS run: the only file of it that touches `process` (with `interrupts.ts`).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { LOCAL_BUCKET } from '../pipeline/aws-local/local-stack.ts';
import { startAwsLocal } from '../pipeline/aws-local/start-aws-local.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { createLogger } from '../src/observability/logger.ts';
import { abortOnInterrupt } from './interrupts.ts';

const port = z.coerce.number().int().min(0).max(65_535);
const flags = z.object({
  port: port.default(4010),
  'aws-port': port.default(4566),
  'function-port': port.default(4011),
  'data-dir': z.string().min(1).default('./.stevedore-aws'),
});

const write = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const USAGE =
  'usage: npm run start:aws-local -- [--port 4010] [--aws-port 4566] [--function-port 4011] [--data-dir ./.stevedore-aws]';

const readFlags = (): Record<string, unknown> => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        'aws-port': { type: 'string' },
        'function-port': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    // An unknown flag or one without its value: say which, and how it is used.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
};
const values = readFlags();
if (values.help === true) {
  write(USAGE);
  process.exit(0);
}
const parsed = flags.safeParse(values);
if (!parsed.success) {
  process.stderr.write(
    `invalid flags:\n${parsed.error.issues.map((i) => `  --${String(i.path[0])}: ${i.message}`).join('\n')}\n`,
  );
  process.exit(2);
}
const options = parsed.data;

// A second Ctrl-C exits at once: undeleted messages come back after their visibility timeout.
const stopping = abortOnInterrupt();

// The run's own lines (the service, the pollers) as JSON on stderr; the functions' Powertools lines on stdout.
const logger = createLogger({
  level: loadConfig(process.env).logLevel,
  name: 'stevedore-aws-local',
  destination: process.stderr,
});
let running: Awaited<ReturnType<typeof startAwsLocal>>;
try {
  running = await startAwsLocal({
    port: options.port,
    awsPort: options['aws-port'],
    functionPort: options['function-port'],
    dataDir: options['data-dir'],
    logger,
    env: process.env,
  });
} catch (error) {
  // A port in use or a data dir another run holds: the reason, not a stack trace.
  process.stderr.write(`could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const endpoint = running.stack.endpoint;
write('stevedore (local AWS) is up');
write(`  AWS endpoint  ${endpoint}   (fauxqs: SQS and S3)`);
write(`  bucket        s3://${LOCAL_BUCKET}/   drop files under inbox/, outcomes in results/ and failed/`);
write(`  service       ${running.serviceUrl}`);
write(`  API key       ${resolve(running.keyFile)}`);
write(`  webhook URL   ${running.functionUrl}   (the webhook function's URL)`);
write('Drop a file:');
write(
  `  AWS_ENDPOINT_URL=${endpoint} AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_REGION=us-east-1 \\\n` +
    `    aws s3 cp examples/commercial-invoice.pdf s3://${LOCAL_BUCKET}/inbox/`,
);
write('Press Ctrl-C to stop.');

if (!stopping.aborted) {
  await new Promise<void>((done) => stopping.addEventListener('abort', () => done(), { once: true }));
}
write('stopping: finishing in-flight invocations…');
await running.stop();
write('stopped');
