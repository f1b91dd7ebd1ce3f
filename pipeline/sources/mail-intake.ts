import { join } from 'node:path';
import type { Config } from '../../src/config/settings.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import { DEFAULT_MAIL_LIMITS } from '../../src/mail/mail-limits.ts';
import { createMailReaderPool } from '../../src/mail/mail-reader.ts';
import { evaluateMail, rulesForMailbox } from '../../src/mail/rules.ts';
import type { MailLimits } from '../../src/mail/types.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { ImapMailSource, type ImapServer } from '../adapters/imap-mail-source.ts';
import { ClientCredentialsTokens } from '../adapters/imap-oauth.ts';
import type { AdmissionDeps } from '../admission/admission.ts';
import { mailboxKeyOf } from '../ledger/mailbox.ts';
import type { Ledger } from '../ports.ts';
import type { MailRulesCheck } from './mail-import.ts';
import { MailPoller } from './mail-poller.ts';
import { removeStaleReadFolders } from './mail-read-folders.ts';
import { MailWatch } from './mail-watch.ts';

/** The reader's caps: the defaults with their reasons, narrowed by the settings. */
export const mailLimitsOf = (config: Config): MailLimits => ({
  ...DEFAULT_MAIL_LIMITS,
  maxMessageBytes: config.mailMaxMessageBytes,
  maxAttachmentBytes: Math.min(DEFAULT_MAIL_LIMITS.maxAttachmentBytes, config.maxUploadBytes),
  maxDocuments: config.mailMaxDocuments,
});

/** The rules of `STEVEDORE_MAIL_RULES` for one mailbox, as the poller applies them. */
export const mailRulesOf =
  (config: Config, mailbox: string): MailRulesCheck =>
  (read) =>
    evaluateMail(
      rulesForMailbox(config.mailRules ?? { mailboxes: {} }, mailbox),
      read.metadata,
      read.documents,
    );

/** Where the mailbox's secret comes from: the settings locally, SSM parameters when deployed. */
export interface ImapSecrets {
  password(): Promise<string>;
  oauthClientSecret(): Promise<string>;
}

const required = (value: string | undefined, setting: string): Promise<string> =>
  value === undefined
    ? Promise.reject(new AppError('invalid_config', `${setting} is needed for the shared mailbox`))
    : Promise.resolve(value);

export const settingsImapSecrets = (config: Config): ImapSecrets => ({
  password: () => required(config.imapPassword, 'IMAP_PASSWORD (or IMAP_OAUTH_TOKEN_URL)'),
  oauthClientSecret: () => required(config.imapOauthClientSecret, 'IMAP_OAUTH_CLIENT_SECRET'),
});

/** The server and credentials of `IMAP_*`: a password, or XOAUTH2 with a client-credentials token. */
export function imapServerOf(
  config: Config,
  clock: Clock,
  secrets: ImapSecrets = settingsImapSecrets(config),
): ImapServer & { user: string } {
  const { imapHost, imapUser, imapOauthTokenUrl, imapOauthClientId } = config;
  if (imapHost === undefined || imapUser === undefined) {
    throw new AppError('invalid_config', 'IMAP_HOST and IMAP_USER are both needed for the shared mailbox');
  }
  const user = imapUser;
  const base = { host: imapHost, port: config.imapPort, tls: config.imapTls, user };
  if (imapOauthTokenUrl === undefined) {
    return { ...base, credentials: async () => ({ user, pass: await secrets.password() }) };
  }
  if (imapOauthClientId === undefined) {
    throw new AppError('invalid_config', 'IMAP_OAUTH_TOKEN_URL needs IMAP_OAUTH_CLIENT_ID');
  }
  const tokens = new ClientCredentialsTokens(
    {
      tokenUrl: imapOauthTokenUrl,
      clientId: imapOauthClientId,
      clientSecret: () => secrets.oauthClientSecret(),
      ...(config.imapOauthScope === undefined ? {} : { scope: config.imapOauthScope }),
    },
    clock,
  );
  return { ...base, credentials: async () => ({ user, accessToken: await tokens.token() }) };
}

/** A poll's read folder untouched this long was left by a killed run (a poll's lease is 10 minutes). */
const STALE_READ_FOLDER_MS = 60 * 60 * 1000;

export interface MailIntakeOptions {
  readonly config: Config;
  readonly ledger: Ledger;
  readonly admission: AdmissionDeps;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Beside the blob store's folder, so documents are staged by hard link. */
  readonly tempDir?: string;
  readonly idleMs?: number;
}

/** The shared mailbox of `stevedore up`: an IMAP source, its poller, and the IDLE loop around them. */
export function startMailIntake(options: MailIntakeOptions): MailWatch {
  const { config, ledger, admission, clock, logger } = options;
  const server = imapServerOf(config, clock);
  const source = new ImapMailSource({ server, logger });
  // Messages are parsed in worker threads beside the fetches and commits; the threads end with the watch.
  const reader = createMailReaderPool();
  // Not the docs alias listener's folder (`mail-tmp/smtp`): each clears only what it left itself.
  const tempDir = options.tempDir ?? join(config.dataDir, 'mail-tmp', 'imap');
  removeStaleReadFolders(tempDir, STALE_READ_FOLDER_MS, clock.now()).then(
    (removed) => {
      if (removed > 0)
        logger.info({ removed, tempDir }, 'removed the temp folders of polls that were killed');
    },
    (error: unknown) => logger.warn({ err: error, tempDir }, 'could not clear old mail temp folders'),
  );
  const poller = new MailPoller({
    source,
    mailbox: config.imapMailbox,
    box: mailboxKeyOf(server, config.imapMailbox),
    ledger,
    admission,
    reader,
    rules: mailRulesOf(config, config.imapMailbox),
    limits: mailLimitsOf(config),
    tempDir,
    clock,
    logger,
  });
  const watch = new MailWatch({
    poller,
    waitForMail: (maxMs, signal) => source.waitForMail(config.imapMailbox, maxMs, signal),
    reset: () => source.close(),
    release: () => reader.close(),
    clock,
    logger,
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
  });
  watch.start();
  logger.info(
    { host: server.host, mailbox: config.imapMailbox, user: server.user },
    'watching the shared mailbox',
  );
  return watch;
}
