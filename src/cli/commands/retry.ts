import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { z } from 'zod';
import { ServiceApiError } from '../../client/errors.ts';
import { loadConfig, serviceBaseUrl } from '../../config/load-config.ts';
import type { ConfigOverrides } from '../../config/settings.ts';
import { AppError } from '../../domain/errors.ts';
import { errorCode } from '../../domain/system-error-code.ts';
import { createLogger } from '../../observability/logger.ts';
import { line, type Output } from '../output.ts';
import { connectSession, localServiceRunning } from '../service-session.ts';

/** Where the folder source sets files aside; the pipeline's knowledge, passed in by the composition root. */
export interface RejectedFolder {
  /** `rejected/` for a given inbox. */
  dirOf(inbox: string): string;
  /** What is appended to a set-aside file's name for the file that says why, e.g. `.reason.txt`. */
  readonly reasonSuffix: string;
}

export interface RetryDeps {
  readonly rejected: RejectedFolder;
  readonly output: Output;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Name clashes in the inbox get ` (1)`, ` (2)`, …; past this many something else is wrong. */
const MAX_NAME_SUFFIX = 1_000;

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A free name in `dir` for `name`: itself, else `invoice (1).pdf`, as the archive names clashes. */
const freeName = async (dir: string, name: string): Promise<string> => {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 0; n <= MAX_NAME_SUFFIX; n++) {
    const candidate = n === 0 ? name : `${stem} (${n})${extension}`;
    if (!(await exists(join(dir, candidate)))) return candidate;
  }
  throw new AppError('name_clash', `${dir} already holds ${MAX_NAME_SUFFIX} files named like ${name}`);
};

/** The reason file's `reason:` and `detail:` lines (the folder source writes `key: value` lines). */
const whyRejected = (text: string): string => {
  const fields = new Map(
    text.split('\n').flatMap((entry) => {
      const at = entry.indexOf(': ');
      return at > 0 ? [[entry.slice(0, at), entry.slice(at + 2)] as const] : [];
    }),
  );
  return [fields.get('reason'), fields.get('detail')].filter((part) => part !== undefined).join(': ');
};

/**
 * `stevedore retry rejected`: moves every file in `rejected/` back into the inbox (never overwriting) and
 * removes its reason file, so the worker looks at it again.
 */
export const retryRejected = async (flags: ConfigOverrides, deps: RetryDeps): Promise<number> => {
  const config = loadConfig(deps.env, flags);
  const { stdout } = deps.output;
  const inbox = resolve(config.inbox);
  const rejectedDir = deps.rejected.dirOf(inbox);
  const { reasonSuffix } = deps.rejected;
  const entries = await readdir(rejectedDir, { withFileTypes: true }).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  });
  const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith(reasonSuffix));
  if (files.length === 0) {
    line(stdout, `nothing to retry in ${rejectedDir}`);
    return 0;
  }
  for (const file of files) {
    const reasonFile = join(rejectedDir, `${file.name}${reasonSuffix}`);
    const reason = whyRejected(await readFile(reasonFile, 'utf8').catch(() => ''));
    const target = await freeName(inbox, file.name);
    await rename(join(rejectedDir, file.name), join(inbox, target));
    await rm(reasonFile, { force: true });
    line(stdout, `  ${target}${reason ? `  (was: ${reason})` : ''}`);
  }
  line(stdout, `moved ${files.length} file${files.length === 1 ? '' : 's'} back into ${inbox}`);
  line(stdout, 'A running `stevedore up` takes them again; a file still unusable returns to rejected/.');
  return 0;
};

/** Just what `retry failed` reads from a failure file. */
const failureFile = z.object({ document_id: z.string().min(1), reason: z.string().optional() });

/**
 * `stevedore retry failed`: asks the service to re-extract every document in `out/failed/`. The new
 * outcome comes back as a webhook to `stevedore up`, whose events stage writes it: a success moves the
 * file to `out/results/`; a document that fails again stays in `out/failed/`.
 */
export const retryFailed = async (flags: ConfigOverrides, deps: RetryDeps): Promise<number> => {
  const config = loadConfig(deps.env, flags);
  const { stdout, stderr } = deps.output;
  const failedDir = resolve(config.out, 'failed');
  const names = (await readdir(failedDir).catch(() => [])).filter(
    (name) => name.endsWith('.json') && !name.startsWith('.'),
  );
  if (names.length === 0) {
    line(stdout, `nothing to retry in ${failedDir}`);
    return 0;
  }
  if (!config.apiBaseUrl && !(await localServiceRunning(config))) {
    throw new AppError(
      'service_not_running',
      `no service runs at ${serviceBaseUrl(config)}: start \`stevedore up\` first (with the same --port and --data-dir); its receiver writes the new outcomes`,
    );
  }
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    name: 'retry',
  });
  const session = await connectSession(config, logger, 'stevedore retry failed');
  let problems = 0;
  try {
    let asked = 0;
    for (const name of names) {
      const file = join(failedDir, name);
      try {
        const record = failureFile.parse(JSON.parse(await readFile(file, 'utf8')));
        await session.client.reextractDocument(record.document_id);
        asked++;
        line(stdout, `  ${record.document_id}${record.reason ? `  (was: ${record.reason})` : ''}`);
      } catch (error) {
        problems++;
        const detail =
          error instanceof ServiceApiError && error.status === 404
            ? 'the service does not know this document: is this the data dir and API key that made it?'
            : error instanceof Error
              ? error.message
              : String(error);
        line(stderr, `${file}: ${detail}`);
      }
    }
    line(stdout, `asked the service to re-extract ${asked} document${asked === 1 ? '' : 's'}`);
    line(
      stdout,
      'A success moves its file to out/results/; a document that fails again stays in out/failed/.',
    );
  } finally {
    await session.close();
  }
  return problems === 0 ? 0 : 1;
};
