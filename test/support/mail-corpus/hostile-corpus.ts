/**
 * The hostile half of the mail corpus: messages no ordinary mailer writes, each named after what it breaks.
 * Most are written byte by byte, since a composer would repair what they get wrong.
 */
import { crc32, deflateSync } from 'node:zlib';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { tinyPdf, zip } from './corpus-bytes.ts';
import { BASE, base64Lines, type CorpusMessage, compose, headers, pdfPart, raw } from './corpus-message.ts';

/** What the corpus's size-cap messages are measured against: `CORPUS_LIMITS.maxMessageBytes`. */
export const CORPUS_MAX_MESSAGE_BYTES = 1024 * 1024;

/** uuencode as `uuencode(1)` writes it: 45 bytes a line, each line led by its length. */
export function uuencode(bytes: Buffer): string {
  const char = (value: number): string => String.fromCharCode(value === 0 ? 96 : value + 32);
  let text = '';
  for (let start = 0; start < bytes.length; start += 45) {
    const line = bytes.subarray(start, start + 45);
    text += char(line.length);
    for (let at = 0; at < line.length; at += 3) {
      const [a = 0, b = 0, c = 0] = [line[at], line[at + 1], line[at + 2]];
      text +=
        char(a >> 2) + char(((a & 3) << 4) | (b >> 4)) + char(((b & 15) << 2) | (c >> 6)) + char(c & 63);
    }
    text += '\n';
  }
  return `${text}\`\nend\n`;
}

/** A PNG whose header claims `side` x `side` pixels, with one row of real data: a pixel bomb. */
function pixelBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = deflateSync(Buffer.alloc(1 + side * 3));
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', row),
  ]);
}

/** A valid grey PNG of `side` x `side` pixels stored without compression: large for its pixels. */
function storedPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side * (1 + side * 3), 128), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An Outlook TNEF stream carrying `files`, as winmail.dat does when Outlook sends rich text. */
function tnef(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const attribute = (level: number, id: number, data: Buffer): Buffer => {
    const head = Buffer.alloc(9);
    head.writeUInt8(level, 0);
    head.writeUInt32LE(id, 1);
    head.writeUInt32LE(data.length, 5);
    const checksum = Buffer.alloc(2);
    checksum.writeUInt16LE(data.reduce((sum, byte) => (sum + byte) % 65536, 0));
    return Buffer.concat([head, data, checksum]);
  };
  const signature = Buffer.alloc(6);
  signature.writeUInt32LE(0x223e9f78, 0);
  signature.writeUInt16LE(0x1234, 4);
  return Buffer.concat([
    signature,
    // attTnefVersion and attMessageClass, at the message level, as Outlook writes them first.
    attribute(1, 0x00089006, Buffer.from([0, 0, 1, 0])),
    attribute(1, 0x00078008, Buffer.from('IPM.Microsoft Mail.Note\u0000', 'latin1')),
    ...files.flatMap((file) => [
      attribute(2, 0x00069002, Buffer.alloc(14)),
      attribute(2, 0x00018010, Buffer.from(`${file.name}\u0000`, 'latin1')),
      attribute(2, 0x0006800f, file.data),
    ]),
  ]);
}

/** `size` bytes exactly: a message with one PDF, padded with a text part. */
function ofExactSize(name: string, size: number): CorpusMessage {
  return {
    name,
    build: async () => {
      const frame = (padding: string): Buffer =>
        Buffer.from(
          `${headers(name, 'multipart/mixed; boundary="cap"')}
--cap
Content-Type: text/plain

${padding}
--cap
${pdfPart('at-the-cap.pdf', name)}
--cap--
`.replace(/\r?\n/g, '\r\n'),
          'latin1',
        );
      const bare = frame('').length;
      // Lines of 76 characters, as a mailer would wrap them; the last line takes the remainder.
      const fill = size - bare;
      const lines: string[] = [];
      let left = fill;
      while (left > 78) {
        lines.push('x'.repeat(76));
        left -= 78;
      }
      lines.push('y'.repeat(left));
      const built = frame(lines.join('\r\n'));
      if (built.length !== size) throw new Error(`${name}: ${built.length} bytes, not ${size}`);
      return built;
    },
  };
}

