import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocsAliasListener } from '../../../src/cli/docs-alias-listener.ts';
import { type Harness, startService } from '../service/service-harness.ts';

describe('startDocsAliasListener', () => {
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    busy = createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const address = busy.address();
    busyPort = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  const withService = async (test: (h: Harness) => Promise<void>) => {
    const h = await startService({ startProcessing: false });
    try {
      await test(h);
    } finally {
      await h.close();
    }
  };

  it('falls back to a free port when the default one is taken (up)', async () => {
    await withService(async (h) => {
      const banner = await startDocsAliasListener(h.service, busyPort, true);
      expect(banner).toMatch(/^docs\+[0-9a-f-]{36}@localhost {3}\(smtp:\/\/127\.0\.0\.1:\d+\)$/);
      expect(banner).not.toContain(`:${busyPort})`);
    });
  });

  it('names the flag when a port the user chose is taken (service --smtp-port)', async () => {
    await withService(async (h) => {
      await expect(startDocsAliasListener(h.service, busyPort, false)).rejects.toMatchObject({
        code: 'smtp_port_in_use',
      });
    });
  });
});
