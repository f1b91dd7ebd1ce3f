import { describe, expect, it } from 'vitest';
import { requireDovecot } from '../../support/dovecot.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import { useHostileRig } from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-repeats');

describe.runIf(available)('the same PDF in two different messages', () => {
  const rig = useHostileRig();

  it('each message gives its document, under one content hash and two origins: ingest keeps one document', async () => {
    const pdf = tinyPdf('one bill of lading, mailed twice');
    await appendAll(rig.dovecot, 'INBOX', [
      await composeMail({
        subject: 'BL from the carrier',
        messageId: '<carrier@repeats.example>',
        attachments: [{ filename: 'BL-4711.pdf', content: pdf }],
      }),
      await composeMail({
        subject: 'Fwd: BL from the carrier',
        messageId: '<forwarder@repeats.example>',
        attachments: [{ filename: 'copy of BL-4711.pdf', content: pdf }],
      }),
    ]);
    const poller = createPoller(rig.state, rig.meddled(), { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 0 });
    const intake = await rig.state.intake();
    expect(intake.map((message) => message.origin.fileName)).toEqual(['BL-4711.pdf', 'copy of BL-4711.pdf']);
    expect(new Set(intake.map((message) => message.sha256)).size).toBe(1);
    expect(new Set(intake.map((message) => message.origin.originId)).size).toBe(2);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(2);
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
  });
});
