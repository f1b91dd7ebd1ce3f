/**
 * Which MIME parts of a message are worth staging at all, decided from the declared type and name before
 * any byte is read. Whether a staged part is a document is decided later, from its bytes.
 */

export interface DeclaredPart {
  readonly contentType: string;
  readonly fileName: string | null;
}

export interface PartSkip {
  readonly reason: string;
  readonly detail: string;
}

// An Outlook item saved to a file: a compound file of MAPI properties, not MIME, which the reader does not
// open. Outlook forwards a message "as attachment" as message/rfc822 when asked, which is read.
const OUTLOOK_MSG: PartSkip = {
  reason: 'outlook_msg',
  detail: 'an Outlook message file (.msg): forward the message as an attachment (.eml) instead',
};

export const ENCRYPTED: PartSkip = {
  reason: 'encrypted',
  detail: 'an encrypted part (S/MIME or PGP): stevedore holds no key to open it',
};

// Parts that carry no document however they are named: invites, contact cards, signatures, encrypted
// parts and delivery reports. Outlook's TNEF wrapper (winmail.dat) and S/MIME bodies (.p7m) are opened
// instead: see `declaredContainer`.
const SKIPPED_TYPES: ReadonlyMap<string, PartSkip> = new Map([
  ['text/calendar', { reason: 'calendar', detail: 'a calendar invite' }],
  ['application/ics', { reason: 'calendar', detail: 'a calendar invite' }],
  ['text/vcard', { reason: 'vcard', detail: 'a contact card' }],
  ['text/x-vcard', { reason: 'vcard', detail: 'a contact card' }],
  ['text/directory', { reason: 'vcard', detail: 'a contact card' }],
  ['application/pkcs7-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/x-pkcs7-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/pgp-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/pgp-keys', { reason: 'signature', detail: 'a public key' }],
  ['message/delivery-status', { reason: 'delivery_report', detail: 'a delivery status report' }],
  // A Mac's resource fork, sent beside the file itself (the data fork) in multipart/appledouble.
  ['application/applefile', { reason: 'resource_fork', detail: 'the Mac resource fork of a file' }],
  ['application/pgp-encrypted', ENCRYPTED],
  ['message/disposition-notification', { reason: 'delivery_report', detail: 'a read receipt' }],
  // The headers of the message a bounce returns, without its body.
  ['text/rfc822-headers', { reason: 'delivery_report', detail: 'the headers of a returned message' }],
  [
    'message/partial',
    {
      reason: 'partial',
      detail: 'one fragment of a message split in parts (message/partial): fragments are not joined',
    },
  ],
  ['application/vnd.ms-outlook', OUTLOOK_MSG],
]);

const SKIPPED_EXTENSIONS: ReadonlyMap<string, PartSkip> = new Map([
  ['ics', { reason: 'calendar', detail: 'a calendar invite' }],
  ['vcs', { reason: 'calendar', detail: 'a calendar invite' }],
  ['vcf', { reason: 'vcard', detail: 'a contact card' }],
  ['p7s', { reason: 'signature', detail: 'a message signature' }],
  ['asc', { reason: 'signature', detail: 'a message signature' }],
  ['msg', OUTLOOK_MSG],
  ['gpg', ENCRYPTED],
]);

/**
 * Why a whole message cannot be read, from its top-level Content-Type (as mailparser parses it: a value and
 * its parameters): its content is encrypted, or wrapped in an opaque S/MIME signature.
 */
