import { expect } from 'vitest';
import { z } from 'zod';
import { e2eTest } from './support/e2e-test.ts';
import { authorization } from './support/service-api.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';

const webhookList = z.object({ data: z.array(z.object({ attributes: z.object({ url: z.string() }) })) });

e2eTest(
  'up subscribes STEVEDORE_RECEIVER_URL (a tunnel or proxy) and shows where it listens',
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    // Another name for the same listener stands in for a public https URL that forwards to it.
    const publicUrl = `http://localhost:${ports.receiver}/webhooks`;
    const up = await startUp(e2e, workspace, ports, { STEVEDORE_RECEIVER_URL: publicUrl });

    expect(up.command.stdoutLines).toContain(`  webhooks  ${publicUrl}`);
    expect(up.command.stdoutLines).toContain(
      `            (received at http://127.0.0.1:${ports.receiver}/webhooks)`,
    );
    const response = await fetch(`${up.baseUrl}/webhooks`, { headers: authorization(up.apiKey) });
    const urls = webhookList.parse(await response.json()).data.map((webhook) => webhook.attributes.url);
    expect(urls).toEqual([publicUrl]);
    expect((await interrupt(up.command)).code).toBe(0);
  },
);
