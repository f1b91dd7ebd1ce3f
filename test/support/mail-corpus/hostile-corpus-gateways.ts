/**
 * The fourth round of the corpus: mail shapes nobody wrote before, each named after what it breaks.
 * Lotus Notes/Domino, Zimbra and Yahoo as they send; fax-to-email gateways; EDI and XML beside the PDF;
 * a password-protected PDF; PDFs named .dat or nothing; an invite carrying an agenda; a reply chain
 * carrying one PDF three times; uuencoded files quoted or under other encoding names; RFC 2231 names
 * that switch charsets, and Japanese names in ISO-2022-JP and Shift_JIS.
 */
import { tinyPdf } from './corpus-bytes.ts';
import { multiPageTiff } from './corpus-formats.ts';
import { base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';
import { uuencode } from './hostile-corpus.ts';

/** A PDF whose trailer names an /Encrypt dictionary: opened only with its password. */
export function encryptedPdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.6
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
5 0 obj << /Filter /Standard /V 2 /R 3 /Length 128 /P -1084 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >> endobj
% ${label}
trailer << /Size 6 /Root 1 0 R /Encrypt 5 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>] >>
%%EOF
`,
    'latin1',
  );
}

/** A base64 part of `bytes` under the given header lines. */
const part = (lines: string, bytes: Buffer): string =>
  `${lines}
Content-Transfer-Encoding: base64

${base64Lines(bytes)}`;

/** A message forwarded or replied to, as the body of a `message/rfc822` part. */
const inner = (subject: string, id: string, body: string): string =>
  `From: carrier@line.example
To: ops@forwarder.example
Subject: ${subject}
Date: Fri, 27 Feb 2026 16:00:00 +0000
Message-ID: <${id}@corpus.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="${id}"

--${id}
Content-Type: text/plain; charset=utf-8

${body}
--${id}
${pdfPart('BL-4711.pdf', 'one bill of lading, three times')}
`;

export const HOSTILE_CORPUS_GATEWAYS: readonly CorpusMessage[] = [
  raw(
    'lotus-notes-domino',
    () => `${headers('lotus-notes-domino', 'multipart/mixed; boundary="=_mixed 0036F0A5C1257F1A_="', 'X-Mailer: Lotus Notes Release 9.0.1FP10 January 31, 2018\nX-MIMETrack: Serialize by Router on DOMINO01/ACME(Release 9.0.1FP10|January 31, 2018) at 02.03.2026 10:30:00\n')}
This is a multipart message in MIME format.
--=_mixed 0036F0A5C1257F1A_=
Content-Type: multipart/related; boundary="=_related 0036F0A5C1257F1A_="

--=_related 0036F0A5C1257F1A_=
Content-Type: multipart/alternative; boundary="=_alternative 0036F0A5C1257F1A_="

--=_alternative 0036F0A5C1257F1A_=
Content-Type: text/plain; charset="ISO-8859-1"
Content-Transfer-Encoding: quoted-printable

Anbei der Frachtbrief f=FCr M=E4rz.
--=_alternative 0036F0A5C1257F1A_=
Content-Type: text/html; charset="ISO-8859-1"
Content-Transfer-Encoding: quoted-printable

