import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  SIGNATURE_HEADER,
  STANDARD_WEBHOOK_ID_HEADER,
  STANDARD_WEBHOOK_SIGNATURE_HEADER,
  STANDARD_WEBHOOK_TIMESTAMP_HEADER,
} from '../contract/signature.ts';
import { AppError } from './errors.ts';

/** A fresh webhook secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The upstream signature: hex HMAC-SHA256 of the raw body, keyed with the secret as given. */
export const bodySignature = (secret: string, rawBody: string | Uint8Array): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Every signature header of one delivery attempt; each attempt signs with its own timestamp. */
export const signatureHeaders = (
  secret: string,
  messageId: string,
  rawBody: string,
  at: Date,
): Record<string, string> => ({
  [SIGNATURE_HEADER]: bodySignature(secret, rawBody),
  [STANDARD_WEBHOOK_ID_HEADER]: messageId,
  [STANDARD_WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(at.getTime() / 1000)),
  [STANDARD_WEBHOOK_SIGNATURE_HEADER]: new Webhook(secret).sign(messageId, at, rawBody),
});

export class SignatureError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('invalid_signature', message, { cause });
  }
}

/**
 * Exactly what `bodySignature` writes: 64 lower-case hex digits. `Buffer.from(x, 'hex')` alone would
 * accept upper case and ignore anything after the first non-hex character.
 */
const SHA256_HEX = /^[0-9a-f]{64}$/;

const sameHex = (expected: string, given: string): boolean => {
  if (!SHA256_HEX.test(given)) return false;
  // Both are 32 bytes now, so timingSafeEqual cannot throw on a length mismatch.
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
};

/**
 * Checks a delivery before its body is parsed. The body-only signature is required (the upstream
 * sends nothing else); the Standard Webhooks headers, when present, must verify too, which bounds
 * replays to the library's five-minute tolerance. `requireTimestamp` makes them mandatory.
 */
export const verifyDelivery = (
  secret: string,
  rawBody: Buffer,
  headers: Readonly<Record<string, string | undefined>>,
  options: { requireTimestamp?: boolean } = {},
): void => {
  const given = headers[SIGNATURE_HEADER];
  if (!given) throw new SignatureError(`missing ${SIGNATURE_HEADER} header`);
  if (!sameHex(bodySignature(secret, rawBody), given)) throw new SignatureError('signature mismatch');

  const id = headers[STANDARD_WEBHOOK_ID_HEADER];
  const timestamp = headers[STANDARD_WEBHOOK_TIMESTAMP_HEADER];
  const signature = headers[STANDARD_WEBHOOK_SIGNATURE_HEADER];
  if (!id && !timestamp && !signature) {
    if (options.requireTimestamp) throw new SignatureError('missing webhook-id/timestamp/signature headers');
    return;
  }
  try {
    new Webhook(secret).verify(
      rawBody,
      {
        [STANDARD_WEBHOOK_ID_HEADER]: id ?? '',
        [STANDARD_WEBHOOK_TIMESTAMP_HEADER]: timestamp ?? '',
        [STANDARD_WEBHOOK_SIGNATURE_HEADER]: signature ?? '',
      },
      // Only the signature is checked here; a malformed body is the caller's 400, not a 401.
      { jsonParse: false },
    );
  } catch (error) {
    const reason = error instanceof WebhookVerificationError ? error.message : 'unverifiable';
    throw new SignatureError(`timestamped signature rejected: ${reason}`, error);
  }
};
