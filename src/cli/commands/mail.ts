import { loadConfig } from '../../config/load-config.ts';
import type { Config } from '../../config/settings.ts';
import { AppError } from '../../domain/errors.ts';
import { line, type Output } from '../output.ts';

/** What the rules would do with one message, as `stevedore mail check` shows it. */
export interface MailCheckEntry {
  readonly uid: number;
  readonly receivedAt: string;
  readonly from: readonly string[];
  readonly subject: string | null;
  /** The documents the poller would take. */
  readonly take: readonly {
    readonly fileName: string;
    readonly contentType: string;
    readonly sizeBytes: number;
  }[];
  /** Set when the whole message would go to `Failed`. */
  readonly refusal: { readonly reason: string; readonly detail: string } | null;
  /** Parts left out, each with its reason. */
  readonly skipped: readonly { readonly name: string; readonly reason: string; readonly detail: string }[];
}

/**
 * Reads the recent mail of the configured mailbox without changing it (EXAMINE, no flag set, nothing
 * moved) and says what the rules would take. Supplied by the pipeline; `src/` never imports it.
 */
export type CheckMail = (
  config: Config,
  since: Date,
  onEntry: (entry: MailCheckEntry) => void,
) => Promise<void>;

export interface MailCheckDeps {
  readonly checkMail?: CheckMail;
  readonly output: Output;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly now?: () => number;
}

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** `7d`, `12h`, `2w`: how far back to look. */
export const parseSince = (text: string): number => {
  const match = /^(\d{1,4})([hdw])$/.exec(text.trim());
  if (match === null) {
    throw new AppError(
      'invalid_config',
      `--since ${text}: use a number of hours, days or weeks (12h, 7d, 2w)`,
    );
  }
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
};

/** `stevedore mail check [--since 7d]`. */
export async function mailCheck(flags: { since?: string }, deps: MailCheckDeps): Promise<number> {
  const config = loadConfig(deps.env, {});
  if (config.imapHost === undefined) {
    throw new AppError(
      'invalid_config',
      'no mailbox to check: set IMAP_HOST, IMAP_USER and IMAP_PASSWORD (or OAuth2)',
    );
  }
  if (deps.checkMail === undefined)
    throw new AppError('unsupported', 'mail check is not available in this build');
  const since = new Date((deps.now ?? Date.now)() - parseSince(flags.since ?? '7d'));
  const { stdout } = deps.output;
  line(
    stdout,
    `${config.imapUser ?? ''}@${config.imapHost} ${config.imapMailbox}, mail since ${since.toISOString().slice(0, 10)} (read-only)`,
  );
  let messages = 0;
  let documents = 0;
  await deps.checkMail(config, since, (entry) => {
    messages += 1;
    documents += entry.take.length;
    const verdict =
      entry.refusal !== null
        ? `Failed (${entry.refusal.reason}: ${entry.refusal.detail})`
        : entry.take.length === 0
          ? 'Failed (no_documents)'
          : `takes ${entry.take.length}`;
    line(
      stdout,
      `${entry.receivedAt.slice(0, 16).replace('T', ' ')}  ${entry.from.join(', ') || '(no sender)'}  ${JSON.stringify(entry.subject ?? '')}  → ${verdict}`,
    );
    for (const document of entry.take) {
      line(stdout, `    + ${document.fileName} (${document.contentType}, ${document.sizeBytes} bytes)`);
    }
    for (const part of entry.skipped) line(stdout, `    - ${part.name}: ${part.reason} (${part.detail})`);
  });
  line(
    stdout,
    `${messages} message(s), ${documents} document(s) would be taken; the mailbox was not changed`,
  );
  return 0;
}
