import { describe, expect, it } from 'vitest';
import { fetchAlone, mayBeTheMessage } from '../../../pipeline/adapters/imap-fetch-groups.ts';
import { listInParts } from '../../../pipeline/adapters/imap-listing.ts';
import type { MailMessage } from '../../../pipeline/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';

const listed = (uid: number, full: boolean): MailMessage => ({
  mailbox: 'INBOX',
  uidValidity: 7,
  uid,
  sizeBytes: full ? 100 : 0,
  messageId: full ? `<${uid}@x>` : null,
  receivedAt: '2026-03-02T09:30:00.000Z',
});

/** A server that drops the connection at any listing that holds `bad` with its size and header. */
const server = (bad: number) => {
  const calls: string[] = [];
  const list = async (uids: readonly number[], full: boolean): Promise<MailMessage[]> => {
    calls.push(`${uids.join(',')}${full ? '' : ' bare'}`);
    if (full && uids.includes(bad)) throw new AppError('imap_failed', 'IMAP on INBOX failed');
    return uids.map((uid) => listed(uid, full));
  };
  return { calls, list };
};

/** A control that finds the message there. */
const answers = async (): Promise<boolean> => true;

describe('listing around a message the server cannot read', () => {
  it('lists in halves down to the one message, which alone loses its size and Message-ID', async () => {
    const { calls, list } = server(6);
    const messages = await listInParts([1, 2, 3, 4, 5, 6, 7, 8], list);
    expect(messages.map((message) => [message.uid, message.messageId])).toEqual([
      [1, '<1@x>'],
      [2, '<2@x>'],
      [3, '<3@x>'],
      [4, '<4@x>'],
      [5, '<5@x>'],
      [6, null],
      [7, '<7@x>'],
      [8, '<8@x>'],
    ]);
    // Whole again (a dropped connection is not the message's fault), then halves: logarithmic, not linear.
    expect(calls).toEqual(['1,2,3,4,5,6,7,8', '1,2,3,4', '5,6,7,8', '5,6', '5', '6', '6 bare', '7,8']);
  });

  it('a listing that works on the second try is whole, with every identity', async () => {
    let failures = 1;
    const messages = await listInParts([1, 2], async (uids, full) => {
      if (failures-- > 0) throw new AppError('imap_failed', 'dropped');
      return uids.map((uid) => listed(uid, full));
    });
    expect(messages.map((message) => message.messageId)).toEqual(['<1@x>', '<2@x>']);
  });

  it('an error that is not a message fault (a changed UIDVALIDITY, no server) is thrown at once', async () => {
    for (const code of ['uid_validity_changed', 'mailbox_missing', 'imap_connect_failed']) {
      const error = new AppError(code, code);
      expect(mayBeTheMessage(error)).toBe(false);
      await expect(listInParts([1, 2], () => Promise.reject(error))).rejects.toBe(error);
      await expect(fetchAlone(() => Promise.reject(error), answers)).rejects.toBe(error);
    }
  });

  it('fetchAlone gives a message up after three failed tries (two in fresh sessions) when the server still answers for it, saying why', async () => {
    let tries = 0;
    const failing = async (): Promise<string> => {
      tries += 1;
      throw new AppError('imap_failed', 'IMAP on INBOX failed', {
        cause: new Error('Connection not available'),
      });
    };
    const fetched = await fetchAlone(failing, answers);
    // Once on the connection at hand, twice in fresh sessions.
    expect(tries).toBe(3);
    expect(fetched).toEqual({ unfetchable: 'IMAP on INBOX failed: Connection not available' });
    expect(await fetchAlone(async () => 'bytes', answers)).toEqual({ value: 'bytes' });
  });

  it('fetchAlone blames the connection, not the message, when the control fails too (a flaky network, a session cut after so many commands)', async () => {
    const dropped = new AppError('imap_failed', 'IMAP on INBOX failed');
    await expect(
      fetchAlone(
        () => Promise.reject(dropped),
        () => Promise.reject(new Error('cut again')),
      ),
    ).rejects.toBe(dropped);
    // The control finds the message gone: passed over, not given up.
    expect(
      await fetchAlone(
        () => Promise.reject(dropped),
        async () => false,
      ),
    ).toEqual({ gone: true });
  });
});