export function refusalByMessageType(header: unknown): PartSkip | undefined {
  if (typeof header !== 'object' || header === null || !('value' in header)) return undefined;
  const type = String(header.value).toLowerCase();
  // mailparser's parsed header value: its params are an object of parameter names to strings.
  const params =
    'params' in header && typeof header.params === 'object' && header.params !== null
      ? (header.params as Record<string, unknown>)
      : {};
  const boundary = String(params.boundary ?? '');
  // RFC 2046 5.1.1: a boundary is 1 to 70 characters; an empty one marks every line that starts with `--`.
  if (type.startsWith('multipart/') && boundary === '') {
    return {
      reason: 'no_boundary',
      detail: `the message is ${type} without a boundary: its parts cannot be told apart`,
    };
  }
  if (type === 'message/partial') {
    return {
      reason: 'partial',
      detail: 'the message is one fragment of a message split in parts (message/partial): send it whole',
    };
  }
  if (type === 'multipart/encrypted') {
    return { reason: 'encrypted', detail: 'the message is PGP encrypted: stevedore holds no key to open it' };
  }
  if (!PKCS7_TYPES.has(type)) return undefined;
  // Signed in opaque form, the signed entity is inside: opened like a forwarded message (`pkcs7.ts`).
  if (String(params['smime-type'] ?? '').toLowerCase() === 'signed-data') return undefined;
  return {
    reason: 'encrypted',
    detail: 'the message is S/MIME encrypted: stevedore holds no key to open it',
  };
}

// message/global (RFC 6532) is message/rfc822 with UTF-8 headers: the parser reads both alike.
const FORWARDED_TYPES: ReadonlySet<string> = new Set(['message/rfc822', 'message/global']);

/** Whether a part is declared as a forwarded message, to be opened and searched. */
export const isForwardedType = (contentType: string): boolean =>
  FORWARDED_TYPES.has(contentType.toLowerCase());

/** Whether a message's Content-Type header (as mailparser parses it) is a delivery or read report. */
export function isReportType(header: unknown): boolean {
  const value = typeof header === 'object' && header !== null && 'value' in header ? header.value : header;
  return String(value).toLowerCase() === 'multipart/report';
}

/**
 * The original a bounce returns (message/rfc822 inside multipart/report) left this mailbox's side once
 * already: its attachments are not new paperwork, and taking them would import what was sent.
 */
export const RETURNED_ORIGINAL: PartSkip = {
  reason: 'delivery_report',
  detail: 'the original message a delivery report returns: its attachments were sent, not received',
};

const TNEF_TYPES: ReadonlySet<string> = new Set(['application/ms-tnef', 'application/vnd.ms-tnef']);
const PKCS7_TYPES: ReadonlySet<string> = new Set(['application/pkcs7-mime', 'application/x-pkcs7-mime']);

/**
 * The container a part is declared as, to be staged and opened: Outlook's TNEF wrapper, by its type or
 * the name Outlook gives it, or an S/MIME body (`smime.p7m`), signed or encrypted.
 */
export function declaredContainer(part: DeclaredPart): 'tnef' | 'pkcs7' | undefined {
  const type = part.contentType.toLowerCase();
  const name = part.fileName?.toLowerCase() ?? '';
  if (TNEF_TYPES.has(type) || name === 'winmail.dat') return 'tnef';
  if (PKCS7_TYPES.has(type) || name.endsWith('.p7m')) return 'pkcs7';
  return undefined;
}

/** Why a part is skipped unread, or undefined when its bytes should be looked at. */
export function skipByDeclaration(part: DeclaredPart): PartSkip | undefined {
  const byType = SKIPPED_TYPES.get(part.contentType.toLowerCase());
  if (byType !== undefined) return byType;
  const name = part.fileName?.toLowerCase() ?? '';
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  return SKIPPED_EXTENSIONS.get(ext);
}

// Archives other than ZIP: opening them takes libraries the reader does without, so they are named, not
// taken for unknown content. The sender can attach the files, or a ZIP.
const UNOPENED_ARCHIVES: ReadonlyMap<string, string> = new Map([
  ['application/x-7z-compressed', '7z'],
  ['application/x-rar-compressed', 'RAR'],
  ['application/vnd.rar', 'RAR'],
  ['application/gzip', 'gzip'],
  ['application/x-bzip2', 'bzip2'],
  ['application/x-xz', 'xz'],
  ['application/x-tar', 'tar'],
  ['application/vnd.ms-cab-compressed', 'CAB'],
]);

/** Why a part whose bytes are an archive other than ZIP is skipped, or undefined for any other type. */
export function skipUnopenedArchive(mime: string): PartSkip | undefined {
  const kind = UNOPENED_ARCHIVES.get(mime);
  if (kind === undefined) return undefined;
  return {
    reason: 'unsupported_archive',
    detail: `a ${kind} archive: only ZIP archives are opened; attach the files, or a ZIP`,
  };
}
