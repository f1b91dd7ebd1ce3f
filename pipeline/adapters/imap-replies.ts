import type { ImapFlowOptions } from 'imapflow';

/** How imapflow reports the server's answers, read for the cases the mail source handles. */
const responseCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'serverResponseCode' in error
    ? String((error as { serverResponseCode: unknown }).serverResponseCode)
    : undefined;

const responseText = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'responseText' in error
    ? String((error as { responseText: unknown }).responseText)
    : '';

export const isMissingMailbox = (error: unknown): boolean =>
  responseCode(error) === 'NONEXISTENT' ||
  // imapflow's STATUS reports a missing mailbox as `code: 'NotFound'`, the server's answer nested inside.
  (typeof error === 'object' && error !== null && 'code' in error && error.code === 'NotFound') ||
  /doesn't exist|does not exist|no such mailbox/i.test(responseText(error));

export const alreadyExists = (error: unknown): boolean =>
  responseCode(error) === 'ALREADYEXISTS' || /already exists/i.test(responseText(error));

/** imapflow's logger, reduced to the commands it sends (`C:` lines), for counting a poll's cost. */
export const commandLogger = (onCommand: (command: string) => void): ImapFlowOptions['logger'] => {
  const ignore = (): void => {};
  return {
    // imapflow logs each command it sends (`src: 'c'`, credentials masked) and each answer (`src: 's'`).
    debug: (entry: { msg?: string; src?: string }) => {
      if (entry.src === 'c' && typeof entry.msg === 'string') onCommand(entry.msg);
    },
    info: ignore,
    warn: ignore,
    error: ignore,
  } as unknown as ImapFlowOptions['logger'];
};

/**
 * The Message-ID of a `BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)]` answer, as Dovecot's ENVELOPE gives it:
 * unfolded, trimmed, the last such header when there are several; null when there is none or it is empty.
 * Fetching the one header costs the server and imapflow less than the whole envelope.
 */
export function messageIdOf(headers: Buffer | undefined): string | null {
  if (headers === undefined) return null;
  let found: string | null = null;
  for (const line of headers
    .toString('utf8')
    .replace(/\r?\n(?=[ \t])/g, '')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'message-id') {
      found = line.slice(colon + 1).trim() || null;
    }
  }
  return found;
}

/** A message's INTERNALDATE as ISO 8601; now when the server sent none or one that does not parse. */
export const internalDateIso = (value: Date | string | undefined): string => {
  const date = value instanceof Date ? value : new Date(value ?? Date.now());
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
};
