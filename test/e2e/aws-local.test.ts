import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';
import { waitUntil } from './support/wait-until.ts';

const BIN = fileURLToPath(new URL('../../bin/aws-local.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** Resolved from here: the child runs in a temp dir, where a bare `--import tsx` finds no node_modules. */
const TSX_LOADER = import.meta.resolve('tsx');

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

it('start:aws-local: a file put with an S3 client lands in results/, and Ctrl-C stops it cleanly', {
  timeout: 60_000,
}, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stevedore-aws-local-e2e-'));
  const [port, awsPort, functionPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [
      '--import',
      TSX_LOADER,
      BIN,
      '--port',
      `${port}`,
      '--aws-port',
      `${awsPort}`,
      '--function-port',
      `${functionPort}`,
      '--data-dir',
      join(dir, 'data'),
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, STEVEDORE_LOG_LEVEL: 'warn', POWERTOOLS_LOG_LEVEL: 'WARN' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = once(child, 'close');
  cleanup = async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  const explain = () => `stdout:\n${stdout.slice(-2000)}\nstderr:\n${stderr.slice(-2000)}`;

  await waitUntil(() => stdout.includes('Press Ctrl-C to stop.'), {
    what: 'the banner',
    timeoutMs: 30_000,
    explain,
  });
  const endpoint = `http://127.0.0.1:${awsPort}`;
  expect(stdout).toContain(`AWS endpoint  ${endpoint}`);
  expect(stdout).toContain(`webhook URL   http://127.0.0.1:${functionPort}/`);

  // Any S3 client, as a user would point it at the emulator.
  const s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  try {
    const invoice = await readFile(join(REPO, 'examples/commercial-invoice.pdf'));
    await s3.send(
      new PutObjectCommand({ Bucket: 'stevedore-local', Key: 'inbox/commercial invoice.pdf', Body: invoice }),
    );
    const results = await waitUntil(
      async () => {
        const listed = await s3.send(
          new ListObjectsV2Command({ Bucket: 'stevedore-local', Prefix: 'results/' }),
        );
        return (listed.Contents ?? []).length > 0 && listed.Contents;
      },
      { what: 'results/<id>.json', timeoutMs: 30_000, explain },
    );
    expect(results[0]?.Key).toMatch(/^results\/[0-9a-f-]{36}\.json$/);
  } finally {
    s3.destroy();
  }

  child.kill('SIGINT');
  const [code] = await closed;
  expect(code).toBe(0);
  // Invocations still finishing may print their metrics lines between the two.
  expect(stdout).toMatch(/stopping: finishing in-flight invocations…\n(?:.*\n)*stopped\n$/);
});
