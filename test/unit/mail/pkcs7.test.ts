import { describe, expect, it } from 'vitest';
import { isPkcs7Signed, pkcs7Content } from '../../../src/mail/pkcs7.ts';
import { envelopedData, signedData } from '../../support/mail-corpus/corpus-pkcs7.ts';

const entity = Buffer.from('Content-Type: text/plain\r\n\r\nsigned words\r\n', 'latin1');

describe('pkcs7Content', () => {
  it('finds the signed entity in DER, and in BER with indefinite lengths and chunks of any size', () => {
    for (const options of [{}, { chunkBytes: 1 }, { chunkBytes: 7 }, { chunkBytes: 1000 }]) {
      const found = pkcs7Content(signedData(entity, options));
      expect(found.kind === 'signed' ? Buffer.concat(found.content) : found).toEqual(entity);
    }
  });

  it('tells signed data with no content, enveloped data and junk apart, without a throw', () => {
    expect(pkcs7Content(signedData(null))).toEqual({ kind: 'no_content' });
    expect(pkcs7Content(signedData(null, { chunkBytes: 10 }))).toEqual({ kind: 'no_content' });
    expect(pkcs7Content(envelopedData())).toEqual({ kind: 'opaque' });
    expect(pkcs7Content(Buffer.from('not der at all'))).toMatchObject({ kind: 'malformed' });
    const whole = signedData(entity);
    expect(pkcs7Content(whole.subarray(0, whole.length - 40))).toMatchObject({ kind: 'malformed' });
    const chunked = signedData(entity, { chunkBytes: 5 });
    // Cut inside the chunks: no end-of-contents ever comes.
    expect(pkcs7Content(chunked.subarray(0, 60))).toEqual({
      kind: 'malformed',
      detail: 'the structure is cut short',
    });
  });

  it('refuses chunks nested deeper than any writer nests them', () => {
    let nested = Buffer.from([0x04, 0x01, 0x41]);
    for (let level = 0; level < 40; level += 1) {
      nested = Buffer.concat([Buffer.from([0x24, 0x80]), nested, Buffer.from([0, 0])]);
    }
    const signed = signedData(entity, { chunkBytes: 1000 });
    // The content's constructed OCTET STRING replaced by one nested forty deep.
    const at = signed.indexOf(Buffer.from([0x24, 0x80]));
    const end = signed.indexOf(Buffer.from([0, 0, 0, 0]), at);
    const hostile = Buffer.concat([signed.subarray(0, at), nested, signed.subarray(end + 2)]);
    expect(pkcs7Content(hostile)).toEqual({
      kind: 'malformed',
      detail: 'the content is nested more than 16 deep',
    });
  });
});

describe('isPkcs7Signed', () => {
  it('knows signed data by its first bytes, whatever its length form', () => {
    expect(isPkcs7Signed(signedData(entity).subarray(0, 40))).toBe(true);
    expect(isPkcs7Signed(signedData(entity, { chunkBytes: 9 }).subarray(0, 40))).toBe(true);
    expect(isPkcs7Signed(envelopedData())).toBe(false);
    expect(isPkcs7Signed(Buffer.from('%PDF-1.4'))).toBe(false);
  });
});
