/**
 * The second round of the hostile corpus, names, charsets, documents and headers: each message named after
 * what it breaks.
 */
import { jpegHeader, png, tinyPdf, zip } from './corpus-bytes.ts';
import { compoundFileHeader, gif, heicHeader, multiPageTiff, webpHeader, zip64 } from './corpus-formats.ts';
import { base64Lines, type CorpusMessage, compose, headers, pdfPart, raw } from './corpus-message.ts';

/** A base64 part of `bytes` with the given header lines (type, disposition) before the encoding. */
const part = (lines: string, bytes: Buffer): string =>
  `${lines}
Content-Transfer-Encoding: base64

${base64Lines(bytes)}`;

/** A message of `parts` in one multipart/mixed, after the standard headers with `extra` in them. */
const mixed = (name: string, parts: readonly string[], extra = ''): CorpusMessage =>
  raw(
    name,
    () => `${headers(name, 'multipart/mixed; boundary="n"', extra)}
${parts.map((text) => `--n\n${text}\n`).join('')}--n--
`,
  );

/** The same message with its own header block: From, Date and the rest as the case needs them. */
const withHeaders = (name: string, headerBlock: string, label: string): CorpusMessage =>
  raw(
    name,
    () => `${headerBlock}
Message-ID: <${name}@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="h"

--h
${pdfPart(`${name}.pdf`, label)}
--h--
`,
  );

const SCANNER_JUNK = Buffer.from(`${'\u0000\u00ff scanner job 0042 '.repeat(30)}\n`, 'latin1');

