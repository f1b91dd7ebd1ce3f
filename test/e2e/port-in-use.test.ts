import { createServer, type Server } from 'node:net';
import { expect } from 'vitest';
import { e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';

/** Something else holding a port on loopback, as another program would. */
const occupy = async (port: number): Promise<Server> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
};

for (const which of ['service', 'receiver'] as const) {
  e2eTest(
    `\`up\` says which address is taken and exits when the ${which} port is in use`,
    async ({ e2e }) => {
      const workspace = await e2e.workspace();
      const [port, receiverPort] = [await freePort(), await freePort()];
      const taken = which === 'service' ? port : receiverPort;
      const blocker = await occupy(taken);
      try {
        const run = await e2e.run(
          [
            'up',
            '--port',
            String(port),
            '--receiver-port',
            String(receiverPort),
            '--data-dir',
            workspace.dataDir,
          ],
          { cwd: workspace.root, timeoutMs: 30_000 },
        );
        expect(run.status).toEqual({ code: 1, signal: null });
        expect(run.stderr).toContain(`127.0.0.1:${taken} is already in use`);
        expect(run.stderr).toContain('--receiver-port');
        expect(run.stdout).not.toMatch(/stevedore is up/);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    },
  );
}
