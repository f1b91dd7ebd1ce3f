/**
 * The second round of the hostile corpus, part structure a parser gets wrong: digests, boundaries that
 * are empty, doubled or prefixes of each other, encodings declared where they do not belong or not at all.
 */
import { tinyPdf } from './corpus-bytes.ts';
import { base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';

/** A message of one multipart/mixed holding `pdfPart(fileName)`, as the body of a forwarded part. */
const innerMessage = (subject: string, fileName: string): string =>
  `${headers(subject, 'multipart/mixed; boundary="inner"')}
--inner
${pdfPart(fileName, subject)}
--inner--
`;

/** A text part and a PDF, every line ended by `lineEnd` instead of CRLF. */
const withLineEnds = (name: string, lineEnd: string): CorpusMessage => ({
  name,
  build: async () =>
    Buffer.from(
      `${headers(name, 'multipart/mixed; boundary="le"')}
--le
Content-Type: text/plain

Every line of this message ends oddly.
--le
${pdfPart(`${name}.pdf`, name)}
--le--
`.replace(/\r?\n/g, lineEnd),
      'latin1',
    ),
});

export const HOSTILE_CORPUS_PARTS: readonly CorpusMessage[] = [
  withLineEnds('cr-cr-lf-line-endings', '\r\r\n'),
  raw(
    'boundary-lines-with-transport-padding',
    () => `${headers('boundary-lines-with-transport-padding', 'multipart/mixed; boundary="tp"')}
--tp   
${pdfPart('padded-one.pdf', 'padded delimiter one')}
--tp\t 
${pdfPart('padded-two.pdf', 'padded delimiter two')}
--tp--  
`,
  ),
  raw(
    'empty-and-blank-names',
    () => `${headers('empty-and-blank-names', 'multipart/mixed; boundary="m"')}
--m
Content-Type: application/pdf; name=
Content-Disposition: attachment; filename*=''
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('empty name'))}
--m
Content-Type: application/pdf; name="   "
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('blank name'))}
--m--
`,
  ),
  raw(
    'multipart-digest-of-messages',
    () => `${headers('multipart-digest-of-messages', 'multipart/digest; boundary="dg"')}
--dg

${innerMessage('first in the digest', 'digest-one.pdf')}
--dg
Content-Type: message/rfc822

${innerMessage('second in the digest', 'digest-two.pdf')}
--dg--
`,
  ),
  raw(
    'empty-boundary-parameter',
    () => `${headers('empty-boundary-parameter', 'multipart/mixed; boundary=""')}
--
${pdfPart('empty.pdf', 'empty boundary')}
----
`,
  ),
  raw(
    'nested-multipart-without-boundary',
    () => `${headers('nested-multipart-without-boundary', 'multipart/mixed; boundary="out"')}
--out
Content-Type: multipart/alternative

--lost
Content-Type: text/plain

Lost.
--lost--
--out
${pdfPart('outside.pdf', 'beside a nested multipart without boundary')}
--out--
`,
  ),
  raw(
    'two-boundary-parameters',
    () => `${headers('two-boundary-parameters', 'multipart/mixed; boundary="one"; boundary="two"')}
--one
${pdfPart('b-one.pdf', 'boundary one')}
--two
${pdfPart('b-two.pdf', 'boundary two')}
--one--
--two--
`,
  ),
  raw(
    'inner-boundary-prefixed-by-outer',
    () => `${headers('inner-boundary-prefixed-by-outer', 'multipart/mixed; boundary="ab"')}
--ab
Content-Type: multipart/alternative; boundary="ab-c"

--ab-c
Content-Type: text/plain

The inner boundary starts with the outer one.
--ab-c--
--ab
${pdfPart('after-prefix.pdf', 'prefix boundary')}
--ab--
`,
  ),
  raw(
    'base64-without-transfer-encoding',
    () => `${headers('base64-without-transfer-encoding', 'multipart/mixed; boundary="m"')}
--m
Content-Type: application/pdf; name="no-encoding-header.pdf"

${base64Lines(tinyPdf('no transfer encoding header'))}
--m
Content-Type: application/octet-stream; name="said-7bit.pdf"
Content-Transfer-Encoding: 7bit

${base64Lines(tinyPdf('said 7bit, is base64'))}
--m
Content-Type: text/plain; name="base64-words.txt"

${base64Lines(Buffer.from('Just words, in base64, not a document.\n'))}
--m--
`,
  ),
  raw(
    'whole-message-is-message-rfc822',
    () => `${headers('whole-message-is-message-rfc822', 'message/rfc822')}
${innerMessage('wrapped whole', 'wrapped.pdf')}`,
  ),
  raw(
    'base64-encoded-forwarded-message',
    () => `${headers('base64-encoded-forwarded-message', 'multipart/mixed; boundary="m"')}
--m
Content-Type: message/rfc822
Content-Transfer-Encoding: base64

${base64Lines(Buffer.from(innerMessage('encoded forward', 'encoded-forward.pdf').replace(/\n/g, '\r\n'), 'latin1'))}
--m--
`,
  ),
  raw(
    'multipart-declared-base64',
    () => `${headers('multipart-declared-base64', 'multipart/mixed; boundary="m"', 'Content-Transfer-Encoding: base64\n')}
--m
${pdfPart('under-a-base64-multipart.pdf', 'multipart declared base64')}
--m--
`,
  ),
];
