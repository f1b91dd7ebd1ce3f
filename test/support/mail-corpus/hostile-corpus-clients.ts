/**
 * The third round of the corpus, part one: mail as real clients shape it, each named after what it breaks.
 * Exchange's trailer parts, Outlook's TNEF with short names and a body only, Apple Mail's attachments
 * inside an alternative, a Gmail forward written inline, phone photos, scanners that name files oddly,
 * S/MIME signed in opaque form.
 */
import { tinyPdf } from './corpus-bytes.ts';
import { heicHeader } from './corpus-formats.ts';
import { bannerPng, jpegOfSize, phonePhoto } from './corpus-images.ts';
import { base64Lines, type CorpusMessage, headers, pdfPart, raw } from './corpus-message.ts';
import { envelopedData, signedData, signedEntity, signedPdf } from './corpus-pkcs7.ts';
import {
  PT_BINARY,
  PT_BOOLEAN,
  PT_LONG,
  PT_STRING8,
  PT_SYSTIME,
  PT_UNICODE,
  rtfBody,
  tnefStream,
} from './corpus-tnef.ts';

/** A base64 part of `bytes` after the given header lines. */
const part = (lines: string, bytes: Buffer): string =>
  `${lines}
Content-Transfer-Encoding: base64

${base64Lines(bytes)}`;

/** Outlook's short title and long name of each file of `tnef-long-names-in-mapi-properties`. */
const TNEF_FILES = [
  {
    title: 'INVOIC~1.PDF',
    data: tinyPdf('tnef long unicode name'),
    properties: [
      { type: PT_LONG, id: 0x3705, value: 1 },
      { type: PT_BOOLEAN, id: 0x8005, value: 0, name: 'AttachmentHidden' },
      { type: PT_SYSTIME, id: 0x3007, value: 0x01dc_0000 },
      { type: PT_STRING8, id: 0x3704, value: Buffer.from('INVOIC~1.PDF\u0000', 'latin1') },
      {
        type: PT_UNICODE,
        id: 0x3707,
        value: Buffer.from('Commercial Invoice März 2026.pdf\u0000', 'utf16le'),
      },
    ],
  },
  {
    title: 'BILLOF~1.PDF',
    data: tinyPdf('tnef long latin-1 name'),
    properties: [
      { type: PT_BINARY, id: 0x3709, value: Buffer.alloc(21, 3) },
      { type: PT_STRING8, id: 0x3707, value: Buffer.from('Bill of lading été.pdf\u0000', 'latin1') },
    ],
  },
  // No properties at all: the title is the only name there is.
  { title: 'PACKIN~1.PDF', data: tinyPdf('tnef title only') },
  // Properties that claim more than they hold: the title is kept.
  {
    title: 'ARRIVA~1.PDF',
    data: tinyPdf('tnef corrupt properties'),
    // One property, the long name, whose length runs 5,000 bytes past the end of the attribute.
    properties: Buffer.from([1, 0, 0, 0, 0x1f, 0, 0x07, 0x37, 1, 0, 0, 0, 0x88, 0x13, 0, 0, 0x41, 0]),
  },
];

/** A message as Thunderbird saves it to a .eml file: the mbox `From ` line and its own fields first. */
const thunderbirdSaved = (subject: string, fileName: string): string =>
  `From - Mon Mar 02 09:30:00 2026
X-Mozilla-Status: 0001
X-Mozilla-Status2: 00000000
${headers(subject, 'multipart/mixed; boundary="tb"')}
--tb
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

The booking confirmation is attached. 
Regards
--tb
${pdfPart(fileName, subject)}
--tb--
`;

