import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { parseIngestOutput } from './support/ingest-output.ts';
import { authorization, listDocuments, readApiKey } from './support/service-api.ts';
import { startServiceCommand } from './support/stevedore-service.ts';

const INVOICE = fileURLToPath(new URL('../../examples/commercial-invoice.pdf', import.meta.url));

e2eTest(
  'stevedore service: health needs no key, documents need the key from the key file, ingest uses it',
  { timeout: 90_000 },
  async ({ e2e }) => {
    const { workspace, command: service, port, origin } = await startServiceCommand(e2e);
    const keyFile = join(workspace.dataDir, 'api-key');
    expect(service.stdoutLines).toEqual([`service   http://127.0.0.1:${port}/v2`, `API key   ${keyFile}`]);
    const apiKey = await readApiKey(workspace.dataDir);
    expect(apiKey.length).toBeGreaterThanOrEqual(8);

    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    expect((await fetch(`${origin}/v2/documents`)).status).toBe(401);
    expect((await fetch(`${origin}/v2/documents`, { headers: authorization(`${apiKey}x`) })).status).toBe(
      401,
    );
    const listed = await fetch(`${origin}/v2/documents`, { headers: authorization(apiKey) });
    expect(listed.status).toBe(200);
    expect(await listDocuments(`${origin}/v2`, apiKey)).toEqual({ total: 0, ids: [] });

    // `ingest` finds the running service on the port and reads its key from the data dir.
    const ingestArgs = ['ingest', INVOICE, '--port', String(port), '--data-dir', workspace.dataDir];
    const first = await e2e.run(ingestArgs, { cwd: workspace.root, timeoutMs: 60_000 });
    expect(first.status, first.stderr).toEqual({ code: 0, signal: null });
    const [created] = parseIngestOutput(first.stdout);
    expect(created).toMatchObject({
      duplicate: false,
      status: 'extracted',
      document_type: 'commercial_invoice',
    });

    // The same bytes again: the service answers with the document it already has.
    const second = await e2e.run(ingestArgs, { cwd: workspace.root, timeoutMs: 60_000 });
    expect(second.status, second.stderr).toEqual({ code: 0, signal: null });
    const [again] = parseIngestOutput(second.stdout);
    expect(again).toMatchObject({ duplicate: true, status: 'extracted', document_id: created?.document_id });

    expect(await listDocuments(`${origin}/v2`, apiKey)).toEqual({ total: 1, ids: [created?.document_id] });

    expect(await service.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  },
);
