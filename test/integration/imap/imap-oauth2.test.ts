import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { ClientCredentialsTokens } from '../../../pipeline/adapters/imap-oauth.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { mailWithPdf } from '../../support/mail-messages.ts';
import { appendAll } from './mail-rig.ts';

const available = requireDovecot('imap-oauth2');

/**
 * A loopback OAuth2 server: the token endpoint of the client-credentials flow, and the introspection
 * endpoint Dovecot's oauth2 passdb asks whether a token is valid and whose it is.
 */
const startAuthServer = async () => {
  const issued = new Set<string>();
  const grants: URLSearchParams[] = [];
  let introspections = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') {
        grants.push(form);
        if (form.get('client_secret') !== 'app-secret') {
          response.statusCode = 401;
          response.end(JSON.stringify({ error: 'invalid_client' }));
          return;
        }
        const token = `token-${grants.length}`;
        issued.add(token);
        response.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      introspections += 1;
      const token = form.get('token') ?? (request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.end(
        JSON.stringify(issued.has(token) ? { active: 'true', username: 'test' } : { active: 'false' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    grants,
    introspections: () => introspections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe.runIf(available)('XOAUTH2 against Dovecot with a loopback token endpoint', () => {
  let auth: Awaited<ReturnType<typeof startAuthServer>>;
  let dovecot: Dovecot;
  beforeAll(async () => {
    auth = await startAuthServer();
    dovecot = await startDovecot({ oauth2IntrospectionUrl: `${auth.url}/introspect` });
  });
  afterAll(async () => {
    await dovecot?.stop();
    await auth?.close();
  });

  it('logs in with a client-credentials token, cached until shortly before it expires', async () => {
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(1)]);
    const clock = new ManualClock(Date.parse('2026-11-24T08:00:00Z'));
    const tokens = new ClientCredentialsTokens(
      {
        tokenUrl: `${auth.url}/token`,
        clientId: 'app',
        clientSecret: async () => 'app-secret',
        scope: 'imap',
      },
      clock,
    );
    const connectWith = () =>
      new ImapMailSource({
        server: {
          host: dovecot.host,
          port: dovecot.port,
          tls: false,
          credentials: async () => ({ user: dovecot.user, accessToken: await tokens.token() }),
        },
        logger: silentLogger,
      });

    const first = connectWith();
    expect((await first.list('INBOX', undefined, 10)).messages).toHaveLength(1);
    await first.close();
    const second = connectWith();
    await second.list('INBOX', undefined, 10);
    await second.close();
    expect(auth.grants).toHaveLength(1);
    expect(auth.grants[0]?.get('grant_type')).toBe('client_credentials');
    expect(auth.grants[0]?.get('scope')).toBe('imap');
    expect(auth.introspections()).toBeGreaterThanOrEqual(1);

    // 56 minutes later the token has under 5 minutes left: a new one is fetched before the next login.
    clock.advance(56 * 60 * 1000);
    const third = connectWith();
    expect((await third.list('INBOX', undefined, 10)).messages).toHaveLength(1);
    await third.close();
    expect(auth.grants).toHaveLength(2);
  });

  it('says why when the token endpoint refuses the client: imap_token_failed with its status', async () => {
    const tokens = new ClientCredentialsTokens(
      { tokenUrl: `${auth.url}/token`, clientId: 'app', clientSecret: async () => 'wrong' },
      new ManualClock(0),
    );
    const source = new ImapMailSource({
      server: {
        host: dovecot.host,
        port: dovecot.port,
        tls: false,
        credentials: async () => ({ user: dovecot.user, accessToken: await tokens.token() }),
      },
      logger: silentLogger,
    });
    try {
      // The poll path, not the token call alone: the failure must not turn into imap_connect_failed.
      await expect(source.list('INBOX', undefined, 10)).rejects.toMatchObject({
        code: 'imap_token_failed',
        message: 'the token endpoint answered 401 (invalid_client)',
        details: { status: 401, error: 'invalid_client' },
        retryable: false,
      });
    } finally {
      await source.close();
    }
  });

  it('a token endpoint that does not answer is imap_token_failed too, retryable, with no status', async () => {
    const closed = await startAuthServer();
    await closed.close();
    const tokens = new ClientCredentialsTokens(
      { tokenUrl: `${closed.url}/token`, clientId: 'app', clientSecret: async () => 'app-secret' },
      new ManualClock(0),
    );
    await expect(tokens.token()).rejects.toMatchObject({
      code: 'imap_token_failed',
      retryable: true,
      details: { status: null },
    });
  });
});
