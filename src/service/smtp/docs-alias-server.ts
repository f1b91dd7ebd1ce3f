import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '../../observability/logger.ts';
import { ConnectionLimits, DEFAULT_SMTP_DEADLINES, type SmtpDeadlines } from './connection-limits.ts';
import { parseDocsAlias } from './docs-alias.ts';
import type { ReceiveEmailResult } from './receive-email.ts';

// Mail for the alias comes from a handful of local clients; more at once is a flood. Past it a newcomer
// takes the slot of a stale connection (connection-limits.ts), or is refused.
export const MAX_CLIENTS = 20;
// Connections smtp-server itself lets in (to the greeting, where `admit` decides): room for a burst of
// newcomers each taking a stale slot, and a hard stop for a flood.
const MAX_CONNECTIONS = 2 * MAX_CLIENTS;
// A client that says nothing for a minute has gone; SMTP's own default is five.
const SOCKET_TIMEOUT_MS = 60_000;
// How long close() lets a message in DATA finish before cutting connections.
const CLOSE_TIMEOUT_MS = 5_000;
// Recipients of one message: an account has one alias, so even a message for every account on a busy
// local service has few; past this the client gets 452 and sends the rest in another transaction.
export const MAX_RECIPIENTS = 50;
// Refused recipients one connection may try before it is dropped with 421: past a few typos, it is a
// client guessing aliases (each guess is a lookup).
export const MAX_REFUSED_RECIPIENTS = 20;
// Transactions (MAIL commands) one connection may start: a client with more mail reconnects, so one
// connection cannot hold a slot and feed the service forever.
export const MAX_TRANSACTIONS_PER_CONNECTION = 100;
// A command line is at most 512 octets (RFC 5321 4.5.3.1.4) plus extension parameters; 4 KiB is ample,
// and smaller than the library's 16 KiB that a client could otherwise fill on every line.
export const MAX_COMMAND_LENGTH = 4 * 1024;
// A message twice the SIZE this listener advertises will be refused whatever follows: past that the
// connection is cut with 552 rather than read to its end (200 MB streamed in under a second here).
const OVERSIZED_DATA_FACTOR = 2;

export interface DocsAliasServerDeps {
  /** The account the alias token names, or undefined. */
  readonly findAccount: (token: string) => { readonly id: string } | undefined;
  readonly receive: (
    accountIds: readonly string[],
    source: SMTPServerDataStream,
  ) => Promise<ReceiveEmailResult>;
  readonly domain: string;
  readonly maxMessageBytes: number;
  readonly logger: Logger;
  /** DEFAULT_SMTP_DEADLINES unless set (tests shorten them). */
  readonly deadlines?: SmtpDeadlines;
}

export interface DocsAliasServer {
  listen(port: number, host: string): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** An SMTP reply with its code; smtp-server answers with `responseCode` and the message. */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The SMTP listener of the docs alias: mail for `docs+<account id>@<domain>` only (anything else is refused
 * at RCPT, so it relays nothing), SIZE advertised and enforced, no AUTH and no STARTTLS: it is meant for
 * loopback, where the only clients are local programs.
 */
export function createDocsAliasServer(deps: DocsAliasServerDeps): DocsAliasServer {
  const logger = deps.logger.child({ component: 'smtp' });
  // Per connection: smtp-server keeps one session object for the life of a connection.
  const refused = new WeakMap<SMTPServerSession, number>();
  const refuse = (session: SMTPServerSession, error: Error): Error => {
    const count = (refused.get(session) ?? 0) + 1;
    refused.set(session, count);
    // 421 makes smtp-server close the connection after the reply.
    return count >= MAX_REFUSED_RECIPIENTS
      ? smtpError(421, `too many refused recipients; closing the connection (${error.message})`)
      : error;
  };
  const transactions = new WeakMap<SMTPServerSession, number>();
  const limits = new ConnectionLimits(
    () => server,
    deps.deadlines ?? DEFAULT_SMTP_DEADLINES,
    OVERSIZED_DATA_FACTOR * deps.maxMessageBytes,
  );
  const server: SMTPServer = new SMTPServer({
    name: deps.domain,
    banner: 'stevedore docs alias',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.maxMessageBytes,
    maxClients: MAX_CONNECTIONS,
    maxRecipients: MAX_RECIPIENTS,
    maxCommandLength: MAX_COMMAND_LENGTH,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      if (!limits.admit(session, MAX_CLIENTS)) {
        return callback(smtpError(421, `${deps.domain} Too many connected clients, try again in a moment`));
      }
      limits.attach(session);
      callback();
    },
    onMailFrom(_address, session, callback) {
      const count = (transactions.get(session) ?? 0) + 1;
      transactions.set(session, count);
      if (count > MAX_TRANSACTIONS_PER_CONNECTION) {
        return callback(smtpError(421, 'too many messages on one connection; connect again to send more'));
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      const alias = parseDocsAlias(address.address, deps.domain);
      if (alias.kind === 'foreign_domain')
        return callback(refuse(session, smtpError(550, 'relay not permitted')));
      if (alias.kind === 'not_an_alias' || deps.findAccount(alias.token) === undefined) {
        return callback(refuse(session, smtpError(550, `no such docs alias: ${address.address}`)));
      }
      callback();
    },
    onData(stream, session, callback) {
      limits.receiving(session, stream);
      limits
        .storing(session, () => handleData(deps, logger, stream, session))
        .then(
          (reply) => callback(null, reply),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    // A failed listen rejects listen() below, whose caller says what to do; only connections are logged.
    if (error.syscall === 'listen') return;
    logger.warn({ err: error }, 'smtp connection error');
  });

  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.server.once('error', onError);
        server.listen(port, host, () => {
          server.server.off('error', onError);
          resolve({ port: (server.server.address() as AddressInfo).port });
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function handleData(
  deps: DocsAliasServerDeps,
  logger: Logger,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
): Promise<string> {
  const accountIds = [
    ...new Set(
      session.envelope.rcptTo.flatMap((recipient) => {
        const alias = parseDocsAlias(recipient.address, deps.domain);
        const account = alias.kind === 'alias' ? deps.findAccount(alias.token) : undefined;
        return account === undefined ? [] : [account.id];
      }),
    ),
  ];
  let result: ReceiveEmailResult;
  try {
    result = await deps.receive(accountIds, stream);
  } catch (error) {
    // smtp-server answers only once the DATA stream has ended: read what is left, unused.
    stream.unpipe();
    stream.resume();
    logger.error({ err: error }, 'a message could not be stored');
    // 451: the sender keeps the message and tries again later.
    throw smtpError(451, 'the message could not be stored; try again later');
  }
  if (stream.sizeExceeded || (result.kind === 'refused' && result.refusal.reason === 'too_large')) {
    throw smtpError(552, `message exceeds the fixed maximum message size of ${deps.maxMessageBytes} bytes`);
  }
  if (result.kind === 'refused') throw smtpError(554, `message refused: ${result.refusal.detail}`);
  const ids = result.submissions.map((entry) => entry.submission.id);
  const documents = result.submissions.reduce((sum, entry) => sum + entry.submission.documentIds.length, 0);
  logger.info(
    { submissions: ids, documents, skipped: result.skipped.length },
    'mail for the docs alias accepted',
  );
  return `accepted as email submission ${ids.join(', ')}`;
}
