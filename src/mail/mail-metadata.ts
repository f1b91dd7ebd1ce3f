import type { AddressObject, EmailAddress, HeaderLines, Headers } from 'mailparser';
import type { MailMetadata } from './types.ts';

/** The body preview is a hint for a person scanning a list, not the body. */
export const BODY_PREVIEW_CHARACTERS = 200;

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
    subject: nonEmptyString(get('subject')),
    from: addressesOf(get('from')),
    to: addressesOf(get('to')),
    cc: addressesOf(get('cc')),
    messageId: nonEmptyString(get('message-id')),
    inReplyTo: nonEmptyString(get('in-reply-to')),
    references: referencesOf(get('references')),
    sentAt: isoDate(headerLines?.find((line) => line.key === 'date')?.line ?? null),
    bodyPreview: previewOf(bodyText),
  };
}

function nonEmptyString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
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
  return [...new Set(found)];
}

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === 'object' && value !== null && Array.isArray((value as { value?: unknown }).value);
}

function flattenGroup(entry: EmailAddress): string[] {
  if (entry.group !== undefined) return entry.group.flatMap(flattenGroup);
  const address = entry.address?.trim().toLowerCase() ?? '';
  return address.includes('@') ? [address] : [];
}

function previewOf(text: string | null): string | null {
  if (text === null) return null;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return null;
  return [...collapsed].slice(0, BODY_PREVIEW_CHARACTERS).join('');
}
