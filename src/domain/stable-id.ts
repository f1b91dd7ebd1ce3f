import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) derived from a kind and a name: the sandbox's ports, terminals, vessels and
 * events get the same id in every run and every process, with nothing stored.
 */
export function stableUuid(kind: string, name: string): string {
  const bytes = createHash('sha1').update(`${kind}\u0000${name}`, 'utf8').digest().subarray(0, 16);
  // Version 5 in the high nibble of byte 6, the RFC 4122 variant in the top bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
