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

// Parts that carry no document however they are named: invites, contact cards, Outlook's TNEF wrapper
// (winmail.dat, which only repeats the message in a private format), signatures and delivery reports.
const SKIPPED_TYPES: ReadonlyMap<string, PartSkip> = new Map([
  ['text/calendar', { reason: 'calendar', detail: 'a calendar invite' }],
  ['application/ics', { reason: 'calendar', detail: 'a calendar invite' }],
  ['text/vcard', { reason: 'vcard', detail: 'a contact card' }],
  ['text/x-vcard', { reason: 'vcard', detail: 'a contact card' }],
  ['text/directory', { reason: 'vcard', detail: 'a contact card' }],
  ['application/ms-tnef', { reason: 'tnef', detail: 'an Outlook TNEF wrapper (winmail.dat)' }],
  ['application/vnd.ms-tnef', { reason: 'tnef', detail: 'an Outlook TNEF wrapper (winmail.dat)' }],
  ['application/pkcs7-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/x-pkcs7-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/pgp-signature', { reason: 'signature', detail: 'a message signature' }],
  ['application/pgp-keys', { reason: 'signature', detail: 'a public key' }],
  ['message/delivery-status', { reason: 'delivery_report', detail: 'a delivery status report' }],
  ['message/disposition-notification', { reason: 'delivery_report', detail: 'a read receipt' }],
]);

const SKIPPED_EXTENSIONS: ReadonlyMap<string, PartSkip> = new Map([
  ['ics', { reason: 'calendar', detail: 'a calendar invite' }],
  ['vcs', { reason: 'calendar', detail: 'a calendar invite' }],
  ['vcf', { reason: 'vcard', detail: 'a contact card' }],
  ['p7s', { reason: 'signature', detail: 'a message signature' }],
  ['asc', { reason: 'signature', detail: 'a message signature' }],
]);

/** Why a part is skipped unread, or undefined when its bytes should be looked at. */
export function skipByDeclaration(part: DeclaredPart): PartSkip | undefined {
  const byType = SKIPPED_TYPES.get(part.contentType.toLowerCase());
  if (byType !== undefined) return byType;
  const name = part.fileName?.toLowerCase() ?? '';
  if (name === 'winmail.dat') return { reason: 'tnef', detail: 'an Outlook TNEF wrapper (winmail.dat)' };
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  return SKIPPED_EXTENSIONS.get(ext);
}
