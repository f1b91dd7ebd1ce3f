import type { Readable } from 'node:stream';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';
import type { ImapMailSourceOptions } from './imap-mail-source.ts';
import { commandLogger } from './imap-replies.ts';

/** What the server is asked to accept as the login: a password, or an OAuth2 access token (XOAUTH2). */
export type ImapCredentials =
  | { readonly user: string; readonly pass: string }
  | { readonly user: string; readonly accessToken: string };

export interface ImapServer {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (993); false means plain, upgraded with STARTTLS when the server offers it. */
  readonly tls: boolean;
  /** Called on every connect, so a refreshed OAuth2 token is used by the next connection. */
  readonly credentials: () => Promise<ImapCredentials>;
}

/** A server that answers nothing for this long is taken for a dropped connection. */
const SOCKET_TIMEOUT_MS = 60_000;

/**
 * One IMAP connection (imapflow), opened on first use and again after it drops, with the folders it has
 * made sure exist (kept across reconnects: a server that cuts sessions short is not asked to CREATE at
 * each one; a folder a move then fails to is forgotten, and made again by the next settle).
 */
export class ImapConnection {
  private client: ImapFlow | undefined;
  private connecting: Promise<ImapFlow> | undefined;
  private readonly folders = new Set<string>();
  private readonly options: Pick<ImapMailSourceOptions, 'server' | 'logger' | 'onCommand'>;

  constructor(options: Pick<ImapMailSourceOptions, 'server' | 'logger' | 'onCommand'>) {
    this.options = options;
  }

  hasFolder(folder: string): boolean {
    return this.folders.has(folder);
  }

  addFolder(folder: string): void {
    this.folders.add(folder);
  }

  forgetFolder(folder: string): void {
    this.folders.delete(folder);
  }

  /** Whether the current session is still up (false once the server has cut it). */
  alive(): boolean {
    return this.client?.usable === true;
  }

  async connect(): Promise<ImapFlow> {
    if (this.client?.usable === true) return this.client;
    this.client = undefined;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.connecting = undefined;
    if (client === undefined) return;
    try {
      if (client.usable) await client.logout();
    } catch {
      client.close();
    }
  }

  private async open(): Promise<ImapFlow> {
    const { server, onCommand, logger } = this.options;
    const credentials = await server.credentials();
    const options: ImapFlowOptions = {
      host: server.host,
      port: server.port,
      secure: server.tls,
      auth:
        'accessToken' in credentials
          ? { user: credentials.user, accessToken: credentials.accessToken }
          : { user: credentials.user, pass: credentials.pass },
      logger: onCommand === undefined ? false : commandLogger(onCommand),
      socketTimeout: SOCKET_TIMEOUT_MS,
      // Where the server has QRESYNC, messages moved away are told as UID ranges (VANISHED) instead of an
      // EXPUNGE line per message, which imapflow would parse one by one on both connections.
      qresync: true,
      // Nothing to upgrade to on loopback test servers; a real server offering STARTTLS still gets it.
      doSTARTTLS: server.tls ? undefined : server.host === '127.0.0.1' ? false : undefined,
    };
    const client = new ImapFlow(options);
    // A dropped connection surfaces as an error event; the next call sees `usable` false and reconnects.
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'IMAP connection error'));
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw new AppError('imap_connect_failed', `cannot connect to ${server.host}:${server.port}`, {
        retryable: true,
        cause: error,
      });
    }
    this.client = client;
    return client;
  }
}

/** Releases the mailbox lock once the caller has read `body` to its end, or given it up. */
export function releaseWhenDone(body: Readable, lock: { release(): void }): void {
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    lock.release();
  };
  body.once('close', release);
  body.once('end', release);
  body.once('error', release);
}
