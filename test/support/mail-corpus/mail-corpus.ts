/**
 * The hostile and ordinary messages of test/fixtures/mail, each named after what it breaks. Most are
 * composed with nodemailer's MailComposer; the ones no composer would write are edits of composed raw
 * text or written by hand. Regenerate with `npx tsx test/support/mail-corpus/write-mail-corpus.ts`.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { jpegHeader, png, tinyPdf, zip } from './corpus-bytes.ts';
import { BASE, base64Lines, type CorpusMessage, compose, raw } from './corpus-message.ts';
import { HOSTILE_CORPUS } from './hostile-corpus.ts';
import { HOSTILE_CORPUS_ADVERSARIAL } from './hostile-corpus-adversarial.ts';
import { HOSTILE_CORPUS_CLIENTS } from './hostile-corpus-clients.ts';
import { HOSTILE_CORPUS_GATEWAYS } from './hostile-corpus-gateways.ts';
import { HOSTILE_CORPUS_MIME } from './hostile-corpus-mime.ts';
import { HOSTILE_CORPUS_NAMES } from './hostile-corpus-names.ts';
import { HOSTILE_CORPUS_PARTS } from './hostile-corpus-parts.ts';
import { HOSTILE_CORPUS_SEALED } from './hostile-corpus-sealed.ts';

/** The corpus; tests in test/unit/mail/read-message-corpus.test.ts state each one's outcome. */
export const MAIL_CORPUS: readonly CorpusMessage[] = [
  compose('no-attachment', {
    cc: ['Billing <billing@Forwarder.example>'],
    inReplyTo: '<earlier@corpus.example>',
    references: ['<first@corpus.example>', '<earlier@corpus.example>'],
  }),
  compose('pdf-and-jpeg', {
    attachments: [
      { filename: 'bill-of-lading.pdf', content: tinyPdf('bill of lading') },
      { filename: 'photo.jpg', content: jpegHeader() },
    ],
  }),
  compose('octet-stream-pdf', {
    attachments: [
      { filename: 'scan0001.bin', contentType: 'application/octet-stream', content: tinyPdf('octet') },
    ],
  }),
  compose('wrong-type-pdf', {
    attachments: [{ filename: 'invoice.png', contentType: 'image/png', content: tinyPdf('wrong type') }],
  }),
  raw(
    'latin1-subject',
    () => `From: =?ISO-8859-1?Q?Ren=E9e?= <Renee@Forwarder.example>
To: docs+acme@stevedore.local
Subject: =?ISO-8859-1?Q?Facture_d=E9t=E9_=E0_r=E9gler?=
Date: Mon, 2 Mar 2026 10:30:00 +0100
Message-ID: <latin1-subject@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="l1"

--l1
Content-Type: text/plain; charset=ISO-8859-1
Content-Transfer-Encoding: quoted-printable

Voici la facture r=E9gl=E9e.
--l1
Content-Type: application/pdf; name="=?ISO-8859-1?Q?facture_=E9t=E9.pdf?="
Content-Disposition: attachment; filename="=?ISO-8859-1?Q?facture_=E9t=E9.pdf?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('facture'))}
--l1--
`,
  ),
  raw(
    'unknown-charset',
    () => `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: =?x-klingon?B?cWFTdGFIIG5vbg==?=
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <unknown-charset@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: text/plain; charset="x-klingon"

nuqneH, the manifest.
--b1
Content-Type: application/pdf; name="manifest.pdf"
Content-Disposition: attachment; filename*=x-klingon''manifest%E9.pdf
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('manifest'))}
--b1--
`,
  ),
  raw(
    'missing-closing-boundary',
    () => `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: missing-closing-boundary
Message-ID: <missing-closing-boundary@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="cut"

--cut
Content-Type: text/plain

The boundary after the PDF never comes.
--cut
Content-Type: application/pdf; name="packing-list.pdf"
Content-Disposition: attachment; filename="packing-list.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('packing list'))}
`,
  ),
  raw('broken-base64', () => {
    const lines = base64Lines(tinyPdf('arrival notice')).split('\n');
    // Junk characters, a line cut short and padding in the middle: what truncating gateways produce.
    lines[1] = `${lines[1]?.slice(0, 30)}!!**~~`;
    lines[3] = `${lines[3]?.slice(0, 10)}==`;
    return `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: broken-base64
Message-ID: <broken-base64@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b64"

--b64
Content-Type: application/pdf; name="arrival.pdf"
Content-Disposition: attachment; filename="arrival.pdf"
Content-Transfer-Encoding: base64

${lines.join('\n')}
--b64
Content-Type: application/pdf; name="qp.pdf"
Content-Disposition: attachment; filename="qp.pdf"
Content-Transfer-Encoding: quoted-printable

%PDF-1.4 =ZZ broken =
soft break =4
--b64--
`;
  }),
  compose('rtl-override-filename', {
    attachments: [{ filename: 'invoice\u202Efdp.exe', content: tinyPdf('rtl') }],
  }),
  compose('path-traversal-filename', {
    attachments: [
      { filename: '../../etc/cron.d/bill.pdf', content: tinyPdf('traversal one') },
      { filename: '..\\..\\windows\\boot.pdf', content: tinyPdf('traversal two') },
    ],
  }),
  compose('control-chars-filename', {
    attachments: [
      { filename: 'inv\u0000oi\u0007ce\r\n.pdf', content: tinyPdf('control') },
      { filename: '\u0001\u0002', content: tinyPdf('emptied') },
    ],
  }),
  {
    name: 'forwarded-rfc822-nested',
    build: async () => {
      const innermost = await new MailComposer({
        ...BASE,
        subject: 'original',
        messageId: '<innermost@corpus.example>',
        attachments: [{ filename: 'delivery-order.pdf', content: tinyPdf('delivery order') }],
      })
        .compile()
        .build();
      const middle = await new MailComposer({
        ...BASE,
        subject: 'Fwd: original',
        messageId: '<middle@corpus.example>',
        attachments: [
          { filename: 'original.eml', content: innermost, contentType: 'message/rfc822' },
          { filename: 'customs.pdf', content: tinyPdf('customs') },
        ],
      })
        .compile()
        .build();
      return new MailComposer({
        ...BASE,
        subject: 'Fwd: Fwd: original',
        messageId: '<forwarded-rfc822-nested@corpus.example>',
        attachments: [{ filename: 'forwarded.eml', content: middle, contentType: 'message/rfc822' }],
      })
        .compile()
        .build();
    },
  },
  compose('zip-with-pdfs', {
    attachments: [
      {
        filename: 'documents.zip',
        content: zip([
          { name: 'invoices/invoice-1.pdf', data: tinyPdf('zipped invoice one') },
          { name: 'invoices/invoice-2.pdf', data: tinyPdf('zipped invoice two') },
          { name: 'readme.txt', data: Buffer.from('not a document\n') },
          { name: 'more.zip', data: zip([{ name: 'deep.pdf', data: tinyPdf('deep') }]) },
        ]),
      },
    ],
  }),
  compose('zip-bomb', {
    attachments: [
      { filename: 'bomb.zip', content: zip([{ name: 'zeros.pdf', data: Buffer.alloc(4 * 1024 * 1024) }]) },
    ],
  }),
  compose('encrypted-zip', {
    attachments: [
      {
        filename: 'locked.zip',
        content: zip([
          { name: 'secret.pdf', data: tinyPdf('secret'), encrypted: true },
          { name: 'open.pdf', data: tinyPdf('open') },
        ]),
      },
    ],
  }),
  compose('calendar-invite', {
    icalEvent: {
      method: 'REQUEST',
      content: 'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY:Vessel call\nEND:VEVENT\nEND:VCALENDAR\n',
    },
    attachments: [{ filename: 'invite.ics', content: 'BEGIN:VCALENDAR\nEND:VCALENDAR\n' }],
  }),
  compose('signature-logo-inline', {
    html: '<p>Attached.</p><p><img src="cid:logo@corpus"></p><p><img src="cid:photo@corpus"></p>',
    attachments: [
      { filename: 'logo.png', content: png(16, false), cid: 'logo@corpus' },
      { filename: 'damage-photo.png', content: png(48, true), cid: 'photo@corpus' },
      { filename: 'survey.pdf', content: tinyPdf('survey') },
    ],
  }),
  compose('winmail-and-vcard', {
    attachments: [
      { filename: 'winmail.dat', contentType: 'application/ms-tnef', content: Buffer.from('x\u009f>"TNEF') },
      { filename: 'ops.vcf', contentType: 'text/vcard', content: 'BEGIN:VCARD\nFN:Ops\nEND:VCARD\n' },
      { filename: 'notes.docx', content: Buffer.from('PK\u0003\u0004 not really a document') },
    ],
  }),
  raw(
    'header-only',
    () => `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: header-only
Date: not a date at all
Message-ID: <header-only@corpus.example>
`,
  ),
  raw('deeply-nested-multipart', () => {
    const depth = 40;
    let text = '';
    for (let level = 0; level < depth; level += 1) {
      text += `Content-Type: multipart/mixed; boundary="level${level}"\n\n--level${level}\n`;
    }
    text += `Content-Type: application/pdf; name="deep.pdf"\nContent-Transfer-Encoding: base64\n\n${base64Lines(tinyPdf('deep'))}\n`;
    for (let level = depth - 1; level >= 0; level -= 1) text += `--level${level}--\n`;
    return `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: deeply-nested-multipart
Message-ID: <deeply-nested-multipart@corpus.example>
MIME-Version: 1.0
${text}`;
  }),
  compose('duplicate-attachments', {
    attachments: [
      { filename: 'invoice.pdf', content: tinyPdf('same invoice') },
      { filename: 'invoice-copy.pdf', content: tinyPdf('same invoice') },
    ],
  }),
  raw(
    'pdf-as-whole-body',
    () => `From: scanner@forwarder.example
To: docs+acme@stevedore.local
Subject: pdf-as-whole-body
Message-ID: <pdf-as-whole-body@corpus.example>
MIME-Version: 1.0
Content-Type: application/pdf
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('scanner output'))}
`,
  ),
  ...HOSTILE_CORPUS,
  ...HOSTILE_CORPUS_MIME,
  ...HOSTILE_CORPUS_NAMES,
  ...HOSTILE_CORPUS_PARTS,
  ...HOSTILE_CORPUS_CLIENTS,
  ...HOSTILE_CORPUS_ADVERSARIAL,
  ...HOSTILE_CORPUS_GATEWAYS,
  ...HOSTILE_CORPUS_SEALED,
];
