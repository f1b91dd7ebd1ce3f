/**
 * CMS (RFC 5652) structures as S/MIME writes them in `application/pkcs7-mime` bodies: signed data with the
 * signed MIME entity inside, in DER or in BER with indefinite lengths and chunked content (Outlook's way),
 * signed data with no content (certificates only), and enveloped data. Signatures are filler: the reader
 * does not check them.
 */

import { pdfPart } from './corpus-message.ts';

const oid = (hex: string): Buffer => Buffer.from(`06${hex}`, 'hex');
const OID_DATA = oid('092a864886f70d010701');
const OID_SIGNED_DATA = oid('092a864886f70d010702');
const OID_ENVELOPED_DATA = oid('092a864886f70d010703');
const OID_SHA256 = oid('09608648016503040201');

/** A definite-length element. */
function der(tag: number, ...children: Buffer[]): Buffer {
  const content = Buffer.concat(children);
  const length = content.length;
  const head =
    length < 0x80
      ? Buffer.from([tag, length])
      : length < 0x100
        ? Buffer.from([tag, 0x81, length])
        : length < 0x10000
          ? Buffer.from([tag, 0x82, length >> 8, length & 0xff])
          : Buffer.from([tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff]);
  return Buffer.concat([head, content]);
}

/** An indefinite-length element, closed by end-of-contents. */
const ber = (tag: number, ...children: Buffer[]): Buffer =>
  Buffer.concat([Buffer.from([tag, 0x80]), ...children, Buffer.from([0, 0])]);

export interface SignedDataOptions {
  /** BER with indefinite lengths and the content in chunks of this many bytes, as Outlook writes it. */
  readonly chunkBytes?: number;
}

/** A ContentInfo of signed data carrying `content` (the signed MIME entity), or none when null. */
export function signedData(content: Buffer | null, options: SignedDataOptions = {}): Buffer {
  const { chunkBytes } = options;
  const element = chunkBytes === undefined ? der : ber;
  const digestAlgorithms = der(0x31, der(0x30, OID_SHA256, der(0x05)));
  let eContent: Buffer[] = [];
  if (content !== null && chunkBytes === undefined) eContent = [der(0xa0, der(0x04, content))];
  if (content !== null && chunkBytes !== undefined) {
    const chunks: Buffer[] = [];
    for (let at = 0; at < content.length; at += chunkBytes) {
      chunks.push(der(0x04, content.subarray(at, at + chunkBytes)));
    }
    eContent = [ber(0xa0, ber(0x24, ...chunks))];
  }
  const encapContentInfo = element(0x30, OID_DATA, ...eContent);
  const signerInfos = der(0x31, der(0x30, der(0x02, Buffer.from([1])), der(0x04, Buffer.alloc(64, 0x5a))));
  const signed = element(0x30, der(0x02, Buffer.from([1])), digestAlgorithms, encapContentInfo, signerInfos);
  return element(0x30, OID_SIGNED_DATA, element(0xa0, signed));
}

/** A ContentInfo of enveloped data: the content is ciphertext no key here opens. */
export function envelopedData(): Buffer {
  const encrypted = der(0x30, OID_DATA, der(0x80, Buffer.alloc(200, 0x33)));
  return der(
    0x30,
    OID_ENVELOPED_DATA,
    der(0xa0, der(0x30, der(0x02, Buffer.from([0])), der(0x31), encrypted)),
  );
}

/** A MIME entity with CRLF line ends: what S/MIME signs. */
const entity = (text: string): Buffer => Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'latin1');

/** The entity Outlook signs: a text and a PDF in a multipart/mixed. */
export const signedEntity = (fileName: string, label: string): Buffer =>
  entity(`Content-Type: multipart/mixed; boundary="signed-inner"

--signed-inner
Content-Type: text/plain; charset="us-ascii"

Signed with my company certificate.
--signed-inner
${pdfPart(fileName, label)}
--signed-inner--
`);

/** A single-part entity: a PDF alone, as a signing gateway wraps it. */
export const signedPdf = (fileName: string, label: string): Buffer => entity(pdfPart(fileName, label));
