import { describe, expect, it } from 'vitest';
import {
  bodySignature,
  generateWebhookSecret,
  SignatureError,
  signatureHeaders,
  verifyDelivery,
} from '../../../src/domain/webhook-signature.ts';

const secret = generateWebhookSecret();
const body = '{"data":{"id":"n1"}}';

describe('webhook signatures', () => {
  it('accepts what it signed', () => {
    expect(() =>
      verifyDelivery(secret, Buffer.from(body), signatureHeaders(secret, 'n1', body, new Date())),
    ).not.toThrow();
  });

  it('signs the raw body with hex HMAC-SHA256, as the upstream does', () => {
    expect(bodySignature('key', 'hello')).toBe(
      '9307b3b915efb5171ff14d8cb55fbcc798c6c0ef1456d66ded1a6aa723a58b7b',
    );
  });

  it('rejects a tampered body, a wrong secret and a missing signature', () => {
    const headers = signatureHeaders(secret, 'n1', body, new Date());
    expect(() => verifyDelivery(secret, Buffer.from(`${body} `), headers)).toThrow(SignatureError);
    expect(() => verifyDelivery(generateWebhookSecret(), Buffer.from(body), headers)).toThrow(SignatureError);
    expect(() => verifyDelivery(secret, Buffer.from(body), {})).toThrow(/missing/);
  });

  // The finding: Buffer.from(x, 'hex') took upper case and ignored trailing garbage.
  it.each([
    ['upper case', (hex: string) => hex.toUpperCase()],
    ['trailing garbage', (hex: string) => `${hex}zz`],
    ['a trailing second digest', (hex: string) => `${hex}${hex}`],
    ['surrounding spaces', (hex: string) => ` ${hex} `],
    ['a prefix', (hex: string) => `sha256=${hex}`],
    ['a truncated digest', (hex: string) => hex.slice(0, 62)],
  ])('rejects the right signature with %s', (_case, spoil) => {
    const only = { 'x-t49-webhook-signature': spoil(bodySignature(secret, body)) };
    expect(() => verifyDelivery(secret, Buffer.from(body), only)).toThrow(/signature mismatch/);
  });

  it('rejects a replay outside the five-minute window', () => {
    const stale = signatureHeaders(secret, 'n1', body, new Date(Date.now() - 301_000));
    expect(() => verifyDelivery(secret, Buffer.from(body), stale)).toThrow(/too old/);
  });

  it('accepts a body-only signature unless timestamps are required', () => {
    const only = { 'x-t49-webhook-signature': bodySignature(secret, body) };
    expect(() => verifyDelivery(secret, Buffer.from(body), only)).not.toThrow();
    expect(() => verifyDelivery(secret, Buffer.from(body), only, { requireTimestamp: true })).toThrow(
      SignatureError,
    );
  });

  it('checks only the signature, not whether the body is JSON', () => {
    const garbage = 'not json';
    expect(() =>
      verifyDelivery(secret, Buffer.from(garbage), signatureHeaders(secret, 'n2', garbage, new Date())),
    ).not.toThrow();
  });
});
