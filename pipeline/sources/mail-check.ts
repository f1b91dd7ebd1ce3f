import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckMail } from '../../src/cli/commands/mail.ts';
import { systemClock } from '../../src/domain/clock.ts';
import { readMailMessage } from '../../src/mail/read-message.ts';
import { silentLogger } from '../../src/observability/logger.ts';
import { ImapMailSource } from '../adapters/imap-mail-source.ts';
import { imapServerOf, mailLimitsOf, mailRulesOf } from './mail-intake.ts';

/** Enough recent mail to judge the rules by; older mail is what `--since` is for. */
const MAX_CHECKED = 500;

/**
 * `stevedore mail check`: each recent message read as the poller would (same reader, limits and rules),
 * over a read-only session (EXAMINE, BODY.PEEK): no flag is set and nothing is moved or recorded.
 */
export const checkMail: CheckMail = async (config, since, onEntry) => {
  const server = imapServerOf(config, systemClock);
  const source = new ImapMailSource({ server, logger: silentLogger, readOnly: true });
  const rules = mailRulesOf(config, config.imapMailbox);
  const limits = mailLimitsOf(config);
  const dir = await mkdtemp(join(tmpdir(), 'stevedore-mail-check-'));
  try {
    const listing = await source.list(config.imapMailbox, undefined, MAX_CHECKED, { since });
    for (const message of listing.messages) {
      const raw = await source.source(message);
      const read = await readMailMessage(raw, { tempDir: dir, limits, sizeBytes: message.sizeBytes }).finally(
        // A message refused on its announced size is never read: ending the stream frees the mailbox.
        () => raw.destroy(),
      );
      try {
        const decision = read.refusal === null ? rules(read) : null;
        onEntry({
          uid: message.uid,
          receivedAt: message.receivedAt,
          from: read.metadata.from,
          subject: read.metadata.subject,
          refusal: read.refusal ?? decision?.refusal ?? null,
          take: (decision?.refusal === null ? decision.taken : []).map((document) => ({
            fileName: document.fileName,
            contentType: document.contentType,
            sizeBytes: document.sizeBytes,
          })),
          skipped: [
            ...(decision?.refused ?? []).map((part) => ({
              name: part.document.fileName,
              reason: part.reason,
              detail: part.detail,
            })),
            ...read.skipped.map((part) => ({
              name: part.fileName ?? `part ${part.partPath}`,
              reason: part.reason,
              detail: part.detail,
            })),
          ],
        });
      } finally {
        await read.dispose();
      }
    }
  } finally {
    await source.close();
    await rm(dir, { recursive: true, force: true });
  }
};
