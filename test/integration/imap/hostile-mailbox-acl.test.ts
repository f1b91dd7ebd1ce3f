import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import {
  MeddledSource,
  numberedMails,
  otherClient,
  pollUntilDone,
  takenNames,
} from './hostile-server-rig.ts';
import {
  appendAll,
  contents,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
} from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-acl');

describe.runIf(available)('a server whose ACL forbids creating Processed and Failed', () => {
  let dovecot: Dovecot;
  let state: MailState;
  const sources: MeddledSource[] = [];

  beforeAll(async () => {
    // Every right but `k` (create) anywhere; INBOX keeps all of them.
    dovecot = await startDovecot({ globalAcl: '* owner lrwstipe\nINBOX owner lrwstipekxa\n' });
  });
  afterAll(async () => {
    await dovecot.stop();
  });
  beforeEach(async () => {
    state = await createMailState();
  });
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
    await state.close();
  });

  it('takes the documents once, leaves the messages in INBOX, says why at each poll, and still takes new mail', async () => {
    await appendAll(dovecot, 'INBOX', await numberedMails('acl', 3));
    const source = new MeddledSource(imapSource(dovecot));
    sources.push(source);
    const poller = createPoller(state, source, { dovecot });
    const first = await pollUntilDone(poller, 3);
    expect(first.reports).toEqual([]);
    expect(first.errors).toHaveLength(3);
    for (const error of first.errors) expect(error).toMatchObject({ code: 'imap_move_failed' });
    expect(first.errors[0]).toBeInstanceOf(AppError);
    expect(await takenNames(state)).toEqual(['acl-1.pdf', 'acl-2.pdf', 'acl-3.pdf']);
    // Recorded: the polls after the first download nothing again.
    expect(source.downloads).toHaveLength(3);
    expect((await contents(dovecot, 'INBOX')).size).toBe(3);
    expect((await otherClient(dovecot, (client) => client.list())).map((box) => box.path)).toEqual(['INBOX']);

    await appendAll(dovecot, 'INBOX', await numberedMails('acl-later', 1));
    await pollUntilDone(poller, 2);
    expect(await takenNames(state)).toEqual(['acl-1.pdf', 'acl-2.pdf', 'acl-3.pdf', 'acl-later-1.pdf']);
    expect(source.downloads).toHaveLength(4);
  });
});
