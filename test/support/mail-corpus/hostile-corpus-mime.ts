/**
 * The second round of the hostile corpus, MIME structure and transfer encodings: each message named after
 * what it breaks, written byte by byte (a composer would repair it).
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { tinyPdf, zip } from './corpus-bytes.ts';
import { yEncode } from './corpus-formats.ts';
import { BASE, base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';

/** A PDF with 8-bit bytes in its binary comment line, as real PDFs have: what 8bit and binary carry. */
export const eightBitPdf = (label: string): Buffer => {
  const pdf = tinyPdf(label);
  const at = pdf.indexOf('\n') + 1;
  return Buffer.concat([
    pdf.subarray(0, at),
    Buffer.from('%\u00e2\u00e3\u00cf\u00d3\n', 'latin1'),
    pdf.subarray(at),
  ]);
};

/** A message with one attachment, as MailComposer writes it: the original that bounces and forwards carry. */
const original = (name: string, fileName: string): Promise<Buffer> =>
  new MailComposer({
    ...BASE,
    subject: `original of ${name}`,
    messageId: `<original-${name}@corpus.example>`,
    attachments: [{ filename: fileName, content: tinyPdf(`original of ${name}`) }],
  })
    .compile()
    .build();

/** A text body with a PDF yEnc-encoded in it, and one cut short before its `=yend` line. */
const yEncMessage = (name: string, charset: string): CorpusMessage =>
  raw(
    name,
    () => `${headers(name, `text/plain; charset=${charset}`, 'Content-Transfer-Encoding: 8bit\n')}
The invoice, yEnc-encoded by a Usenet-era tool:

${yEncode(eightBitPdf(name), `${name}.pdf`)}
And one cut short by a gateway:

${yEncode(eightBitPdf(`${name} cut`), 'cut-short.pdf').replace(/=yend.*\n/, '')}
Regards`,
  );

/** `bytes` in quoted-printable, each line break kept as an encoded LF and a soft break. */
export const quotedPrintable = (bytes: Buffer): string =>
  [...bytes.toString('latin1')]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char === '\n') return '=0A=\n';
      return code > 126 || char === '=' ? `=${code.toString(16).toUpperCase().padStart(2, '0')}` : char;
    })
    .join('');

const LONG_BOUNDARY = `${'b'.repeat(60)}-0123456789`;