export const HOSTILE_CORPUS_NAMES: readonly CorpusMessage[] = [
  mixed('name-in-type-or-disposition-or-both', [
    part('Content-Type: application/pdf; name="only-in-type.pdf"', tinyPdf('name only in type')),
    part(
      'Content-Type: application/pdf\nContent-Disposition: attachment; filename="only-in-disposition.pdf"',
      tinyPdf('name only in disposition'),
    ),
    part(
      'Content-Type: application/pdf; name="type-name.pdf"\nContent-Disposition: attachment; filename="disposition-name.pdf"',
      tinyPdf('two different names'),
    ),
  ]),
  mixed('rfc2047-and-rfc2231-names', [
    part(
      'Content-Type: application/pdf\nContent-Disposition: attachment; filename="=?UTF-8?B?RmFrdHVyYSDFgcOzZMW6LnBkZg==?="',
      tinyPdf('encoded word in quotes'),
    ),
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=UTF-8'fr-FR'facture%20%C3%A9t%C3%A9%20n%C2%B07.pdf",
      tinyPdf('rfc 2231 with a language'),
    ),
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=iso-8859-1'de'Gr%FC%DFe.pdf",
      tinyPdf('rfc 2231 in latin1'),
    ),
  ]),
  mixed('names-only-dots-and-windows-reserved', [
    part('Content-Type: application/pdf; name=".."', tinyPdf('two dots')),
    part('Content-Type: application/pdf; name="."', tinyPdf('one dot')),
    part('Content-Type: application/pdf; name="CON.pdf"', tinyPdf('con')),
    part('Content-Type: application/pdf; name="nul"', tinyPdf('nul')),
    part('Content-Type: application/pdf; name="Com1.PDF"', tinyPdf('com1')),
    part('Content-Type: application/pdf; name="aux.tar.pdf"', tinyPdf('aux with two dots')),
    part('Content-Type: application/pdf; name="invoice.pdf. . ."', tinyPdf('trailing dots')),
  ]),
  mixed('name-of-1000-characters-in-rfc2231', [
    part(
      `Content-Type: application/pdf\nContent-Disposition: attachment;\n${Array.from(
        { length: 10 },
        (_, n) => ` filename*${n}*=${n === 0 ? "utf-8''" : ''}${'%C3%A9'.repeat(10)}${'x'.repeat(90)};`,
      ).join('\n')}\n filename*10=".pdf"`,
      tinyPdf('a thousand characters'),
    ),
  ]),
  mixed('names-with-newlines-after-decoding', [
    part(
      'Content-Type: application/pdf; name="=?UTF-8?Q?inv=0Aoice=0D=0A_2026.pdf?="',
      tinyPdf('newlines in an encoded word'),
    ),
    part(
      "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=utf-8''bill%0D%0AX-Injected%3A%20yes.pdf",
      tinyPdf('newlines in rfc 2231'),
    ),
  ]),
  raw(
    'charset-aliases-utf8-latin1-cp1252',
    () => `From: =?utf8?Q?J=C3=BCrgen?= <jurgen@forwarder.example>
To: docs+acme@stevedore.local
Subject: =?cp1252?B?RmFjdHVyZSAxMDCAIJYg6XTp?=
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <charset-aliases-utf8-latin1-cp1252@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="cs"

--cs
Content-Type: text/plain; charset=latin1
Content-Transfer-Encoding: 8bit

Gr\u00fc\u00dfe, 100\u0080 \u0096 merci.
--cs
Content-Type: application/pdf; name="=?latin1?Q?Gr=FC=DFe.pdf?="
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('charset aliases'))}
--cs--
`,
  ),
  raw(
    'cjk-charsets-subject-and-name',
    () => `${headers('cjk-charsets-subject-and-name', 'multipart/mixed; boundary="cjk"').replace(
      'Subject: cjk-charsets-subject-and-name',
      'Subject: =?iso-2022-jp?B?GyRCQEE1YT1xGyhC?= =?ks_c_5601-1987?B?vNvA5Q==?= =?gb2312?B?t6LGsQ==?=',
    )}
--cjk
Content-Type: application/pdf; name="=?iso-2022-jp?B?GyRCQEE1YT1xGyhC?=.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('iso-2022-jp'))}
--cjk
Content-Type: application/pdf; name="=?ks_c_5601-1987?B?vNvA5Q==?=.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('ks_c_5601-1987'))}
--cjk
Content-Type: application/pdf; name="=?gb2312?B?t6LGsQ==?=.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('gb2312'))}
--cjk--
`,
  ),
  mixed('garbage-before-pdf-header', [
    part(
      'Content-Type: application/octet-stream; name="scan-0001"',
      Buffer.concat([SCANNER_JUNK, tinyPdf('after scanner junk')]),
    ),
  ]),
  mixed('html-named-pdf', [
    part(
      'Content-Type: application/pdf; name="invoice.pdf"',
      Buffer.from('<!DOCTYPE html><html><body>Sign in to view your invoice</body></html>\n'),
    ),
  ]),
  compose('image-formats', {
    attachments: [
      { filename: 'page.png', content: png(24, true) },
      { filename: 'page.jpg', content: jpegHeader() },
      { filename: 'two-pages.tiff', content: multiPageTiff(2) },
      { filename: 'IMG_0042.HEIC', content: heicHeader() },
      { filename: 'page.webp', content: webpHeader() },
      { filename: 'animated.gif', content: gif() },
    ],
  }),
  compose('inline-images-referenced-and-not', {
    html: '<p>Damage at unloading:</p><img src="cid:shown@corpus">',
    attachments: [
      { filename: 'shown.png', content: png(48, true), cid: 'shown@corpus' },
      { filename: 'hidden.png', content: png(50, true), cid: 'hidden@corpus' },
      { filename: 'small-shown.png', content: png(8, true), cid: 'small@corpus' },
    ],
  }),
  compose('same-pdf-three-times', {
    attachments: [
      { filename: 'invoice.pdf', content: tinyPdf('thrice') },
      { filename: 'invoice (1).pdf', content: tinyPdf('thrice') },
      { filename: 'invoice (2).pdf', content: tinyPdf('thrice'), contentType: 'application/octet-stream' },
    ],
  }),
  compose('fifty-one-attachments', {
    attachments: Array.from({ length: 51 }, (_, n) => ({
      filename: `page-${String(n + 1).padStart(2, '0')}.pdf`,
      content: tinyPdf(`page ${n + 1} of 51`),
    })),
  }),
  compose('outlook-msg-attached', {
    attachments: [
      {
        filename: 'RE_ Booking 4711.msg',
        contentType: 'application/vnd.ms-outlook',
        content: compoundFileHeader(),
      },
      { filename: 'forwarded', contentType: 'application/octet-stream', content: compoundFileHeader() },
      { filename: 'booking.pdf', content: tinyPdf('beside the msg') },
    ],
  }),
  compose('zip64-archive', {
    attachments: [
      {
        filename: 'big-archiver.zip',
        content: zip64([
          { name: 'invoice-64.pdf', data: tinyPdf('zip64 one') },
          { name: 'notes.txt', data: Buffer.from('zip64 notes\n') },
          { name: 'packing-64.pdf', data: tinyPdf('zip64 two') },
        ]),
      },
    ],
  }),
  compose('password-zip-only', {
    attachments: [
      {
        filename: 'protected.zip',
        content: zip([
          { name: 'a.pdf', data: tinyPdf('locked a'), encrypted: true },
          { name: 'b.pdf', data: tinyPdf('locked b'), encrypted: true },
        ]),
      },
    ],
  }),
  withHeaders(
    'no-date-header',
    'From: ops@forwarder.example\nTo: docs+acme@stevedore.local\nSubject: no-date-header',
    'no date',
  ),
  withHeaders(
    'date-in-1970',
    'From: ops@forwarder.example\nTo: docs+acme@stevedore.local\nSubject: date-in-1970\nDate: Thu, 01 Jan 1970 00:00:00 +0000',
    '1970',
  ),
  withHeaders(
    'date-in-2099',
    'From: ops@forwarder.example\nTo: docs+acme@stevedore.local\nSubject: date-in-2099\nDate: Thu, 31 Dec 2099 23:59:59 -0100',
    '2099',
  ),
  withHeaders(
    'display-name-with-encoded-comma',
    'From: =?UTF-8?Q?Doe=2C_John?= <John.Doe@Forwarder.example>\nTo: =?UTF-8?B?U21pdGgsIEFubmE=?= <anna@forwarder.example>, "Lee, Kim" <kim@forwarder.example>\nSubject: display-name-with-encoded-comma\nDate: Mon, 02 Mar 2026 09:30:00 +0000',
    'encoded comma',
  ),
  withHeaders(
    'group-syntax-recipients',
    'From: ops@forwarder.example\nTo: undisclosed-recipients:;\nCc: Customs team: a@customs.example, B@Customs.example;, c@forwarder.example\nSubject: group-syntax-recipients\nDate: Mon, 02 Mar 2026 09:30:00 +0000',
    'groups',
  ),
  raw('ten-thousand-recipients', () => {
    const recipients = Array.from({ length: 10_000 }, (_, n) => `r${n}@x.example`).join(',\n ');
    return `From: ops@forwarder.example
To: ${recipients}
Subject: ten-thousand-recipients
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <ten-thousand-recipients@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="tt"

--tt
${pdfPart('to-everyone.pdf', 'ten thousand recipients')}
--tt--
`;
  }),
  raw('subject-of-100-kb', () => {
    // 12,800 words folded eight to a line: 100 KB of subject that unfolds to words, not cut words.
    const subject = Array.from({ length: 12_800 }, (_, n) =>
      n > 0 && n % 8 === 0 ? '\n Invoice' : 'Invoice',
    ).join(' ');
    return `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: ${subject}
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <subject-of-100-kb@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="sk"

--sk
${pdfPart('long-subject.pdf', 'subject of 100 KB')}
--sk--
`;
  }),
  withHeaders(
    'duplicate-subject-and-from',
    'From: first@forwarder.example\nTo: docs+acme@stevedore.local\nSubject: the first subject\nFrom: second@forwarder.example\nSubject: the second subject\nDate: Mon, 02 Mar 2026 09:30:00 +0000',
    'duplicates',
  ),
  withHeaders(
    'header-folded-with-whitespace-only-lines',
    'From: ops@forwarder.example\nTo: docs+acme@stevedore.local,\n   \n \tbilling@forwarder.example\nSubject: folded\n \n  over blank lines\nDate: Mon, 02 Mar 2026 09:30:00 +0000',
    'whitespace folds',
  ),
];
