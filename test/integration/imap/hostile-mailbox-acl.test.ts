import { describe, expect, it } from 'vitest';
import { requireDovecot } from '../../support/dovecot.ts';
import {
  numberedMails,
  otherClient,
  pollUntilDone,
  takenNames,
  useHostileRig,
} from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-acl');

describe.runIf(available)('a server whose ACL forbids creating Processed and Failed', () => {
  // Every right but `k` (create) anywhere; INBOX keeps all of them.
  const rig = useHostileRig({ dovecot: { globalAcl: '* owner lrwstipe\nINBOX owner lrwstipekxa\n' } });

  it('takes the documents once, leaves the messages in INBOX, says why at each poll, and reaches new mail past a whole batch of them', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('acl', 5));
    const source = rig.meddled();
    // A batch of two: before, the unmoved messages filled every batch and newer mail was never listed.
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot, batchSize: 2 });
    const first = await pollUntilDone(poller, 6);
    expect(first.errors).toEqual([]);
    expect(first.reports.map((report) => report.more)).toEqual([true, true, false]);
    for (const [index, report] of first.reports.entries()) {
      expect(report.unmoved?.messages).toBe(Math.min(5, 2 * (index + 1)));
      expect(report.unmoved?.detail).toMatch(/refused to move messages to Processed/);
    }
    expect(await takenNames(rig.state)).toEqual([
      'acl-1.pdf',
      'acl-2.pdf',
      'acl-3.pdf',
      'acl-4.pdf',
      'acl-5.pdf',
    ]);
    expect(source.downloads).toHaveLength(5);
    expect((await contents(rig.dovecot, 'INBOX')).size).toBe(5);
    expect((await otherClient(rig.dovecot, (client) => client.list())).map((box) => box.path)).toEqual([
      'INBOX',
    ]);

    await appendAll(rig.dovecot, 'INBOX', await numberedMails('acl-later', 1));
    const later = await pollUntilDone(poller, 2);
    expect(later.errors).toEqual([]);
    expect(later.reports).toEqual([
      {
        leased: true,
        processed: 1,
        failed: 0,
        resettled: 0,
        more: false,
        unmoved: { messages: 6, detail: expect.stringMatching(/Processed/) },
      },
    ]);
    expect(await takenNames(rig.state)).toEqual([
      'acl-1.pdf',
      'acl-2.pdf',
      'acl-3.pdf',
      'acl-4.pdf',
      'acl-5.pdf',
      'acl-later-1.pdf',
    ]);
    expect(source.downloads).toHaveLength(6);
    // Nothing new: the poll lists nothing, tries the moves again and says they still fail.
    expect(await poller.poll()).toMatchObject({ processed: 0, resettled: 0, unmoved: { messages: 6 } });
    expect(source.downloads).toHaveLength(6);
  });
});