export const HOSTILE_CORPUS_MIME: readonly CorpusMessage[] = [
  raw(
    'multipart-without-boundary',
    () => `${headers('multipart-without-boundary', 'multipart/mixed')}
--lost
Content-Type: text/plain

The boundary parameter is missing.
--lost
${pdfPart('unreachable.pdf', 'multipart without boundary')}
--lost--
`,
  ),
  raw(
    'boundary-quoted-with-spaces',
    () => `${headers('boundary-quoted-with-spaces', 'multipart/mixed; boundary="  spaced out  boundary"')}
--  spaced out  boundary
Content-Type: text/plain

Spaces inside the boundary.
--  spaced out  boundary
${pdfPart('spaced.pdf', 'boundary with spaces')}
--  spaced out  boundary--
`,
  ),
  raw(
    'boundary-of-71-characters',
    () => `${headers('boundary-of-71-characters', `multipart/mixed; boundary="${LONG_BOUNDARY}"`)}
--${LONG_BOUNDARY}
${pdfPart('long-boundary.pdf', 'boundary of 71 characters')}
--${LONG_BOUNDARY}--
`,
  ),
  raw(
    'base64-pdf-in-preamble-and-epilogue',
    () => `${headers('base64-pdf-in-preamble-and-epilogue', 'multipart/mixed; boundary="pe"')}
${base64Lines(tinyPdf('in the preamble'))}
--pe
${pdfPart('between.pdf', 'between preamble and epilogue')}
--pe--
${base64Lines(tinyPdf('in the epilogue'))}
`,
  ),
  raw(
    'pdf-at-depth-four',
    () => `${headers('pdf-at-depth-four', 'multipart/mixed; boundary="d1"')}
--d1
Content-Type: multipart/related; boundary="d2"

--d2
Content-Type: multipart/alternative; boundary="d3"

--d3
Content-Type: text/plain

Plain.
--d3
Content-Type: multipart/mixed; boundary="d4"

--d4
${pdfPart('four-deep.pdf', 'at depth four')}
--d4--
--d3--
--d2--
--d1
${pdfPart('one-deep.pdf', 'at depth one')}
--d1--
`,
  ),
  {
    name: 'bounce-carrying-original-pdf',
    build: async () => {
      const returned = (await original('bounce', 'returned-invoice.pdf')).toString('latin1');
      const text = `${headers(
        'bounce-carrying-original-pdf',
        'multipart/report; report-type=delivery-status; boundary="dsn"',
      )}
--dsn
Content-Type: text/plain

Your message could not be delivered.
--dsn
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.forwarder.example
Final-Recipient: rfc822; gone@carrier.example
Action: failed
Status: 5.1.1
--dsn
Content-Type: text/rfc822-headers

From: ops@forwarder.example
Subject: original of bounce
--dsn
Content-Type: message/rfc822

${returned}
--dsn--
`;
      return Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'latin1');
    },
  },
  raw(
    'message-partial',
    () => `${headers('message-partial', 'message/partial; id="split@corpus.example"; number=1; total=2')}
${headers('message-partial', 'multipart/mixed; boundary="part"')}
--part
${pdfPart('first-half.pdf', 'partial')}`,
  ),
  raw(
    'message-partial-inside-multipart',
    () => `${headers('message-partial-inside-multipart', 'multipart/mixed; boundary="mp"')}
--mp
Content-Type: message/partial; id="inner@corpus.example"; number=2; total=3

Content-Type: application/pdf

JVBERi0xLjQK
--mp
${pdfPart('whole.pdf', 'beside a partial')}
--mp--
`,
  ),
  raw(
    'message-global-forwarded',
    () => `${headers('message-global-forwarded', 'multipart/mixed; boundary="g"')}
--g
Content-Type: text/plain

Forwarded, with UTF-8 headers.
--g
Content-Type: message/global
Content-Disposition: attachment; filename="weitergeleitet.u8msg"

From: Jürgen Groß <jürgen@spedition.example>
To: docs+acme@stevedore.local
Subject: Rechnung für März
Message-ID: <global-inner@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="inner"

--inner
${pdfPart('Grüße aus München.pdf', 'message global')}
--inner--
--g--
`,
  ),
  {
    name: 'eml-attached-as-octet-stream',
    build: async () =>
      new MailComposer({
        ...BASE,
        subject: 'eml-attached-as-octet-stream',
        messageId: '<eml-attached-as-octet-stream@corpus.example>',
        attachments: [
          {
            filename: 'forwarded.eml',
            contentType: 'application/octet-stream',
            content: await original('octet', 'inside-the-eml.pdf'),
          },
          {
            filename: 'no-extension',
            contentType: 'application/octet-stream',
            content: await original('octet-bare', 'inside-the-bare-message.pdf'),
          },
        ],
      })
        .compile()
        .build(),
  },
  raw(
    'transfer-encoding-odd-case-and-spaces',
    () => `${headers('transfer-encoding-odd-case-and-spaces', 'multipart/mixed; boundary="te"')}
--te
Content-Type: application/pdf; name="upper.pdf"
Content-Transfer-Encoding: BASE64

${base64Lines(tinyPdf('upper case'))}
--te
Content-Type: application/pdf; name="spaced.pdf"
Content-Transfer-Encoding:   Base64  

${base64Lines(tinyPdf('spaces around'))}
--te
Content-Type: application/pdf; name="qp.pdf"
Content-Transfer-Encoding: Quoted-Printable

${quotedPrintable(tinyPdf('odd case quoted printable'))}
--te--
`,
  ),
  raw(
    'binary-and-8bit-pdfs',
    () => `${headers('binary-and-8bit-pdfs', 'multipart/mixed; boundary="8b"')}
--8b
Content-Type: application/pdf; name="eight-bit.pdf"
Content-Transfer-Encoding: 8bit

${eightBitPdf('sent as 8bit').toString('latin1')}
--8b
Content-Type: application/octet-stream; name="binary.pdf"
Content-Transfer-Encoding: binary

${eightBitPdf('sent as binary').toString('latin1')}
--8b--
`,
  ),
  raw('base64-long-lines-and-crlf-inside', () => {
    const encoded = tinyPdf('long base64 lines').toString('base64');
    // Lines of 200 characters, and a line break with a blank line in the middle of a 4-character group.
    const broken = tinyPdf('broken lines')
      .toString('base64')
      .replace(/(.{200})/g, '$1\n')
      .replace(/(.{37})(.{5})/, '$1\n\n$2');
    return `${headers('base64-long-lines-and-crlf-inside', 'multipart/mixed; boundary="ll"')}
--ll
Content-Type: application/pdf; name="one-line.pdf"
Content-Transfer-Encoding: base64

${encoded}
--ll
Content-Type: application/pdf; name="broken-lines.pdf"
Content-Transfer-Encoding: base64

${broken}
--ll--
`;
  }),
  raw('quoted-printable-pdf', () => {
    const qp = quotedPrintable(eightBitPdf('quoted printable'));
    return `${headers('quoted-printable-pdf', 'multipart/mixed; boundary="qp"')}
--qp
${pdfPart('plain.pdf', 'beside the quoted printable one')}
--qp
Content-Type: application/pdf; name="quoted.pdf"
Content-Transfer-Encoding: quoted-printable

${qp}
--qp--
`;
  }),
  yEncMessage('yenc-in-latin1-text', 'iso-8859-1'),
  raw('zip-in-zip-in-forwarded', () => {
    const outer = zip([
      { name: 'outer.pdf', data: tinyPdf('in the outer zip') },
      { name: 'inner.zip', data: zip([{ name: 'innermost.pdf', data: tinyPdf('in the inner zip') }]) },
    ]);
    return `${headers('zip-in-zip-in-forwarded', 'multipart/mixed; boundary="zf"')}
--zf
Content-Type: message/rfc822

${headers('forwarded with a zip', 'multipart/mixed; boundary="zi"')}
--zi
Content-Type: application/zip; name="bundle.zip"
Content-Transfer-Encoding: base64

${base64Lines(outer)}
--zi--
--zf--
`;
  }),
];
