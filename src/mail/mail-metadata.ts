import { isUtf8 } from 'node:buffer';
import type { AddressObject, EmailAddress, HeaderLines, Headers } from 'mailparser';
import type { MailMetadata } from './types.ts';

/** The body preview is a hint for a person scanning a list, not the body. */
export const BODY_PREVIEW_CHARACTERS = 200;
const PREVIEW_SCAN_CHARACTERS = 64 * 1024;

/**
 * The metadata travels with every document of the message, in queue messages of at most 256 KB: a
 * hostile header (a subject of 200 KB of quotes, thousands of recipients) must not make them too large
 * to enqueue. A header line longer than RFC 5322's 998 characters is not one a person wrote; a message
 * to more than 100 addresses in one field is a mailing, and its first 100 say enough.
 */
export const MAX_HEADER_TEXT_CHARACTERS = 998;
export const MAX_ADDRESSES_PER_FIELD = 100;
// RFC 5321's limit on a path; a longer "address" is not deliverable.
const MAX_ADDRESS_CHARACTERS = 254;

/**
 * The metadata of a message from its top-level headers (as mailparser decoded them), its raw header lines
 * (mailparser turns an unreadable Date into the time of parsing, so the date is read from the raw line)
 * and its body text.
 */
export function metadataFromHeaders(
  headers: Headers | null,
  headerLines: HeaderLines | null,
  bodyText: string | null,
): MailMetadata {
  const get = (key: string): unknown => headers?.get(key);
  return {
    subject: nonEmptyString(subjectOf(get('subject'), rawLine(headerLines, 'subject'))),
    from: addressesOf(get('from')),
    to: addressesOf(get('to')),
    cc: addressesOf(get('cc')),
    messageId: nonEmptyString(get('message-id')),
    inReplyTo: nonEmptyString(get('in-reply-to')),
    references: referencesOf(get('references')).slice(0, MAX_ADDRESSES_PER_FIELD),
    sentAt: isoDate(rawLine(headerLines, 'date')),
    bodyPreview: previewOf(bodyText),
  };
}

// Controls break log lines and IMAP keywords; NULs arrive in mail from broken gateways. Tabs become spaces.
const CONTROL_CHARACTERS = /[\p{Cc}]/gu;

function rawLine(headerLines: HeaderLines | null, key: string): string | null {
  return headerLines?.find((line) => line.key === key)?.line ?? null;
}

/**
 * The subject as mailparser decoded it, unless it holds replacement characters where the raw header holds
 * 8-bit bytes that are not UTF-8 (a raw Latin-1 subject, against RFC 5322 but common): those bytes are
 * then read as Latin-1. Header lines reach here as binary strings, one character a byte.
 */
function subjectOf(decoded: unknown, line: string | null): unknown {
  if (typeof decoded !== 'string' || !decoded.includes('\uFFFD') || line === null) return decoded;
  const raw = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]/g, ' ');
  if (raw.includes('=?') || isUtf8(Buffer.from(raw, 'latin1'))) return decoded;
  return raw;
}

function nonEmptyString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Folding leaves runs of blanks (a fold of whitespace-only lines leaves several): one space is meant.
  const trimmed = value
    .replace(/[\t\r\n]/g, ' ')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (trimmed === '') return null;
  // No more UTF-16 units than the cap: no more code points either, nothing to cut.
  if (trimmed.length <= MAX_HEADER_TEXT_CHARACTERS) return trimmed;
  // Whole code points: a cut through a surrogate pair would leave a string that is not valid UTF-16.
  return [...trimmed].slice(0, MAX_HEADER_TEXT_CHARACTERS).join('');
}

function referencesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item) =>
    typeof item === 'string' ? item.split(/\s+/).filter((ref) => ref !== '') : [],
  );
}

function isoDate(line: string | null): string | null {
  if (line === null) return null;
  const date = new Date(line.slice(line.indexOf(':') + 1).trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function addressesOf(value: unknown): string[] {
  const objects = (Array.isArray(value) ? value : [value]).filter(isAddressObject);
  const found = objects.flatMap((object) => object.value.flatMap(flattenGroup));
  return [...new Set(found)].slice(0, MAX_ADDRESSES_PER_FIELD);
}

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === 'object' && value !== null && Array.isArray((value as { value?: unknown }).value);
}

function flattenGroup(entry: EmailAddress): string[] {
  if (entry.group !== undefined) return entry.group.flatMap(flattenGroup);
  const address = entry.address?.trim().toLowerCase() ?? '';
  return address.includes('@') && address.length <= MAX_ADDRESS_CHARACTERS ? [address] : [];
}

function previewOf(text: string | null): string | null {
  if (text === null) return null;
  // The preview comes from the start of the body: a long body is not scanned to its end for it.
  const collapsed = text
    .slice(0, PREVIEW_SCAN_CHARACTERS)
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (collapsed === '') return null;
  if (collapsed.length <= BODY_PREVIEW_CHARACTERS) return collapsed;
  // Twice as many UTF-16 units hold at least that many code points: only those are split.
  return [...collapsed.slice(0, 2 * BODY_PREVIEW_CHARACTERS)].slice(0, BODY_PREVIEW_CHARACTERS).join('');
}
