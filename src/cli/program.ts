import { Command, InvalidArgumentError, Option } from 'commander';
import { isAppError } from '../domain/errors.ts';
import { accountsCreate, accountsList } from './commands/accounts.ts';
import { DEFAULT_DLQ_LIST_LIMIT, dlqList, dlqRedrive } from './commands/dlq.ts';
import { ingest } from './commands/ingest.ts';
import { type CheckMail, mailCheck } from './commands/mail.ts';
import { mcp } from './commands/mcp.ts';
import { type RejectedFolder, retryFailed, retryRejected } from './commands/retry.ts';
import { service } from './commands/service.ts';
import { up } from './commands/up.ts';
import type { LocalQueues } from './local-queues.ts';
import type { Output } from './output.ts';
import type { StartWorker } from './worker.ts';

export interface ProgramDeps {
  readonly startWorker: StartWorker;
  /** Reads the shared mailbox read-only for `mail check`. */
  readonly checkMail?: CheckMail;
  /** The worker's queues in a data dir, for the `dlq` commands. */
  readonly localQueues: LocalQueues;
  /** Where the folder source sets files aside, for `retry rejected`. */
  readonly rejected: RejectedFolder;
  readonly output: Output;
  /** The process's standard input, for `mcp --stdio`. */
  readonly stdin?: import('node:stream').Readable;
  /** The environment to read settings from; the process's own when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal: AbortSignal;
  readonly version: string;
}

/** What the user reads when a command fails: the error's message, with what to do where we know it. */
const explain = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  if ('code' in error && error.code === 'EADDRINUSE') {
    const address = 'address' in error && 'port' in error ? `${error.address}:${error.port}` : 'a port';
    return `${address} is already in use: stop the program using it, or choose other ports with --port and --receiver-port (STEVEDORE_PORT, STEVEDORE_RECEIVER_PORT)`;
  }
  return error.message;
};

const integer = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('must be a whole number');
  return parsed;
};

const number = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('must be a positive number');
  return parsed;
};

/** Demos: journeys of the sandbox carrier play this many times faster than real time. */
const timeScaleFlag = (command: Command): Command =>
  command.addOption(
    new Option(
      '--time-scale <factor>',
      'play sandbox tracking journeys this many times faster (default 1)',
    ).argParser(number),
  );

const dataDirFlag = (command: Command): Command =>
  command.addOption(new Option('--data-dir <dir>', 'state of the service and worker (default ./.stevedore)'));

/** Flags shared by the commands that touch the service's data; defaults come from the config schema. */
const serviceFlags = (command: Command): Command =>
  dataDirFlag(
    command.addOption(
      new Option('--port <port>', 'port of the local service (default 4010)').argParser(integer),
    ),
  );

/**
 * The `stevedore` command. Every action returns an exit code through `onExit`; nothing here calls
 * `process.exit`, so tests can run the program in process.
 */
