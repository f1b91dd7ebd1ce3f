import { z } from 'zod';
import { ACCEPTED_CONTENT_TYPES } from '../domain/content-policy.ts';
import type { MailDocument, MailMetadata } from './types.ts';

/**
 * What one mailbox takes. A sender or subject pattern list that is empty lets everything through; deny
 * wins over allow. Loaded from settings with `mailRulesConfigSchema`; evaluated by the pure `evaluateMail`.
 */

// `ops@example.com` (one address) or `@example.com` (every address at that domain, not its subdomains).
const senderPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^([^@\s]+@[^@\s]+|@[^@\s]+)$/,
    'a sender is an address (ops@example.com) or a domain (@example.com)',
  );

// A case-insensitive substring, or `/regex/flags`, always matched case-insensitively (`i` is added).
const subjectPattern = z
  .string()
  .min(1)
  .refine((pattern) => compileSubjectPattern(pattern) !== undefined, 'the /regex/ does not compile');

const allowDeny = <T extends z.ZodType<string>>(pattern: T) =>
  z.strictObject({ allow: z.array(pattern).default([]), deny: z.array(pattern).default([]) }).prefault({});

const acceptedType = z.enum([...ACCEPTED_CONTENT_TYPES.keys()] as [string, ...string[]]);

export const mailRulesSchema = z.strictObject({
  senders: allowDeny(senderPattern),
  subjects: allowDeny(subjectPattern),
  /** Detected content types taken; absent means every type the service accepts. */
  attachmentTypes: z.array(acceptedType).min(1).optional(),
  /** Larger documents are refused; absent means the reader's own cap is the only one. */
  maxAttachmentBytes: z.number().int().positive().optional(),
});

export type MailRules = z.infer<typeof mailRulesSchema>;

/** Rules per mailbox name; `*` applies to a mailbox with no entry of its own. */
export const mailRulesConfigSchema = z.strictObject({
  mailboxes: z.record(z.string().min(1), mailRulesSchema).default({}),
});

export type MailRulesConfig = z.infer<typeof mailRulesConfigSchema>;

/** Takes everything the reader found. */
export const OPEN_MAIL_RULES: MailRules = mailRulesSchema.parse({});

export function rulesForMailbox(config: MailRulesConfig, mailbox: string): MailRules {
  return config.mailboxes[mailbox] ?? config.mailboxes['*'] ?? OPEN_MAIL_RULES;
}

export interface RuleRefusal {
  /** `sender_denied`, `sender_not_allowed`, `subject_denied`, `subject_not_allowed`, `type_not_allowed`, `too_large`. */
  readonly reason: string;
  readonly detail: string;
}

export interface MailDecision {
  /** Set when the message as a whole is refused: then `taken` is empty. */
  readonly refusal: RuleRefusal | null;
  readonly taken: readonly MailDocument[];
  readonly refused: readonly (RuleRefusal & { readonly document: MailDocument })[];
}

/** What `rules` take of a message: pure, so `stevedore mail check` can show it without touching anything. */
export function evaluateMail(
  rules: MailRules,
  metadata: MailMetadata,
  documents: readonly MailDocument[],
): MailDecision {
  const refusal = refuseSender(rules, metadata.from) ?? refuseSubject(rules, metadata.subject ?? '');
  if (refusal !== undefined) {
    return { refusal, taken: [], refused: documents.map((document) => ({ ...refusal, document })) };
  }
  const taken: MailDocument[] = [];
  const refused: (RuleRefusal & { document: MailDocument })[] = [];
  for (const document of documents) {
    const problem = refuseDocument(rules, document);
    if (problem === undefined) taken.push(document);
    else refused.push({ ...problem, document });
  }
  return { refusal: null, taken, refused };
}

function refuseSender(rules: MailRules, from: readonly string[]): RuleRefusal | undefined {
  const denied = from.find((address) =>
    rules.senders.deny.some((pattern) => senderMatches(pattern, address)),
  );
  if (denied !== undefined) return { reason: 'sender_denied', detail: `the sender ${denied} is denied` };
  if (rules.senders.allow.length === 0) return undefined;
  const allowed = from.some((address) =>
    rules.senders.allow.some((pattern) => senderMatches(pattern, address)),
  );
  if (allowed) return undefined;
  const sender = from.length === 0 ? 'the message has no sender' : `the sender ${from.join(', ')}`;
  return { reason: 'sender_not_allowed', detail: `${sender} is not on the allow-list` };
}

function refuseSubject(rules: MailRules, subject: string): RuleRefusal | undefined {
  const denied = rules.subjects.deny.find((pattern) => subjectMatches(pattern, subject));
  if (denied !== undefined) return { reason: 'subject_denied', detail: `the subject matches ${denied}` };
  if (rules.subjects.allow.length === 0) return undefined;
  if (rules.subjects.allow.some((pattern) => subjectMatches(pattern, subject))) return undefined;
  return { reason: 'subject_not_allowed', detail: 'the subject matches no allowed pattern' };
}

function refuseDocument(rules: MailRules, document: MailDocument): RuleRefusal | undefined {
  if (rules.attachmentTypes !== undefined && !rules.attachmentTypes.includes(document.contentType)) {
    return {
      reason: 'type_not_allowed',
      detail: `${document.contentType} is not among ${rules.attachmentTypes.join(', ')}`,
    };
  }
  if (rules.maxAttachmentBytes !== undefined && document.sizeBytes > rules.maxAttachmentBytes) {
    return {
      reason: 'too_large',
      detail: `the document is ${document.sizeBytes} bytes; this mailbox takes at most ${rules.maxAttachmentBytes}`,
    };
  }
  return undefined;
}

function senderMatches(pattern: string, address: string): boolean {
  return pattern.startsWith('@') ? address.endsWith(pattern) : address === pattern;
}

function subjectMatches(pattern: string, subject: string): boolean {
  const compiled = compileSubjectPattern(pattern);
  return compiled?.test(subject) ?? false;
}

/** `/x/flags` as a case-insensitive RegExp, a plain pattern as an escaped one; undefined when it does not compile. */
function compileSubjectPattern(pattern: string): RegExp | undefined {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  try {
    if (literal === null) return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    const flags = new Set([...(literal[2] ?? ''), 'i']);
    flags.delete('g');
    flags.delete('y');
    return new RegExp(literal[1] ?? '', [...flags].join(''));
  } catch {
    return undefined;
  }
}
