import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { contents } from '../integration/imap/mail-rig.ts';
import { requireDovecot, startDovecot } from '../support/dovecot.ts';
import { composeMail } from '../support/mail-messages.ts';
import { e2eTest } from './support/e2e-test.ts';
import { countOutcomes, outcomeNames } from './support/outcome-files.ts';
import { pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const available = requireDovecot('mail-intake e2e');

e2eTest.runIf(available)(
  'up with IMAP_* takes the shared mailbox: the result carries the email metadata, the message moves to Processed',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const dovecot = await startDovecot();
    try {
      const admin = await dovecot.client();
      await admin.append(
        'INBOX',
        await composeMail({
          subject: 'Invoice INV-2026-00042',
          from: 'Billing <billing@shipper.example>',
          to: 'ops@importer.example',
          cc: 'finance@importer.example',
          messageId: '<inv-42@shipper.example>',
          date: new Date('2026-11-20T08:30:00Z'),
          attachments: [
            {
              filename: 'commercial-invoice.pdf',
              content: await readFile(join(EXAMPLES, 'commercial-invoice.pdf')),
            },
          ],
        }),
      );
      await admin.logout();

      const workspace = await e2e.workspace();
      const ports = await pickUpPorts();
      const up = await startUp(e2e, workspace, ports, {
        IMAP_HOST: dovecot.host,
        IMAP_PORT: String(dovecot.port),
        IMAP_USER: dovecot.user,
        IMAP_PASSWORD: dovecot.password,
        IMAP_TLS: 'false',
      });
      expect(up.command.stdoutLines).toContain(`  mailbox   ${dovecot.user}@${dovecot.host} INBOX   (IDLE)`);

      await waitUntil(async () => (await countOutcomes(workspace)) === 1, {
        what: 'the mailed invoice extracted',
        timeoutMs: 90_000,
        explain: () => e2e.describe(),
      });
      const [name] = await outcomeNames(workspace.results);
      const result = JSON.parse(await readFile(join(workspace.results, name ?? ''), 'utf8')) as {
        document_type: string;
        origins: Array<{ source: string; file_name: string; email?: unknown }>;
      };
      expect(result.document_type).toBe('commercial_invoice');
      expect(result.origins).toHaveLength(1);
      expect(result.origins[0]).toMatchObject({
        source: 'imap',
        file_name: 'commercial-invoice.pdf',
        email: {
          subject: 'Invoice INV-2026-00042',
          from: ['billing@shipper.example'],
          to: ['ops@importer.example'],
          cc: ['finance@importer.example'],
          message_id: '<inv-42@shipper.example>',
          sent_at: '2026-11-20T08:30:00.000Z',
        },
      });
      await waitUntil(async () => (await contents(dovecot, 'Processed')).has('<inv-42@shipper.example>'), {
        what: 'the message moved to Processed',
        timeoutMs: 10_000,
        explain: () => e2e.describe(),
      });
      expect((await contents(dovecot, 'INBOX')).size).toBe(0);
    } finally {
      await dovecot.stop();
    }
  },
);