export const createProgram = (deps: ProgramDeps, onExit: (code: number) => void): Command => {
  const program = new Command('stevedore')
    .description('Document intake for container logistics, with a local Container Tracking Service')
    .version(deps.version)
    .configureOutput({
      writeOut: (text) => deps.output.stdout.write(text),
      writeErr: (text) => deps.output.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError();

  const run =
    <A extends unknown[]>(action: (...args: A) => Promise<number>) =>
    async (...args: A): Promise<void> => {
      try {
        onExit(await action(...args));
      } catch (error) {
        deps.output.stderr.write(`stevedore: ${explain(error)}\n`);
        onExit(isAppError(error) && error.code === 'invalid_config' ? 2 : 1);
      }
    };

  timeScaleFlag(serviceFlags(program.command('up')))
    .description(
      'run the local service, the webhook receiver and the worker on ./inbox, with the docs alias and the MCP server',
    )
    .option('--inbox <dir>', 'drop folder (default ./inbox)')
    .option('--out <dir>', 'results and failures (default ./out)')
    .addOption(
      new Option('--receiver-port <port>', 'port of the webhook receiver (default 4011)').argParser(integer),
    )
    .addOption(
      new Option(
        '--smtp-port <port>',
        `port of the docs alias SMTP listener (default 2525, or a free one)`,
      ).argParser(integer),
    )
    .option(
      '--metrics [file]',
      'append CloudWatch EMF metric lines to file (default <data dir>/logs/metrics.emf.jsonl; - is stdout)',
    )
    .action(run((flags: Record<string, unknown>) => up(flags, deps)));

  timeScaleFlag(serviceFlags(program.command('service')))
    .description('run the local Container Tracking Service alone')
    .option('--allow-private-webhooks', 'deliver webhooks to loopback and private addresses')
    .addOption(
      new Option(
        '--smtp-port <port>',
        'also accept mail for the docs alias on this port (off unless set)',
      ).argParser(integer),
    )
    .action(run((flags: Record<string, unknown>) => service(flags, deps)));

  dataDirFlag(program.command('mcp'))
    .description('run the MCP (agent) server over HTTP at POST /mcp, or on stdin/stdout with --stdio')
    .addOption(new Option('--port <port>', 'port of the MCP server (default 4020)').argParser(integer))
    .option('--stdio', 'serve one local MCP client on stdin/stdout instead of HTTP')
    .action(
      run(({ port, ...flags }: Record<string, unknown>) =>
        // The `integer` parser above made `--port` a number.
        mcp({ ...flags, ...(port === undefined ? {} : { mcpPort: port as number }) }, deps),
      ),
    );

  serviceFlags(program.command('ingest'))
    .description('upload files, wait for their extraction and print the result as JSON')
    .argument('<files...>', 'files to ingest')
    .addOption(
      new Option('--timeout <seconds>', 'how long to wait for each outcome').argParser(integer).default(120),
    )
    .action(run((files: string[], flags: Record<string, unknown>) => ingest(files, flags, deps)));

  const accounts = program
    .command('accounts')
    .description("manage the local service's accounts and their keys");
  dataDirFlag(accounts.command('create'))
    .description('create an account and print its new API key (works while the service runs)')
    .requiredOption('--name <name>', 'name of the account')
    .option('--features <list>', 'paid features, comma-separated: refresh, routing (default none)')
    .action(run((flags: Record<string, unknown>) => accountsCreate(flags, deps)));
  dataDirFlag(accounts.command('list'))
    .description('list the accounts: id, name and features')
    .action(run((flags: Record<string, unknown>) => accountsList(flags, deps)));

  const mail = program.command('mail').description('the shared mailbox (IMAP_* settings)');
  mail
    .command('check')
    .description('show what the mail rules would take from recent mail, without touching the mailbox')
    .option('--since <age>', 'how far back: 12h, 7d, 2w', '7d')
    .action(run((flags: { since?: string }) => mailCheck(flags, deps)));

  const dlq = program.command('dlq').description('inspect and redrive messages that kept failing');
  const queueOption = () =>
    new Option('--queue <name>', 'only this queue').choices([...deps.localQueues.names]);
  dataDirFlag(dlq.command('list'))
    .description('show each dead letter: its age, what it was about and its last logged error')
    .addOption(queueOption())
    .addOption(
      new Option(
        '--limit <count>',
        `at most this many per queue (default ${DEFAULT_DLQ_LIST_LIMIT})`,
      ).argParser(integer),
    )
    .action(run((flags: Record<string, unknown>) => dlqList(flags, deps)));
  dataDirFlag(dlq.command('redrive'))
    .description('move dead letters back into their queue, to be tried again')
    .addOption(queueOption())
    .action(run((flags: Record<string, unknown>) => dlqRedrive(flags, deps)));

  const retry = program.command('retry').description('try set-aside files and failed documents again');
  retry
    .command('rejected')
    .description('move the files in rejected/ back into the inbox, removing their .reason.txt')
    .option('--inbox <dir>', 'drop folder (default ./inbox); rejected/ sits beside it')
    .action(run((flags: Record<string, unknown>) => retryRejected(flags, deps)));
  serviceFlags(retry.command('failed'))
    .description('ask the service to re-extract the documents in out/failed/ (needs `stevedore up` running)')
    .option('--out <dir>', 'results and failures (default ./out)')
    .action(run((flags: Record<string, unknown>) => retryFailed(flags, deps)));

  return program;
};
