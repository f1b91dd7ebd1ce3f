import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** Debian's Dovecot; the IMAP suites skip loudly without it, and fail under CI. */
export const DOVECOT_BIN = '/usr/sbin/dovecot';
export const DOVECOT_USER = 'test';
export const DOVECOT_PASSWORD = 'secret';
/** uid/gid the mail belongs to (nobody): Dovecot refuses to run mail as root. */
const MAIL_ID = 65534;

export const dovecotAvailable = (): boolean => existsSync(DOVECOT_BIN);

/**
 * `describe` for a suite that needs Dovecot: runs it when installed; otherwise says so loudly and
 * skips, except under `CI=true`, where a missing Dovecot is a broken machine and the suite fails.
 */
export function requireDovecot(suite: string): boolean {
  if (dovecotAvailable()) return true;
  const message = `\n!!! ${suite}: Dovecot (${DOVECOT_BIN}) is not installed; the IMAP tests are SKIPPED.\n!!! Install dovecot-imapd to run them.\n`;
  if (process.env.CI === 'true') throw new Error(message);
  process.stderr.write(message);
  return false;
}

export interface DovecotOptions {
  /** An OAuth2 introspection URL: Dovecot then also accepts XOAUTH2 and checks tokens there. */
  readonly oauth2IntrospectionUrl?: string;
  /** The hierarchy separator (default `/`); `.` with `prefix` `INBOX.` is a Courier-style server. */
  readonly separator?: string;
  /** The personal namespace's prefix (default none): every folder then lives under it. */
  readonly prefix?: string;
  /** A global ACL file's lines (`Processed owner lr`): the ACL plugin is then loaded. */
  readonly globalAcl?: string;
  /** The CAPABILITY the server announces after login instead of its own (an older server's). */
  readonly capabilities?: string;
}

export interface Dovecot {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** The user's Maildir, for seeding many messages without IMAP. */
  readonly maildir: string;
  /** A connected, logged-in client for setting up a test (APPEND, CREATE, DELETE); the caller logs out. */
  client(): Promise<ImapFlow>;
  /** Writes messages straight into a mailbox's Maildir (much faster than APPEND for tens of thousands). */
  seedMaildir(mailbox: string, messages: readonly Buffer[]): Promise<void>;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(),
      );
    });
  });

const greeted = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const config = (dir: string, port: number, options: DovecotOptions): string => `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = stevedore-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl === undefined ? '' : ' xoauth2 oauthbearer'}
mail_location = maildir:~/Maildir
first_valid_uid = 1
${options.capabilities === undefined ? '' : `imap_capability = ${options.capabilities}\n`}${
  options.globalAcl === undefined
    ? ''
    : `mail_plugins = $mail_plugins acl
protocol imap {
  mail_plugins = $mail_plugins imap_acl
}
plugin {
  acl = vfile:${dir}/global-acl
}
`
}${
  options.oauth2IntrospectionUrl === undefined
    ? ''
    : `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
protocol imap {
  mail_max_userip_connections = 50
}
namespace inbox {
  inbox = yes
  separator = ${options.separator ?? '/'}
  prefix = ${options.prefix ?? ''}
}
`;

/** Starts a private Dovecot on a free loopback port, with user `test`/`secret` and an empty Maildir. */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'stevedore-dovecot-'));
  // Dovecot's auth process runs as its own user and must reach the users file.
  await chmod(dir, 0o755);
  const port = await freePort();
  const home = join(dir, 'mail', DOVECOT_USER);
  const maildir = join(home, 'Maildir');
  for (const sub of ['cur', 'new', 'tmp']) await mkdir(join(maildir, sub), { recursive: true });
  await writeFile(
    join(dir, 'users'),
    `${DOVECOT_USER}:{PLAIN}${DOVECOT_PASSWORD}:${MAIL_ID}:${MAIL_ID}::${home}::\n`,
  );
  if (options.oauth2IntrospectionUrl !== undefined) {
    await writeFile(
      join(dir, 'oauth2.conf.ext'),
      [
        'introspection_mode = post',
        `introspection_url = ${options.oauth2IntrospectionUrl}`,
        'username_attribute = username',
        'active_attribute = active',
        'active_value = true',
        '',
      ].join('\n'),
    );
  }
  if (options.globalAcl !== undefined) await writeFile(join(dir, 'global-acl'), options.globalAcl);
  await writeFile(join(dir, 'dovecot.conf'), config(dir, port, options));
  const owned = process.getuid?.() === 0;
  if (owned) await chownTree(join(dir, 'mail'));
  const child: ChildProcess = spawn(DOVECOT_BIN, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await greeted(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`Dovecot did not start on port ${port}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const dovecot: Dovecot = {
    host: '127.0.0.1',
    port,
    user: DOVECOT_USER,
    password: DOVECOT_PASSWORD,
    maildir,
    async client() {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        doSTARTTLS: false,
        auth: { user: DOVECOT_USER, pass: DOVECOT_PASSWORD },
        logger: false,
      });
      await client.connect();
      return client;
    },
    async seedMaildir(mailbox, messages) {
      const folder = mailbox === 'INBOX' ? maildir : join(maildir, `.${mailbox}`);
      for (const sub of ['cur', 'new', 'tmp']) await mkdir(join(folder, sub), { recursive: true });
      const stamp = Math.floor(Date.now() / 1000);
      let n = 0;
      for (const message of messages) {
        n += 1;
        await writeFile(
          join(folder, 'new', `${stamp}.M${n}P${process.pid}.seed,S=${message.length}`),
          message,
        );
      }
      if (owned) await chownTree(folder);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
  return dovecot;
}

async function chownTree(path: string): Promise<void> {
  await chown(path, MAIL_ID, MAIL_ID);
  const entries = await readdir(path, { withFileTypes: true });
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await chownTree(child);
    else await chown(child, MAIL_ID, MAIL_ID);
  }
}
