import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { authorization, readApiKey } from './support/service-api.ts';
import { startServiceCommand } from './support/stevedore-service.ts';

const CONTAINER = { request_type: 'container', request_number: 'MSCU1234566', scac: 'MSCU' };

e2eTest(
  'stevedore accounts create: a key that works at once on the running service, with only the features asked for',
  { timeout: 90_000 },
  async ({ e2e }) => {
    const { workspace, command: service, origin: serviceOrigin } = await startServiceCommand(e2e);
    const origin = `${serviceOrigin}/v2`;
    const bootstrapKey = await readApiKey(workspace.dataDir);

    const created = await e2e.run(
      ['accounts', 'create', '--name', 'acme', '--features', 'routing', '--data-dir', workspace.dataDir],
      { cwd: workspace.root, timeoutMs: 30_000 },
    );
    expect(created.status, created.stderr).toEqual({ code: 0, signal: null });
    const key = created.stdout.trim();
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{20,}$/);

    const listed = await e2e.run(['accounts', 'list', '--data-dir', workspace.dataDir], {
      cwd: workspace.root,
      timeoutMs: 30_000,
    });
    expect(listed.status, listed.stderr).toEqual({ code: 0, signal: null });
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ {2}default {2}refresh,routing$/);
    expect(lines[1]).toMatch(/ {2}acme {2}routing$/);

    // The new key authenticates on the service that was already running.
    const requested = await fetch(`${origin}/tracking_requests`, {
      method: 'POST',
      headers: { ...authorization(key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'tracking_request', attributes: CONTAINER } }),
    });
    expect(requested.status).toBe(201);
    // Accounts are isolated: the bootstrap account sees none of acme's requests.
    const others = await fetch(`${origin}/tracking_requests`, { headers: authorization(bootstrapKey) });
    expect(((await others.json()) as { data: unknown[] }).data).toEqual([]);

    const unknown = await e2e.run(
      ['accounts', 'create', '--name', 'x', '--features', 'teleport', '--data-dir', workspace.dataDir],
      { cwd: workspace.root, timeoutMs: 30_000 },
    );
    expect(unknown.status.code).not.toBe(0);
    expect(unknown.stderr).toContain('unknown feature teleport');

    expect(await service.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  },
);
