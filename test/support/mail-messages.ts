import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/** A small PDF whose bytes differ by `label`: distinct content, so each is its own document. */
export const tinyPdf = (label: string): Buffer =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

export interface TestMail {
  readonly subject: string;
  readonly from?: string;
  readonly to?: string;
  readonly cc?: string;
  readonly messageId?: string;
  readonly date?: Date;
  readonly text?: string;
  readonly attachments?: ReadonlyArray<{ filename: string; content: Buffer; contentType?: string }>;
}

/** One RFC 5322 message, as a mail client would send it. */
export async function composeMail(mail: TestMail): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.from ?? 'Ops Sender <sender@example.com>',
    to: mail.to ?? 'docs@example.com',
    ...(mail.cc === undefined ? {} : { cc: mail.cc }),
    subject: mail.subject,
    text: mail.text ?? 'Please find the documents attached.',
    date: mail.date ?? new Date('2026-11-20T08:30:00Z'),
    ...(mail.messageId === undefined ? {} : { messageId: mail.messageId }),
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType ?? 'application/pdf',
    })),
  });
  return composer.compile().build();
}

/** A message with one PDF attachment named after `n`. */
export const mailWithPdf = (n: number, extra: Partial<TestMail> = {}): Promise<Buffer> =>
  composeMail({
    subject: `Arrival notice ${n}`,
    messageId: `<msg-${n}@example.com>`,
    attachments: [{ filename: `notice-${n}.pdf`, content: tinyPdf(`notice ${n}`) }],
    ...extra,
  });
