import {
  SIGNATURE_HEADER,
  STANDARD_WEBHOOK_ID_HEADER,
  STANDARD_WEBHOOK_SIGNATURE_HEADER,
  STANDARD_WEBHOOK_TIMESTAMP_HEADER,
} from '../../contract/signature.ts';
import { signatureHeaders } from '../../domain/webhook-signature.ts';
import type { WebhookHeader } from './webhook-store.ts';

/** The upstream's bot name, so receivers that filter on it keep working against the local service. */
export const USER_AGENT = 'Terminal49 Webhook Bot (stevedore local service)';

/** Headers the sender owns; a custom header may not replace them (or smuggle framing). */
const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'user-agent',
  SIGNATURE_HEADER,
  STANDARD_WEBHOOK_ID_HEADER,
  STANDARD_WEBHOOK_TIMESTAMP_HEADER,
  STANDARD_WEBHOOK_SIGNATURE_HEADER,
]);

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value: no CR, LF or other control characters besides tab. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The upstream capitalises header names: `x-api-key` → `X-Api-Key`. */
export const capitaliseHeaderName = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');

export interface HeaderProblem {
  readonly index: number;
  readonly member: 'name' | 'value';
  readonly detail: string;
}

/** The first problem with a webhook's custom headers, or undefined when they can all be sent. */
export function findHeaderProblem(headers: readonly WebhookHeader[]): HeaderProblem | undefined {
  const seen = new Set<string>();
  for (const [index, { name, value }] of headers.entries()) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name))
      return { index, member: 'name', detail: `Header name ${name} is not a valid name` };
    if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-')) {
      return {
        index,
        member: 'name',
        detail: `Header name ${name} is set by the service and cannot be replaced`,
      };
    }
    if (seen.has(lower))
      return { index, member: 'name', detail: `Header name ${name} appears more than once` };
    seen.add(lower);
    if (!HEADER_VALUE.test(value)) {
      return { index, member: 'value', detail: `Header value of ${name} contains control characters` };
    }
  }
  return undefined;
}

/**
 * Headers of one attempt: the webhook's own, then ours. Signatures are fresh per attempt (new timestamp)
 * while `webhook-id` stays the notification id, so receivers can dedupe retries.
 */
export function deliveryHeaders(input: {
  readonly body: string;
  readonly messageId: string;
  readonly secret: string | undefined;
  readonly custom: readonly WebhookHeader[] | null;
  readonly at: Date;
}): Record<string, string> {
  return {
    ...Object.fromEntries((input.custom ?? []).map(({ name, value }) => [name, value])),
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    ...(input.secret === undefined
      ? {}
      : signatureHeaders(input.secret, input.messageId, input.body, input.at)),
  };
}