export const HOSTILE_CORPUS_CLIENTS: readonly CorpusMessage[] = [
  raw(
    'exchange-att00001-trailers',
    () => `${headers('exchange-att00001-trailers', 'multipart/mixed; boundary="ex"')}
--ex
Content-Type: text/plain; charset="us-ascii"

Please see the arrival notice attached.
--ex
${pdfPart('Arrival Notice.pdf', 'exchange arrival notice')}
--ex
${part('Content-Type: text/html; name="ATT00001.htm"\nContent-Disposition: attachment; filename="ATT00001.htm"', Buffer.from('<html><body><p>This e-mail is confidential.</p></body></html>'))}
--ex
Content-Type: text/plain; charset="us-ascii"; name="ATT00002.txt"
Content-Disposition: attachment; filename="ATT00002.txt"

_______________________________________________
ops mailing list
--ex--
`,
  ),
  raw(
    'tnef-rtf-body-only',
    () => `${headers('tnef-rtf-body-only', 'multipart/mixed; boundary="tn"')}
--tn
Content-Type: text/plain; charset="us-ascii"

The rich text of this message travels in winmail.dat, and nothing else does.
--tn
${part(
  'Content-Type: application/ms-tnef; name="winmail.dat"\nContent-Disposition: attachment; filename="winmail.dat"',
  tnefStream(
    [
      { type: PT_BINARY, id: 0x1009, value: rtfBody('The rich text of this message.') },
      { type: PT_UNICODE, id: 0x0037, value: Buffer.from('tnef-rtf-body-only\u0000', 'utf16le') },
    ],
    [],
  ),
)}
--tn--
`,
  ),
  raw(
    'tnef-long-names-in-mapi-properties',
    () => `${headers('tnef-long-names-in-mapi-properties', 'multipart/mixed; boundary="tn"')}
--tn
Content-Type: text/plain; charset="us-ascii"

Sent from Outlook in rich text.
--tn
${part(
  'Content-Type: application/ms-tnef; name="winmail.dat"\nContent-Disposition: attachment; filename="winmail.dat"',
  tnefStream(
    [{ type: PT_BINARY, id: 0x1009, value: rtfBody('Sent from Outlook in rich text.') }],
    TNEF_FILES,
  ),
)}
--tn--
`,
  ),
  raw(
    'apple-mail-attachments-in-alternative',
    () => `${headers('apple-mail-attachments-in-alternative', 'multipart/alternative; boundary="Apple-Mail=_A1"')}
--Apple-Mail=_A1
Content-Transfer-Encoding: 7bit
Content-Type: text/plain; charset=us-ascii

Here are the papers for the March call.
--Apple-Mail=_A1
Content-Type: multipart/mixed; boundary="Apple-Mail=_B2"

--Apple-Mail=_B2
Content-Transfer-Encoding: 7bit
Content-Type: text/html; charset=us-ascii

<html><body><div>Here are the papers for the March call.</div></body></html>
--Apple-Mail=_B2
Content-Disposition: inline; filename="Bill of Lading.pdf"
Content-Type: application/pdf; x-unix-mode=0644; name="Bill of Lading.pdf"
Content-Transfer-Encoding: base64

${base64Lines(tinyPdf('apple mail inline pdf'))}
--Apple-Mail=_B2
Content-Transfer-Encoding: 7bit
Content-Type: text/html; charset=us-ascii

<html><body><div></div></body></html>
--Apple-Mail=_B2
Content-Disposition: inline; filename="IMG_0001.jpeg"
Content-Type: image/jpeg; x-unix-mode=0644; name="IMG_0001.jpeg"
Content-Transfer-Encoding: base64

${base64Lines(phonePhoto(7))}
--Apple-Mail=_B2--
--Apple-Mail=_A1--
`,
  ),
  raw(
    'gmail-inline-forward',
    () => `${headers('gmail-inline-forward', 'multipart/mixed; boundary="000000000000a1"')}
--000000000000a1
Content-Type: multipart/alternative; boundary="000000000000a2"

--000000000000a2
Content-Type: text/plain; charset="UTF-8"

---------- Forwarded message ---------
From: Carrier Desk <desk@carrier.example>
Date: Mon, 2 Mar 2026 at 08:12
Subject: Arrival notice MSCU1234566
To: <ops@forwarder.example>

Please find the arrival notice attached.
--000000000000a2
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">---------- Forwarded message ---------<br>From: Carrier Desk</div>
--000000000000a2--
--000000000000a1
${pdfPart('Arrival notice MSCU1234566.pdf', 'gmail forwarded arrival notice', 'Content-ID: <f_m7a1b2c30>\nX-Attachment-Id: f_m7a1b2c30\n')}
--000000000000a1--
`,
  ),
  raw(
    'phone-photos-of-paper',
    () => `${headers('phone-photos-of-paper', 'multipart/mixed; boundary="Apple-Mail-C3"')}
--Apple-Mail-C3
Content-Type: text/plain; charset=us-ascii

Delivery order, two pages.
--Apple-Mail-C3
${part('Content-Type: image/jpeg; name=IMG_0001.JPG; x-apple-part-url=8F2A\nContent-Disposition: inline; filename=IMG_0001.JPG', phonePhoto(1))}
--Apple-Mail-C3
${part('Content-Type: image/heic; name=IMG_0002.HEIC\nContent-Disposition: inline; filename=IMG_0002.HEIC', heicHeader())}
--Apple-Mail-C3
${part('Content-Type: image/jpeg; name=IMG_20260302_093000.jpg\nContent-Disposition: attachment; filename=IMG_20260302_093000.jpg', phonePhoto(2))}
--Apple-Mail-C3
Content-Type: text/plain; charset=us-ascii

Sent from my iPhone
--Apple-Mail-C3--
`,
  ),
  raw(
    'scanner-name-in-content-description',
    () => `${headers('scanner-name-in-content-description', 'multipart/mixed; boundary="scan"')}
--scan
Content-Type: text/plain

Scanned by MFP-3F.
--scan
${part('Content-Type: application/pdf\nContent-Description: scan0001.pdf', tinyPdf('named in the description'))}
--scan
${part('Content-Type: application/pdf\nContent-Description: Scanned document from MFP-3F', tinyPdf('described in words'))}
--scan
${part('Content-Type: application/pdf; name="given.pdf"\nContent-Description: scan0003.pdf', tinyPdf('named twice'))}
--scan--
`,
  ),
  raw(
    'outlook-opaque-signed',
    () => `${headers(
      'outlook-opaque-signed',
      'application/pkcs7-mime; smime-type=signed-data; name="smime.p7m"',
      'Content-Disposition: attachment; filename="smime.p7m"\nContent-Transfer-Encoding: base64\n',
    )}
${base64Lines(signedData(signedEntity('Signed Invoice 0042.pdf', 'opaque signed invoice'), { chunkBytes: 1000 }))}
`,
  ),
  raw(
    'signed-files-p7m',
    () => `${headers('signed-files-p7m', 'multipart/mixed; boundary="p7f"')}
--p7f
Content-Type: text/plain

The signed contract and the e-invoice, as the registry sends them.
--p7f
${part('Content-Type: application/pkcs7-mime; name="contratto.pdf.p7m"\nContent-Disposition: attachment; filename="contratto.pdf.p7m"', signedData(tinyPdf('a pdf signed in cades'), { chunkBytes: 512 }))}
--p7f
${part('Content-Type: application/octet-stream; name="IT01234567890_FPA01.xml.p7m"', signedData(Buffer.from('<?xml version="1.0"?><FatturaElettronica/>')))}
--p7f--
`,
  ),
  raw(
    'smime-p7m-parts-signed-and-enveloped',
    () => `${headers('smime-p7m-parts-signed-and-enveloped', 'multipart/mixed; boundary="p7"')}
--p7
Content-Type: text/plain

Five S/MIME bodies forwarded by a gateway.
--p7
${part('Content-Type: application/octet-stream; name="smime.p7m"', signedData(signedPdf('signed-der.pdf', 'signed in der')))}
--p7
${part('Content-Type: application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"', envelopedData())}
--p7
${part('Content-Type: application/octet-stream; name="signed.bin"', signedData(signedPdf('sniffed.pdf', 'signed and sniffed'), { chunkBytes: 64 }))}
--p7
${part('Content-Type: application/pkcs7-mime; smime-type=certs-only; name="smime.p7c"', signedData(null))}
--p7
${part('Content-Type: application/pkcs7-mime; smime-type=signed-data; name="cut.p7m"', signedData(signedPdf('cut.pdf', 'cut short'), { chunkBytes: 100 }).subarray(0, 300))}
--p7--
`,
  ),
  raw(
    'thunderbird-saved-eml-with-mbox-from-line',
    () => `${headers('thunderbird-saved-eml-with-mbox-from-line', 'multipart/mixed; boundary="m"')}
--m
Content-Type: text/plain

Two saved messages, one attached by its .eml name, one under a name that says nothing.
--m
Content-Type: message/rfc822; name="Booking 4711.eml"
Content-Disposition: attachment; filename="Booking 4711.eml"

${thunderbirdSaved('Booking 4711', 'booking-4711.pdf')}
--m
${part('Content-Type: application/octet-stream; name="saved-message"', Buffer.from(thunderbirdSaved('Booking 4712', 'booking-4712.pdf').replace(/\r?\n/g, '\r\n'), 'latin1'))}
--m--
`,
  ),
  raw(
    'outlook-signature-banner',
    () => `${headers('outlook-signature-banner', 'multipart/related; boundary="rel"; type="text/html"')}
--rel
Content-Type: text/html; charset="us-ascii"

<html><body><p>The arrival notice is pasted below.</p><p><img src="cid:image003.png@01DC0A1B"></p>
<p>Kind regards</p><p><img src="cid:image001.png@01DC0A1B"><img src="cid:image002.jpg@01DC0A1B"></p></body></html>
--rel
${part('Content-Type: image/png; name="image001.png"\nContent-Disposition: inline; filename="image001.png"\nContent-ID: <image001.png@01DC0A1B>', bannerPng(600, 100, 8))}
--rel
${part('Content-Type: image/jpeg; name="image002.jpg"\nContent-Disposition: inline; filename="image002.jpg"\nContent-ID: <image002.jpg@01DC0A1B>', jpegOfSize(640, 90, 16 * 1024))}
--rel
${part('Content-Type: image/png; name="image003.png"\nContent-Disposition: inline; filename="image003.png"\nContent-ID: <image003.png@01DC0A1B>', bannerPng(1200, 380, 4))}
--rel--
`,
  ),
  raw(
    'scanner-same-name-repeated',
    () => `${headers('scanner-same-name-repeated', 'multipart/mixed; boundary="scan"')}
--scan
${pdfPart('scan0001.pdf', 'first page scanned')}
--scan
${pdfPart('scan0001.pdf', 'second page scanned')}
--scan
${pdfPart('scan0001.pdf', 'third page scanned')}
--scan
${pdfPart('scan0001.pdf', 'first page scanned')}
--scan--
`,
  ),
];