export const HOSTILE_CORPUS: readonly CorpusMessage[] = [
  raw('thousands-of-tiny-parts', () => {
    let parts = '';
    for (let n = 0; n < 3000; n += 1) {
      parts += `--tiny\nContent-Type: application/octet-stream; name="p${n}.bin"\n\n${n}\n`;
    }
    return `${headers('thousands-of-tiny-parts', 'multipart/mixed; boundary="tiny"')}
${parts}--tiny
${pdfPart('after-the-crowd.pdf', 'after the crowd')}
--tiny--
`;
  }),
  raw('hundred-deep-multipart', () => {
    let open = '';
    let close = '';
    for (let level = 0; level < 100; level += 1) {
      open += `Content-Type: multipart/mixed; boundary="d${level}"\n\n--d${level}\n`;
      close = `--d${level}--\n${close}`;
    }
    return `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: hundred-deep-multipart
Message-ID: <hundred-deep-multipart@corpus.example>
MIME-Version: 1.0
${open}${pdfPart('bottom.pdf', 'a hundred down')}
${close}`;
  }),
  raw(
    'boundary-inside-part',
    () => `${headers('boundary-inside-part', 'multipart/mixed; boundary="=_b"')}
--=_b
Content-Type: text/plain

The boundary is --=_b and it may appear inside a line: --=_b-- is not the end either.
--=_b
Content-Type: multipart/mixed; boundary="=_b_inner"

--=_b_inner
${pdfPart('inner.pdf', 'inside the inner boundary')}
--=_b_inner--
--=_b
${pdfPart('outer.pdf', 'after the inner boundary')}
--=_b--
`,
  ),
  raw(
    'megabyte-header-line',
    () => `${headers('megabyte-header-line', 'multipart/mixed; boundary="h"', `X-Tracking: ${'a'.repeat(600 * 1024)}\n`)}
--h
${pdfPart('under-the-header.pdf', 'under a huge header')}
--h--
`,
  ),
  raw(
    'megabyte-part-header-line',
    () => `${headers('megabyte-part-header-line', 'multipart/mixed; boundary="h"')}
--h
Content-Type: application/pdf; name="${'n'.repeat(600 * 1024)}.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('huge part header'))}
--h
${pdfPart('sane.pdf', 'next to a huge part header')}
--h--
`,
  ),
  {
    name: 'raw-utf8-headers',
    build: async () =>
      Buffer.from(
        `From: Zoë Ørsted <zoe@forwarder.example>
To: docs+acme@stevedore.local
Subject: Lieferschein für März – 貨物
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <raw-utf8-headers@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="u8"

--u8
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

Grüße aus Köln.
--u8
${pdfPart('Lieferschein März 貨物.pdf', 'utf8 header')}
--u8--
`.replace(/\r?\n/g, '\r\n'),
        'utf8',
      ),
  },
  raw('huge-subject-and-recipients', () => {
    // Under the header cap, yet as JSON (each quote and backslash escaped) past what a queue message carries.
    const subject = `${'"\\'.repeat(90_000)}`.replace(/(.{900})/g, '$1\n ');
    const recipients = Array.from({ length: 1500 }, (_, n) => `r${n}@forwarder.example`).join(',\n ');
    return `From: ops@forwarder.example
To: ${recipients}
Subject: ${subject}
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <huge-subject-and-recipients@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="big"

--big
${pdfPart('beneath-the-crowd.pdf', 'huge subject and recipients')}
--big--
`;
  }),
  raw(
    'raw-latin1-headers',
    () => `From: Ren\u00e9e Dupr\u00e9 <renee@forwarder.example>
To: docs+acme@stevedore.local
Subject: Facture d\u00e9t\u00e9 pay\u00e9e
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <raw-latin1-headers@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="l1"

--l1
Content-Type: text/plain; charset=iso-8859-1
Content-Transfer-Encoding: 8bit

R\u00e9gl\u00e9e.
--l1
${pdfPart('facture d\u00e9t\u00e9.pdf', 'latin1 header')}
--l1--
`,
  ),
  raw(
    'rfc2231-continued-filename',
    () => `${headers('rfc2231-continued-filename', 'multipart/mixed; boundary="c"')}
--c
Content-Type: application/pdf;
 name*0*=utf-8''Rechnung%20M%C3%A4rz%20;
 name*1*=2026.pdf
Content-Disposition: attachment;
 filename*0*=utf-8''Rechnung%20M%C3%A4rz%20;
 filename*1*=2026.pdf
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('rfc 2231'))}
--c
Content-Type: application/pdf
Content-Disposition: attachment;
 filename*0="bill-of-";
 filename*1="lading-";
 filename*2="0042.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('rfc 2231 plain'))}
--c--
`,
  ),
  raw(
    'encoded-word-wrong-charset',
    () => `${headers('encoded-word-wrong-charset', 'multipart/mixed; boundary="w"')}
--w
Content-Type: application/pdf; name="=?utf-8?B?${Buffer.from('factur\u00e9.pdf', 'latin1').toString('base64')}?="
Content-Disposition: attachment; filename="=?utf-8?B?${Buffer.from('factur\u00e9.pdf', 'latin1').toString('base64')}?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('latin1 bytes said to be utf8'))}
--w
Content-Type: application/pdf; name="=?iso-8859-1?Q?Rechnung_M=C3=A4rz.pdf?="
Content-Disposition: attachment; filename="=?iso-8859-1?Q?Rechnung_M=C3=A4rz.pdf?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('utf8 bytes said to be latin1'))}
--w
Content-Type: application/pdf; name="=?x-unknown?Q?manifest.pdf?="
Content-Disposition: attachment; filename="=?x-unknown?B?!!!not base64?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('an unknown charset in the name'))}
--w--
`,
  ),
  raw(
    'utf7-and-x-unknown-charsets',
    () => `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: =?UTF-7?Q?Rechnung_M+AOQ-rz?=
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <utf7-and-x-unknown-charsets@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="u7"

--u7
Content-Type: text/plain; charset=x-unknown
Content-Transfer-Encoding: 8bit

Nothing known about this charset \u00ff\u00fe.
--u7
Content-Type: text/plain; charset=utf-7

Hi Mom -+Jjo--!
--u7
Content-Type: application/pdf; name="=?utf-7?Q?Rechnung_M+AOQ-rz.pdf?="; charset=x-unknown
Content-Disposition: attachment; filename="=?utf-7?Q?Rechnung_M+AOQ-rz.pdf?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('utf-7'))}
--u7--
`,
  ),
  raw('base64-whitespace-garbage-no-padding', () => {
    const messy = (bytes: Buffer): string => {
      const text = bytes.toString('base64').replace(/=+$/, '');
      // Tabs and spaces inside lines, lines of odd lengths, a junk line, no padding at the end.
      return text
        .replace(/.{57}/g, '$&\n')
        .replace(/(.{10})(.{10})/g, '$1 \t$2')
        .replace(/\n/, '\n\u0000*** !!! ~~~ ***\n');
    };
    return `${headers('base64-whitespace-garbage-no-padding', 'multipart/mixed; boundary="b"')}
--b
Content-Type: application/pdf; name="spaced.pdf"
Content-Disposition: attachment; filename="spaced.pdf"
Content-Transfer-Encoding: base64

${messy(tinyPdf('whitespace and no padding'))}
--b
Content-Type: application/pdf; name="unpadded.pdf"
Content-Disposition: attachment; filename="unpadded.pdf"
Content-Transfer-Encoding: BASE64

${tinyPdf('unpadded').toString('base64').replace(/=+$/, '')}
--b--
`;
  }),
  raw('quoted-printable-soft-break-at-end', () => {
    // Every byte that is not plain ASCII text escaped, lines wrapped at 72 with soft breaks.
    const tokens = [...tinyPdf('quoted printable')].map((byte) =>
      byte >= 33 && byte <= 126 && byte !== 61
        ? String.fromCharCode(byte)
        : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    );
    let text = '';
    let line = '';
    for (const token of tokens) {
      if (line.length + token.length > 72) {
        text += `${line}=\n`;
        line = '';
      }
      line += token;
    }
    // The part ends on a soft break: no line end before the closing boundary.
    return `${headers('quoted-printable-soft-break-at-end', 'multipart/mixed; boundary="q"')}
--q
Content-Type: application/pdf; name="qp.pdf"
Content-Disposition: attachment; filename="qp.pdf"
Content-Transfer-Encoding: quoted-printable

${text}${line}=
--q--`;
  }),
  raw(
    'uuencode-attachment',
    () => `${headers('uuencode-attachment', 'text/plain; charset=us-ascii', 'Content-Transfer-Encoding: 7bit\n')}
The invoice follows, as my old mailer sends it.

begin 644 invoice-uu.pdf
${uuencode(tinyPdf('uuencoded in the body'))}
And the packing list:

begin 600 packing-uu.pdf
${uuencode(tinyPdf('second uuencoded'))}
`,
  ),
  raw(
    'uuencode-transfer-encoding',
    () => `${headers('uuencode-transfer-encoding', 'multipart/mixed; boundary="uu"')}
--uu
Content-Type: application/octet-stream; name="manifest.pdf"
Content-Disposition: attachment; filename="manifest.pdf"
Content-Transfer-Encoding: x-uuencode

begin 644 manifest.pdf
${uuencode(tinyPdf('x-uuencode part'))}
--uu--
`,
  ),
  raw(
    'pdf-in-named-text-plain-part',
    () => `${headers('pdf-in-named-text-plain-part', 'multipart/mixed; boundary="t"')}
--t
Content-Type: text/plain

The statement is attached.
--t
Content-Type: text/plain; name="statement.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('declared as text'))}
--t
Content-Type: text/plain; charset=us-ascii; name="notice.pdf"
Content-Disposition: inline; filename="notice.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('inline text with a name'))}
--t--
`,
  ),
  raw(
    'inline-pdf-without-name',
    () => `${headers('inline-pdf-without-name', 'multipart/mixed; boundary="i"')}
--i
Content-Type: text/plain

See below.
--i
Content-Type: application/pdf
Content-Disposition: inline
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('inline and nameless'))}
--i--
`,
  ),
  raw(
    'appledouble',
    () => `${headers('appledouble', 'multipart/mixed; boundary="a"')}
--a
Content-Type: text/plain

From my Mac.
--a
Content-Type: multipart/appledouble; boundary="ad"

--ad
Content-Type: application/applefile; name="invoice.pdf"
Content-Transfer-Encoding: base64

${base64Lines(Buffer.concat([Buffer.from([0, 5, 0x16, 7, 0, 2, 0, 0]), Buffer.alloc(40, 1)]))}
--ad
Content-Type: application/pdf; name="invoice.pdf"
Content-Disposition: attachment; filename="invoice.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('the data fork'))}
--ad--
--a--
`,
  ),
  raw(
    'smime-signed',
    () => `${headers('smime-signed', 'multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="s"')}
This is an S/MIME signed message.

--s
Content-Type: multipart/mixed; boundary="inner"

--inner
Content-Type: text/plain

Signed, sealed, delivered.
--inner
${pdfPart('signed-invoice.pdf', 'signed invoice')}
--inner--
--s
Content-Type: application/pkcs7-signature; name="smime.p7s"
Content-Disposition: attachment; filename="smime.p7s"
Content-Transfer-Encoding: base64

${base64Lines(Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00, 0x06, 0x09]), Buffer.alloc(250, 7)]))}
--s--
`,
  ),
  raw(
    'smime-encrypted',
    () => `${headers('smime-encrypted', 'application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"', 'Content-Disposition: attachment; filename="smime.p7m"\nContent-Transfer-Encoding: base64\n')}
${base64Lines(Buffer.concat([Buffer.from([0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03]), Buffer.alloc(400, 9)]))}
`,
  ),
  compose('winmail-dat-only', {
    attachments: [
      {
        filename: 'winmail.dat',
        contentType: 'application/octet-stream',
        content: Buffer.concat([Buffer.from([0x78, 0x9f, 0x3e, 0x22]), Buffer.alloc(64, 0)]),
      },
    ],
  }),
  compose('winmail-dat-with-pdfs', {
    attachments: [
      {
        filename: 'winmail.dat',
        contentType: 'application/ms-tnef',
        content: tnef([
          { name: 'INVOICE.PDF', data: tinyPdf('inside winmail.dat') },
          { name: 'notes.txt', data: Buffer.from('not a document') },
          { name: 'B-L 0042.pdf', data: tinyPdf('second inside winmail.dat') },
        ]),
      },
    ],
  }),
  raw(
    'nul-bytes',
    () => `From: ops@forwarder.example\u0000
To: docs+acme@stevedore.local
Subject: nul\u0000bytes
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <nul-bytes@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="n"

--n
Content-Type: text/plain

A NUL \u0000 in the body.
--n
Content-Type: application/pdf; name="in\u0000voice.pdf"
Content-Disposition: attachment; filename="in\u0000voice.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('nul bytes'))}
--n
Content-Type: application/pdf; name="binary.pdf"
Content-Transfer-Encoding: binary

${tinyPdf('raw binary with \u0000').toString('latin1').replace(/\n/g, '\u0000\n')}
--n--
`,
  ),
  {
    name: 'bare-lf-line-endings',
    build: async () =>
      Buffer.from(
        `${headers('bare-lf-line-endings', 'multipart/mixed; boundary="lf"')}
--lf
Content-Type: text/plain

Written on a Unix box, sent as-is.
--lf
${pdfPart('unix.pdf', 'bare lf')}
--lf--
`,
        'latin1',
      ),
  },
  raw(
    'no-headers-at-all',
    () => `
Just a body, no header above it.
%PDF-1.4 is not a document here.
`,
  ),
  raw(
    'header-without-colon',
    () => `From: ops@forwarder.example
To: docs+acme@stevedore.local
This line is not a header
Subject: header-without-colon
Message-ID: <header-without-colon@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="nc"
X-Broken
Date: Mon, 02 Mar 2026 09:30:00 +0000

--nc
${pdfPart('after-the-broken-header.pdf', 'header without colon')}
--nc--
`,
  ),
  {
    name: 'duplicate-message-id-first',
    build: () =>
      new MailComposer({
        ...BASE,
        subject: 'duplicate-message-id-first',
        messageId: '<reused@corpus.example>',
        attachments: [{ filename: 'first.pdf', content: tinyPdf('the first of two with one id') }],
      })
        .compile()
        .build(),
  },
  {
    name: 'duplicate-message-id-second',
    build: () =>
      new MailComposer({
        ...BASE,
        subject: 'duplicate-message-id-second, another message',
        messageId: '<reused@corpus.example>',
        attachments: [
          { filename: 'second.pdf', content: tinyPdf('the second of two with one id, and longer') },
        ],
      })
        .compile()
        .build(),
  },
  ofExactSize('exactly-the-size-cap', CORPUS_MAX_MESSAGE_BYTES),
  ofExactSize('one-byte-over-the-size-cap', CORPUS_MAX_MESSAGE_BYTES + 1),
  compose('zip-path-traversal-names', {
    attachments: [
      {
        filename: 'escape.zip',
        content: zip([
          { name: '../../x.pdf', data: tinyPdf('dot dot') },
          { name: '/etc/absolute.pdf', data: tinyPdf('absolute') },
          { name: 'C:\\Windows\\drive.pdf', data: tinyPdf('drive letter') },
          { name: 'ok/fine.pdf', data: tinyPdf('fine') },
        ]),
      },
    ],
  }),
  compose('zip-thousand-entries', {
    attachments: [
      {
        filename: 'many.zip',
        content: zip(
          Array.from({ length: 1000 }, (_, n) => ({ name: `page-${n}.txt`, data: Buffer.from(`${n}`) })),
        ),
      },
    ],
  }),
  compose('seven-zip-and-rar', {
    attachments: [
      {
        filename: 'docs.7z',
        content: Buffer.concat([
          Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]),
          Buffer.alloc(64, 3),
        ]),
      },
      {
        filename: 'docs.rar',
        content: Buffer.concat([Buffer.from('Rar!\u001a\u0007\u0001\u0000', 'latin1'), Buffer.alloc(64, 4)]),
      },
      { filename: 'readable.pdf', content: tinyPdf('beside the archives') },
    ],
  }),
  compose('huge-inline-image', {
    html: '<p>Photo of the damage:</p><img src="cid:huge@corpus">',
    attachments: [{ filename: 'damage.png', content: storedPng(450), cid: 'huge@corpus' }],
  }),
  compose('inline-image-pixel-bomb', {
    html: '<p>Scan:</p><img src="cid:bomb@corpus">',
    attachments: [
      { filename: 'scan.png', content: pixelBomb(60_000), cid: 'bomb@corpus' },
      { filename: 'real.pdf', content: tinyPdf('next to the pixel bomb') },
    ],
  }),
  compose('name-only-extension', {
    attachments: [
      { filename: '.pdf', content: tinyPdf('only an extension') },
      { filename: '...pdf', content: tinyPdf('dots and an extension') },
    ],
  }),
  compose('name-of-300-characters', {
    attachments: [
      { filename: `${'Rechnung-'.repeat(33)}end.pdf`, content: tinyPdf('three hundred ascii') },
      { filename: `${'貨'.repeat(300)}.pdf`, content: tinyPdf('three hundred wide') },
      { filename: `${'😀'.repeat(150)}.pdf`, content: tinyPdf('astral') },
    ],
  }),
];
