import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
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

  it('takes the documents once, leaves the messages in INBOX, says why at each poll, and still takes new mail', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('acl', 3));
    const source = rig.meddled();
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    const first = await pollUntilDone(poller, 3);
    expect(first.reports).toEqual([]);
    expect(first.errors).toHaveLength(3);
    for (const error of first.errors) expect(error).toMatchObject({ code: 'imap_move_failed' });
    expect(first.errors[0]).toBeInstanceOf(AppError);
    expect(await takenNames(rig.state)).toEqual(['acl-1.pdf', 'acl-2.pdf', 'acl-3.pdf']);
    // Recorded: the polls after the first download nothing again.
    expect(source.downloads).toHaveLength(3);
    expect((await contents(rig.dovecot, 'INBOX')).size).toBe(3);
    expect((await otherClient(rig.dovecot, (client) => client.list())).map((box) => box.path)).toEqual([
      'INBOX',
    ]);

    await appendAll(rig.dovecot, 'INBOX', await numberedMails('acl-later', 1));
    await pollUntilDone(poller, 2);
    expect(await takenNames(rig.state)).toEqual(['acl-1.pdf', 'acl-2.pdf', 'acl-3.pdf', 'acl-later-1.pdf']);
    expect(source.downloads).toHaveLength(4);
  });
});
