import { describe, expect, it } from 'vitest';
import { Admission } from '../../../pipeline/admission/admission.ts';
import { MailImport } from '../../../pipeline/sources/mail-import.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { DEFAULT_MAIL_LIMITS } from '../../../src/mail/mail-limits.ts';
import { metadataFromHeaders } from '../../../src/mail/mail-metadata.ts';
import { readMailHere } from '../../../src/mail/mail-reader.ts';
import type { ReadMessage } from '../../../src/mail/types.ts';
import { MemoryBlobStore } from './ingest-fakes.ts';

const importer = () =>
  new MailImport({
    admission: new Admission({
      blobs: new MemoryBlobStore(),
      queue: { send: async () => 'id' },
      policy: { maxBytes: 1_000_000 },
    }),
    box: 'box',
    reader: readMailHere,
    limits: DEFAULT_MAIL_LIMITS,
    clock: new ManualClock(),
  });

const message = {
  mailbox: 'INBOX',
  uidValidity: 1,
  uid: 7,
  sizeBytes: 1_000,
  messageId: '<m@example.com>',
  receivedAt: '2026-11-24T08:00:00.000Z',
};

const read = (overrides: Partial<ReadMessage>): ReadMessage => ({
  metadata: metadataFromHeaders(null, null, null),
  documents: [],
  skipped: [],
  refusal: null,
  dispose: async () => {},
  ...overrides,
});

describe('MailImport: what a Failed message records', () => {
  it('names the first ten parts it skipped and counts the rest, so a thousand-part message fits its record', async () => {
    const skipped = Array.from({ length: 1_500 }, (_, n) => ({
      partPath: `${n + 2}`,
      fileName: `invite-${n}.ics`,
      reason: 'calendar',
      detail: 'a calendar invitation, not a document',
    }));
    const { record } = await importer().take(message, 'key', read({ skipped }));
    expect(record).toMatchObject({ outcome: 'failed', reason: 'no_documents', documents: 0 });
    expect(record.detail).toContain('invite-0.ics: a calendar invitation');
    expect(record.detail).toContain('invite-9.ics');
    expect(record.detail).not.toContain('invite-10.ics');
    expect(record.detail).toContain('and 1490 more');
  });

  it('cuts a refusal detail of any length to 2,000 characters', async () => {
    const refusal = { reason: 'malformed', detail: `the message cannot be parsed: ${'x'.repeat(100_000)}` };
    const { record } = await importer().take(message, 'key', read({ refusal }));
    expect(record.reason).toBe('malformed');
    expect(record.detail?.length).toBe(2_000);
  });
});
