import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/settings.ts';
import { DEFAULT_MAIL_LIMITS } from '../../mail/mail-limits.ts';
import { PRIVATE_DIRECTORY_MODE } from '../../store/database.ts';
import type { SmtpDeadlines } from './connection-limits.ts';
import {
  createDocsAliasServer,
  type DocsAliasServer,
  type DocsAliasServerDeps,
} from './docs-alias-server.ts';
import { type ReceiveEmailDeps, receiveEmail } from './receive-email.ts';

export interface DocsAliasListenerInput {
  readonly config: Pick<
    Config,
    'dataDir' | 'smtpHost' | 'smtpDomain' | 'smtpMaxMessageBytes' | 'maxUploadBytes'
  >;
  /** The stores a message's submission and documents are written to. */
  readonly stores: Omit<ReceiveEmailDeps, 'tempDir' | 'limits' | 'maxUploadBytes'>;
  readonly findAccount: DocsAliasServerDeps['findAccount'];
  /** DEFAULT_SMTP_DEADLINES unless set (tests shorten them). */
  readonly deadlines?: SmtpDeadlines;
}

/**
 * Starts the docs alias's SMTP listener on `port`: a message is read under `<data dir>/mail-tmp/smtp`
 * (emptied first: temp files of messages a killed run was reading are of no use), held to the SMTP
 * message cap and each document to the service's upload cap.
 */
export async function listenDocsAlias(
  input: DocsAliasListenerInput,
  port: number,
): Promise<{ server: DocsAliasServer; port: number }> {
  const { config, stores } = input;
  // Its own folder: the worker's mail poller reads under `mail-tmp/imap` meanwhile.
  const tempDir = join(config.dataDir, 'mail-tmp', 'smtp');
  await rm(tempDir, { recursive: true, force: true });
  await mkdir(tempDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const limits = {
    ...DEFAULT_MAIL_LIMITS,
    maxMessageBytes: config.smtpMaxMessageBytes,
    maxAttachmentBytes: Math.min(DEFAULT_MAIL_LIMITS.maxAttachmentBytes, config.maxUploadBytes),
  };
  const deps: ReceiveEmailDeps = { ...stores, tempDir, limits, maxUploadBytes: config.maxUploadBytes };
  const server = createDocsAliasServer({
    findAccount: input.findAccount,
    receive: (accountIds, source) => receiveEmail(deps, accountIds, source),
    domain: config.smtpDomain,
    maxMessageBytes: config.smtpMaxMessageBytes,
    logger: stores.logger,
    ...(input.deadlines === undefined ? {} : { deadlines: input.deadlines }),
  });
  const listening = await server.listen(port, config.smtpHost);
  return { server, port: listening.port };
}
