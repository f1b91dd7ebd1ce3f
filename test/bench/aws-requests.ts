import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { localClients } from '../../pipeline/aws-local/local-stack.ts';
import { startAwsLocal } from '../../pipeline/aws-local/start-aws-local.ts';
import { silentLogger } from '../../src/observability/logger.ts';
import { quietPowertools } from '../integration/aws/aws-local-harness.ts';
import { makeSampleCorpus } from '../support/samples/sample-corpus.ts';
import { beforeEachCall } from './support/aws-calls.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, until } from './support/timing.ts';

/** Enough documents that the per-document figure is not one document's accident. */
const DOCUMENTS = 12;
const NO_RATE_LIMIT = 1_000_000;

/**
 * The fewest calls one document can cost on the happy path, as deployed (S3 honours `If-None-Match`, so
 * the ledger writes a new entry with one conditional PUT), by what each step must do at least once:
 * - SQS (2): the drop function sends the intake message; the webhook function sends the events message.
 *   (Receives and deletes are the event source mapping's, not the functions'.)
 * - S3 (8): the drop function reads the object, stages it, copies it to archive/ and deletes it from
 *   inbox/; ingest reads the staged bytes; events writes results/<id>.json; and the ledger records the
 *   content's document id once and the outcome once (without them a redelivery would upload twice).
 * - service (3): create the direct upload, PUT the bytes, create the document.
 * And for each number the events stage closes the loop on (the container and B/L numbers of a bill or an
 * arrival notice): the service infers its line (1) and, when sure, creates the tracking request (1); the
 * ledger is read for the number (1) and, for a request created, records the intent and the request (2).
 */
const BASE_MINIMUM = { sqs: 2, s3: 8, service: 3 } as const;

type Counted = keyof typeof BASE_MINIMUM;
const counts: Record<Counted, number> = { sqs: 0, s3: 0, service: 0 };
/** Numbers whose line the service was asked for, and tracking requests created. */
const tracking = { inferred: 0, created: 0 };
const calls = new Map<string, number>();

/** Counts every request an SDK client sends, by service and command, before it leaves. */
const counting = <C extends Parameters<typeof beforeEachCall>[0]>(client: C, kind: Counted): C =>
  beforeEachCall(client, (command) => {
    counts[kind] += 1;
    const name = `${kind} ${command}`;
    calls.set(name, (calls.get(name) ?? 0) + 1);
  });

await withTempDir('stevedore-aws-requests-', async (dir) => {
  const corpus = await makeSampleCorpus(DOCUMENTS, 4242);
  let serviceOrigin = '';
  const realFetch = globalThis.fetch;
  // The service client calls the global fetch; only requests to the service are counted.
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (serviceOrigin !== '' && url.startsWith(serviceOrigin)) {
      counts.service += 1;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const path = new URL(url).pathname;
      if (method === 'POST' && path.endsWith('/tracking_requests/infer_number')) tracking.inferred += 1;
      if (method === 'POST' && path.endsWith('/tracking_requests')) tracking.created += 1;
    }
    return realFetch(input, init);
  };
  // The byte upload goes over node:http (see put-stream.ts), not fetch: counted there too.
  const realRequest = http.request;
  const countedRequest = ((...args: Parameters<typeof http.request>) => {
    const [target] = args;
    const url = typeof target === 'string' ? target : target instanceof URL ? target.href : '';
    if (serviceOrigin !== '' && url.startsWith(serviceOrigin)) counts.service += 1;
    return realRequest(...args);
  }) as typeof http.request;
  http.request = countedRequest;
  syncBuiltinESMExports();
  const run = await startAwsLocal({
    port: 0,
    awsPort: 0,
    functionPort: 0,
    dataDir: join(dir, 'data'),
    logger: silentLogger,
    overrides: {
      logLevel: 'silent',
      rateLimitPerMinute: NO_RATE_LIMIT,
      clientRequestsPerMinute: NO_RATE_LIMIT,
    },
    powertools: quietPowertools,
    // As deployed: S3 honours If-None-Match (the emulator ignores it; this happy path writes each key once).
    trustConditionalWrites: true,
    functionClients: (endpoint) => {
      const clients = localClients(endpoint);
      return { sqs: counting(clients.sqs, 'sqs'), s3: counting(clients.s3, 's3') };
    },
  });
  try {
    serviceOrigin = new URL(run.serviceUrl).origin;
    const user = localClients(run.stack.endpoint).s3;
    progress(`aws-requests: dropping ${DOCUMENTS} documents`);
    for (const sample of corpus) {
      await user.send(
        new PutObjectCommand({ Bucket: run.stack.bucket, Key: `inbox/${sample.name}`, Body: sample.bytes }),
      );
    }
    await until(
      async () => {
        const listed = await user.send(
          new ListObjectsV2Command({ Bucket: run.stack.bucket, Prefix: 'results/' }),
        );
        return (listed.Contents ?? []).length === DOCUMENTS;
      },
      { intervalMs: 200, timeoutMs: 90_000, what: `${DOCUMENTS} results` },
    );
    // The last outcome's ledger writes and deletes finish just after its file appears.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    progress(
      `aws-requests: ${[...calls].map(([name, n]) => `${name}=${(n / DOCUMENTS).toFixed(1)}`).join(', ')}`,
    );
    const minimum: Record<Counted, number> = {
      sqs: BASE_MINIMUM.sqs,
      s3: BASE_MINIMUM.s3 + (tracking.inferred + 2 * tracking.created) / DOCUMENTS,
      service: BASE_MINIMUM.service + (tracking.inferred + tracking.created) / DOCUMENTS,
    };
    progress(
      `aws-requests: ${(tracking.inferred / DOCUMENTS).toFixed(2)} numbers inferred and ${(tracking.created / DOCUMENTS).toFixed(2)} tracking requests created per document`,
    );
    for (const kind of ['sqs', 's3', 'service'] as const) {
      printResult({
        name: `aws-requests-per-document ${kind}`,
        value: counts[kind] / DOCUMENTS,
        unit: 'requests',
        baseline: { name: 'argued minimum', value: minimum[kind], unit: 'requests' },
      });
    }
    const total = counts.sqs + counts.s3 + counts.service;
    const least = minimum.sqs + minimum.s3 + minimum.service;
    printResult({
      name: 'aws-requests-per-document total',
      value: total / DOCUMENTS,
      unit: 'requests',
      baseline: { name: 'argued minimum', value: least, unit: 'requests' },
    });
  } finally {
    globalThis.fetch = realFetch;
    http.request = realRequest;
    syncBuiltinESMExports();
    await run.stop();
  }
});