<font size=3D2 face=3D"sans-serif">Anbei der Frachtbrief <img src=3Dcid:_1_0D2E4F800D2E4B40></font>
--=_alternative 0036F0A5C1257F1A_=--
--=_related 0036F0A5C1257F1A_=
${part('Content-Type: image/gif\nContent-ID: <_1_0D2E4F800D2E4B40>', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0080\u0000\u0000\u0000\u0000\u0000\u00ff\u00ff\u00ff,\u0000\u0000\u0000\u0000\u0001\u0000\u0001\u0000\u0000\u0002\u0002D\u0001\u0000;', 'latin1'))}
--=_related 0036F0A5C1257F1A_=--
--=_mixed 0036F0A5C1257F1A_=
${part('Content-Type: application/octet-stream; name="=?ISO-8859-1?Q?Frachtbrief_M=E4rz.pdf?="\nContent-Disposition: attachment; filename="=?ISO-8859-1?Q?Frachtbrief_M=E4rz.pdf?="', tinyPdf('domino bill of lading'))}
--=_mixed 0036F0A5C1257F1A_=
${part('Content-Type: application/octet-stream; name="Sendung.ndl"\nContent-Disposition: attachment; filename="Sendung.ndl"', Buffer.from('<NDL>\r\n<REPLICA 0036F0A5:C1257F1A>\r\n<VIEW OF1234:5678-ON1234:5678>\r\n</NDL>\r\n'))}
--=_mixed 0036F0A5C1257F1A_=--
`,
  ),
  raw(
    'zimbra-rfc2231-and-forward',
    () => `${headers('zimbra-rfc2231-and-forward', 'multipart/mixed; boundary="=_8c2e1f4a-77b1-4b8e-9d3c-0e6c4d1f2a90"', "X-Mailer: Zimbra 8.8.15_GA_4484 (ZimbraWebClient - FF120 (Linux)/8.8.15_GA_4481)\nThread-Topic: Avis d'arrivee\nThread-Index: 8c2e1f4a77b1\n")}
--=_8c2e1f4a-77b1-4b8e-9d3c-0e6c4d1f2a90
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 7bit

Voir pieces jointes.
--=_8c2e1f4a-77b1-4b8e-9d3c-0e6c4d1f2a90
${part("Content-Type: application/pdf; name*=utf-8''Avis%20d%27arriv%C3%A9e%20n%C2%B012.pdf\nContent-Disposition: attachment; filename*=utf-8''Avis%20d%27arriv%C3%A9e%20n%C2%B012.pdf", tinyPdf('zimbra arrival notice'))}
--=_8c2e1f4a-77b1-4b8e-9d3c-0e6c4d1f2a90
Content-Type: message/rfc822
Content-Disposition: attachment

${inner('Facture', 'zimbra-forwarded', 'La facture.').replaceAll('BL-4711.pdf', 'Facture 2026-031.pdf').replace('one bill of lading, three times', 'zimbra forwarded invoice')}--zimbra-forwarded--
--=_8c2e1f4a-77b1-4b8e-9d3c-0e6c4d1f2a90--
`,
  ),
  raw(
    'yahoo-mail-attachments',
    () => `${headers('yahoo-mail-attachments', 'multipart/mixed; boundary="----=_Part_4103567_1894736025.1772443800000"', 'X-Mailer: WebService/1.1.21952 YMailNorrin\nX-YMail-OSG: 4Gq0mVUVM1l\n')}
------=_Part_4103567_1894736025.1772443800000
Content-Type: multipart/alternative; boundary="----=_Part_4103566_1216151474.1772443800000"

------=_Part_4103566_1216151474.1772443800000
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

BL attached.
------=_Part_4103566_1216151474.1772443800000
Content-Type: text/html; charset=UTF-8
Content-Transfer-Encoding: 7bit

<html><body><div class="ydp4b2c yahoo-style-wrap">BL attached.</div></body></html>
------=_Part_4103566_1216151474.1772443800000--
------=_Part_4103567_1894736025.1772443800000
${part('Content-Type: application/pdf\nContent-Disposition: attachment; filename="BL MAEU 262604711.pdf"\nContent-ID: <ed1c0b8a-1e5c-9f3a-2b7d-0c5e6a1f9d22@yahoo.com>', tinyPdf('yahoo bill of lading'))}
------=_Part_4103567_1894736025.1772443800000--
`,
  ),
  raw(
    'fax-gateway-multipage-tiff',
    () => `${headers('fax-gateway-multipage-tiff', 'multipart/mixed; boundary="fax"', 'X-Fax-Pages: 3\nX-Fax-Remote-CSID: +31 10 123 4567\n').replace('From: ops@forwarder.example', 'From: "Fax Gateway" <fax@gateway.example>')}
--fax
Content-Type: text/plain; charset=us-ascii

You have received a 3 page fax from +31 10 123 4567.
--fax
${part('Content-Type: image/tiff; name="fax-20260302-093000.tif"\nContent-Disposition: attachment; filename="fax-20260302-093000.tif"', multiPageTiff(3))}
--fax
${part('Content-Type: image/tiff-fx; application=faxbw; name="FAX0002.TIF"\nContent-Disposition: attachment; filename="FAX0002.TIF"', multiPageTiff(2))}
--fax--
`,
  ),
  raw(
    'edi-and-xml-beside-the-pdf',
    () => `${headers('edi-and-xml-beside-the-pdf', 'multipart/mixed; boundary="edi"')}
--edi
Content-Type: text/plain

The invoice, as PDF, EDIFACT, X12 and UBL.
--edi
${pdfPart('invoice-2026-031.pdf', 'invoice with its edi')}
--edi
${part('Content-Type: application/EDIFACT; name="INVOIC-2026-031.edi"\nContent-Disposition: attachment; filename="INVOIC-2026-031.edi"', Buffer.from("UNA:+.? 'UNB+UNOC:3+SENDER+RECEIVER+260302:0930+1'UNH+1+INVOIC:D:96A:UN'BGM+380+2026031+9'UNT+3+1'UNZ+1+1'"))}
--edi
${part('Content-Type: application/EDI-X12; name="810-2026-031.x12"\nContent-Disposition: attachment; filename="810-2026-031.x12"', Buffer.from('ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *260302*0930*U*00401*000000001*0*P*>~GS*IN*SENDER*RECEIVER*20260302*0930*1*X*004010~ST*810*0001~'))}
--edi
${part('Content-Type: application/xml; name="ubl-invoice.xml"\nContent-Disposition: attachment; filename="ubl-invoice.xml"', Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>2026-031</ID></Invoice>\n'))}
--edi
${part('Content-Type: application/octet-stream; name="factur-x.xml"\nContent-Disposition: attachment; filename="factur-x.xml"', Buffer.from('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n'))}
--edi--
`,
  ),
  raw(
    'password-protected-pdf',
    () => `${headers('password-protected-pdf', 'multipart/mixed; boundary="locked"')}
--locked
Content-Type: text/plain

The password follows in a separate mail.
--locked
${part('Content-Type: application/pdf; name="statement-locked.pdf"\nContent-Disposition: attachment; filename="statement-locked.pdf"', encryptedPdf('a password-protected statement'))}
--locked--
`,
  ),
  raw(
    'pdf-named-dat-bin-or-nothing',
    () => `${headers('pdf-named-dat-bin-or-nothing', 'multipart/mixed; boundary="ext"')}
--ext
Content-Type: text/plain

Three PDFs under names that do not say so.
--ext
${part('Content-Type: application/octet-stream; name="scan.dat"\nContent-Disposition: attachment; filename="scan.dat"', tinyPdf('named dat'))}
--ext
${part('Content-Type: application/x-binary\nContent-Disposition: attachment; filename="INVOICE"', tinyPdf('named nothing'))}
--ext
${part('Content-Type: application/octet-stream; name="ATT00042.tmp"', tinyPdf('named tmp'))}
--ext--
`,
  ),
  raw(
    'calendar-invite-with-agenda-pdf',
    () => `${headers('calendar-invite-with-agenda-pdf', 'multipart/mixed; boundary="mixed"')}
--mixed
Content-Type: multipart/alternative; boundary="alt"

--alt
Content-Type: text/plain; charset=utf-8

Customs call; the agenda is attached.
--alt
Content-Type: text/html; charset=utf-8

<p>Customs call; the agenda is attached.</p>
--alt
Content-Type: text/calendar; charset=utf-8; method=REQUEST
Content-Transfer-Encoding: 7bit

BEGIN:VCALENDAR
METHOD:REQUEST
BEGIN:VEVENT
UID:customs-call@corpus.example
DTSTART:20260303T100000Z
SUMMARY:Customs call
ATTACH;FMTTYPE=application/pdf:cid:agenda@corpus.example
END:VEVENT
END:VCALENDAR
--alt--
--mixed
${pdfPart('Agenda customs call.pdf', 'agenda of the customs call', 'Content-ID: <agenda@corpus.example>\n')}
--mixed
${part('Content-Type: application/ics; name="invite.ics"\nContent-Disposition: attachment; filename="invite.ics"', Buffer.from('BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n'))}
--mixed--
`,
  ),
  raw(
    'reply-chain-same-pdf-three-times',
    () => `${headers('reply-chain-same-pdf-three-times', 'multipart/mixed; boundary="top"')}
--top
Content-Type: text/plain

See the BL again, and the thread below.
--top
${pdfPart('BL-4711.pdf', 'one bill of lading, three times')}
--top
Content-Type: message/rfc822

${inner('RE: BL 4711', 'reply', 'Here it is again.').replace(
  /--reply\n(?=Content-Type: application\/pdf)/,
  `--reply
Content-Type: message/rfc822

${inner('BL 4711', 'original', 'The BL.')}--original--
--reply
`,
)}--reply--
--top--
`,
  ),
  raw(
    'uuencode-quoted-and-x-uue',
    () => `${headers('uuencode-quoted-and-x-uue', 'multipart/mixed; boundary="uue"')}
--uue
Content-Type: text/plain

Earlier in the thread:

${`begin 644 quoted.pdf\n${uuencode(tinyPdf('uuencoded and quoted'))}`
  .split('\n')
  .map((line) => `> ${line}`)
  .join('\n')}
--uue
Content-Type: application/octet-stream; name="x-uue.pdf"
Content-Disposition: attachment; filename="x-uue.pdf"
Content-Transfer-Encoding: x-uue

begin 644 x-uue.pdf
${uuencode(tinyPdf('x-uue part'))}
--uue
Content-Type: application/octet-stream; name="uue.pdf"
Content-Disposition: attachment; filename="uue.pdf"
Content-Transfer-Encoding: uuencode

begin 644 uue.pdf
${uuencode(tinyPdf('uuencode part'))}
--uue--
`,
  ),
  raw(
    'rfc2231-mixed-charsets-and-japanese-names',
    () => `${headers('rfc2231-mixed-charsets-and-japanese-names', 'multipart/mixed; boundary="jp"')}
--jp
Content-Type: text/plain

Names in four charsets.
--jp
${part("Content-Type: application/pdf\nContent-Disposition: attachment;\n filename*0*=iso-8859-1''Lieferschein%20f%FCr%20;\n filename*1*=utf-8''M%C3%A4rz;\n filename*2=.pdf", tinyPdf('continuation switching charset'))}
--jp
${part("Content-Type: application/pdf\nContent-Disposition: attachment; filename*=iso-2022-jp''%1B%24B%40A5a%3Dq%1B%28B.pdf", tinyPdf('iso-2022-jp in rfc 2231'))}
--jp
${part("Content-Type: application/pdf\nContent-Disposition: attachment; filename*=shift_jis''%90%BF%8B%81%8F%91.pdf", tinyPdf('shift_jis in rfc 2231'))}
--jp
${part('Content-Type: application/pdf; name="=?ISO-2022-JP?B?GyRCQSUyWT5aN3QbKEI=?=.pdf"', tinyPdf('iso-2022-jp encoded word in name'))}
--jp--
`,
  ),
];
