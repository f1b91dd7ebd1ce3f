/**
 * The fifth round of the corpus: sealed and signed mail nobody wrote before (PGP/MIME signed and
 * encrypted, inline PGP), and structures past the caps or against the rules (five thousand parts, a
 * boundary line inside a base64 body, Content-Type parameters given twice and disagreeing).
 */
import { tinyPdf } from './corpus-bytes.ts';
import { base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';

/** An ASCII-armoured PGP block: what GnuPG writes, the bytes inside made up (nothing here is checked). */
const armoured = (kind: 'SIGNATURE' | 'MESSAGE', seed: string): string =>
  `-----BEGIN PGP ${kind}-----

${base64Lines(Buffer.from(seed.repeat(24))).trimEnd()}
=Zm9v
-----END PGP ${kind}-----`;

export const HOSTILE_CORPUS_SEALED: readonly CorpusMessage[] = [
  raw(
    'pgp-mime-signed',
    () => `${headers('pgp-mime-signed', 'multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; boundary="sig-outer"')}
This is an OpenPGP/MIME signed message (RFC 4880 and 3156)
--sig-outer
Content-Type: multipart/mixed; boundary="sig-inner"

--sig-inner
Content-Type: text/plain; charset=utf-8

Signed arrival notice attached.
--sig-inner
${pdfPart('arrival-notice.pdf', 'pgp signed arrival notice')}
--sig-inner--

--sig-outer
Content-Type: application/pgp-signature; name="OpenPGP_signature.asc"
Content-Disposition: attachment; filename="OpenPGP_signature.asc"
Content-Description: OpenPGP digital signature

${armoured('SIGNATURE', 'signature over the inner entity')}
--sig-outer--
`,
  ),
  raw(
    'pgp-mime-encrypted',
    () => `${headers('pgp-mime-encrypted', 'multipart/encrypted; protocol="application/pgp-encrypted"; boundary="enc"')}
This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156)
--enc
Content-Type: application/pgp-encrypted
Content-Description: PGP/MIME version identification

Version: 1

--enc
Content-Type: application/octet-stream; name="encrypted.asc"
Content-Disposition: inline; filename="encrypted.asc"
Content-Description: OpenPGP encrypted message

${armoured('MESSAGE', 'a bill of lading nobody here can read')}
--enc--
`,
  ),
  raw(
    'pgp-inline-encrypted-beside-a-pdf',
    () => `${headers('pgp-inline-encrypted-beside-a-pdf', 'multipart/mixed; boundary="inline"')}
--inline
Content-Type: text/plain; charset=us-ascii

${armoured('MESSAGE', 'an encrypted note')}
--inline
Content-Type: application/pgp-encrypted; name="invoice.pdf.gpg"
Content-Disposition: attachment; filename="invoice.pdf.gpg"
Content-Transfer-Encoding: base64

${base64Lines(Buffer.from('\x85\x01\x0c\x03 sealed invoice bytes', 'latin1'))}
--inline
${pdfPart('packing-list.pdf', 'the packing list sent in clear')}
--inline--
`,
  ),
  raw('five-thousand-parts', () => {
    let parts = '';
    for (let n = 0; n < 5000; n += 1) parts += `--many\nContent-Type: text/plain\n\n${n}\n`;
    return `${headers('five-thousand-parts', 'multipart/mixed; boundary="many"')}
${parts}--many
${pdfPart('after-five-thousand.pdf', 'after five thousand parts')}
--many--
`;
  }),
  raw('boundary-line-inside-base64', () => {
    const lines = base64Lines(tinyPdf('a PDF cut by a delimiter line')).split('\n');
    const half = Math.floor(lines.length / 2);
    // A gateway that wraps mail (or a hostile sender) puts the delimiter inside the base64 body: the part
    // ends there, the rest of the base64 becomes a part of its own, with no header.
    return `${headers('boundary-line-inside-base64', 'multipart/mixed; boundary="cut"')}
--cut
Content-Type: application/pdf; name="cut-in-two.pdf"
Content-Disposition: attachment; filename="cut-in-two.pdf"
Content-Transfer-Encoding: base64

${lines.slice(0, half).join('\n')}
--cut
${lines.slice(half).join('\n')}
--cut
${pdfPart('whole.pdf', 'the PDF after the cut one')}
--cut--
`;
  }),
  raw(
    'content-type-params-twice-and-disagreeing',
    () => `${headers('content-type-params-twice-and-disagreeing', 'multipart/mixed; boundary="twice"; charset=us-ascii; charset=utf-8')}
--twice
Content-Type: text/plain; charset=utf-8; charset=iso-8859-1; format=flowed

Two charsets; two names on each file below.
--twice
Content-Type: application/pdf; name="invoice.pdf"; name="payload.exe"
Content-Disposition: attachment; filename="waybill.pdf"; filename="../../evil.cmd"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('a PDF with two names twice'))}
--twice
Content-Type: application/octet-stream; name="statement.pdf"; name*=utf-8''relev%C3%A9.pdf
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('a name and an RFC 2231 name'))}
--twice--
`,
  ),
];
