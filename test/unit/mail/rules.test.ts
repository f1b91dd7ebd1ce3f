import { describe, expect, it } from 'vitest';
import {
  evaluateMail,
  type MailRules,
  mailRulesConfigSchema,
  mailRulesSchema,
  OPEN_MAIL_RULES,
  rulesForMailbox,
} from '../../../src/mail/rules.ts';
import type { MailDocument, MailMetadata } from '../../../src/mail/types.ts';

const metadata = (overrides: Partial<MailMetadata> = {}): MailMetadata => ({
  subject: 'Arrival notice MSKU1234565',
  from: ['ops@forwarder.example'],
  to: ['docs+acme@stevedore.local'],
  cc: [],
  messageId: '<m@x>',
  inReplyTo: null,
  references: [],
  sentAt: null,
  bodyPreview: null,
  ...overrides,
});

const doc = (partPath: string, contentType: string, sizeBytes = 1000): MailDocument => ({
  partPath,
  fileName: `${partPath}.bin`,
  contentType,
  sizeBytes,
  sha256: partPath.padEnd(64, '0'),
  bytes: null,
  path: `/tmp/${partPath}`,
});

const rules = (input: unknown): MailRules => mailRulesSchema.parse(input);
const docs = [doc('2', 'application/pdf'), doc('3', 'image/png', 50_000)];

describe('evaluateMail', () => {
  it('open rules take every document', () => {
    expect(evaluateMail(OPEN_MAIL_RULES, metadata(), docs)).toEqual({
      refusal: null,
      taken: docs,
      refused: [],
    });
  });

  it('a denied address or domain refuses the whole message', () => {
    for (const deny of ['OPS@forwarder.example', '@forwarder.example']) {
      const decision = evaluateMail(rules({ senders: { deny: [deny] } }), metadata(), docs);
      expect(decision.refusal?.reason).toBe('sender_denied');
      expect(decision.taken).toEqual([]);
      expect(decision.refused.map((entry) => entry.reason)).toEqual(['sender_denied', 'sender_denied']);
    }
  });

  it('a domain pattern does not match a subdomain or a look-alike', () => {
    const only = rules({ senders: { allow: ['@forwarder.example'] } });
    expect(evaluateMail(only, metadata({ from: ['x@mail.forwarder.example'] }), docs).refusal?.reason).toBe(
      'sender_not_allowed',
    );
    expect(evaluateMail(only, metadata({ from: ['x@evilforwarder.example'] }), docs).refusal?.reason).toBe(
      'sender_not_allowed',
    );
    expect(evaluateMail(only, metadata(), docs).refusal).toBeNull();
  });

  it('with an allow-list, a message without a sender is refused', () => {
    const decision = evaluateMail(
      rules({ senders: { allow: ['@a.example'] } }),
      metadata({ from: [] }),
      docs,
    );
    expect(decision.refusal?.reason).toBe('sender_not_allowed');
  });

  it('deny wins over allow', () => {
    const both = rules({ senders: { allow: ['@forwarder.example'], deny: ['ops@forwarder.example'] } });
    expect(evaluateMail(both, metadata(), docs).refusal?.reason).toBe('sender_denied');
  });

  it('subjects match as case-insensitive substrings or /regex/', () => {
    expect(evaluateMail(rules({ subjects: { deny: ['ARRIVAL'] } }), metadata(), docs).refusal?.reason).toBe(
      'subject_denied',
    );
    expect(
      evaluateMail(rules({ subjects: { allow: ['/msku\\d{7}/'] } }), metadata(), docs).refusal,
    ).toBeNull();
    expect(evaluateMail(rules({ subjects: { allow: ['invoice'] } }), metadata(), docs).refusal?.reason).toBe(
      'subject_not_allowed',
    );
    expect(
      evaluateMail(rules({ subjects: { allow: ['a.b'] } }), metadata({ subject: 'axb' }), docs).refusal
        ?.reason,
    ).toBe('subject_not_allowed');
    expect(
      evaluateMail(rules({ subjects: { deny: ['x'] } }), metadata({ subject: null }), docs).refusal,
    ).toBeNull();
  });

  it('attachment types and sizes refuse single documents', () => {
    const decision = evaluateMail(rules({ attachmentTypes: ['application/pdf'] }), metadata(), docs);
    expect(decision.taken.map((entry) => entry.partPath)).toEqual(['2']);
    expect(decision.refused.map((entry) => [entry.document.partPath, entry.reason])).toEqual([
      ['3', 'type_not_allowed'],
    ]);
    const sized = evaluateMail(rules({ maxAttachmentBytes: 10_000 }), metadata(), docs);
    expect(sized.refused.map((entry) => [entry.document.partPath, entry.reason])).toEqual([
      ['3', 'too_large'],
    ]);
  });
});

describe('mailRulesConfigSchema', () => {
  it('fills defaults, picks a mailbox or falls back to *', () => {
    const config = mailRulesConfigSchema.parse({
      mailboxes: { INBOX: { senders: { allow: ['@carrier.example'] } }, '*': { maxAttachmentBytes: 5 } },
    });
    expect(rulesForMailbox(config, 'INBOX').senders).toEqual({ allow: ['@carrier.example'], deny: [] });
    expect(rulesForMailbox(config, 'Other').maxAttachmentBytes).toBe(5);
    expect(rulesForMailbox(mailRulesConfigSchema.parse({}), 'INBOX')).toEqual(OPEN_MAIL_RULES);
  });

  it('names every problem', () => {
    const result = mailRulesSchema.safeParse({
      senders: { allow: ['not an address'] },
      subjects: { deny: ['/(unclosed/'] },
      attachmentTypes: ['text/plain'],
      maxAttachmentBytes: -1,
      extra: true,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.') || issue.code);
    expect(paths).toEqual(
      expect.arrayContaining([
        'senders.allow.0',
        'subjects.deny.0',
        'attachmentTypes.0',
        'maxAttachmentBytes',
      ]),
    );
  });
});
