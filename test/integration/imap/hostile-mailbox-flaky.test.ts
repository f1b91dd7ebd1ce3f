import { describe, expect, it } from 'vitest';
import { requireDovecot } from '../../support/dovecot.ts';
import { numberedMails, takenNames, useHostileRig } from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-flaky');

/** Whether an IMAP UID set (`1:3,7`) holds `uid`. */
const setHolds = (set: string, uid: number): boolean =>
  set.split(',').some((run) => {
    const [low, high] = run.split(':').map(Number);
    return low !== undefined && uid >= low && uid <= (high ?? low);
  });

/** A `UID FETCH` of message bodies whose set holds `uid`. */
const bodyFetchOf = (line: string, uid: number): boolean => {
  const found = /UID FETCH (\S+) \(.*BODY\.PEEK\[\]/.exec(line);
  return found?.[1] !== undefined && setHolds(found[1], uid);
};

describe.runIf(available)('a flaky network: a good message is not given up for fetches that failed', () => {
  const rig = useHostileRig({ resetEach: true });

  it('a message whose every fetch in a poll is cut (while the server answers for its flags) is put off, then taken when the network mends', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('flaky', 3));
    let mended = false;
    const flaky = await rig.proxy({ cutAt: (line) => !mended && bodyFetchOf(line, 2) });
    const poller = createPoller(rig.state, rig.meddled(flaky.port), { dovecot: rig.dovecot });
    // The group's FETCH on four sessions, then message 2 alone, on the reading connection and in two
    // fresh sessions of its own: all cut.
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 0, deferred: 1, more: false });
    expect(await takenNames(rig.state)).toEqual(['flaky-1.pdf', 'flaky-3.pdf']);
    expect([...(await contents(rig.dovecot, 'INBOX')).keys()]).toEqual(['<flaky-2@hostile.example>']);
    mended = true;
    const next = await poller.poll();
    expect(next).toMatchObject({ processed: 1, failed: 0, more: false });
    expect(next.deferred).toBeUndefined();
    expect(await takenNames(rig.state)).toEqual(['flaky-1.pdf', 'flaky-2.pdf', 'flaky-3.pdf']);
    expect((await contents(rig.dovecot, 'Failed')).size).toBe(0);
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
  });

  it('a network that cuts the control fetch too blames the connection: the poll fails, no message is put off or given up', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('down', 2));
    let mended = false;
    const down = await rig.proxy({
      cutAt: (line) => !mended && /UID FETCH \S+ \(UID (BODY|FLAGS)/.test(line),
    });
    const poller = createPoller(rig.state, rig.meddled(down.port), { dovecot: rig.dovecot });
    await expect(poller.poll()).rejects.toMatchObject({ code: 'imap_failed' });
    expect(await takenNames(rig.state)).toEqual([]);
    expect(await rig.state.ledger.list('mailbox/')).not.toContainEqual(
      expect.objectContaining({ key: expect.stringContaining('/unfetched/') }),
    );
    mended = true;
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 0, more: false });
    expect((await contents(rig.dovecot, 'Failed')).size).toBe(0);
  });
});
