import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

export interface CorpusMessage {
  /** The file name without `.eml`: what the message breaks. */
  readonly name: string;
  build(): Promise<Buffer>;
}

/** What every composed corpus message has unless it says otherwise. */
export const BASE: Mail.Options = {
  from: 'Ops Desk <OPS@Forwarder.example>',
  to: 'docs+acme@stevedore.local',
  date: new Date('2026-03-02T09:30:00Z'),
  text: 'Please find the documents attached.',
};

/** A message written by nodemailer's composer, its Message-ID and subject the corpus name. */
export function compose(name: string, options: Mail.Options): CorpusMessage {
  return {
    name,
    build: () =>
      new MailComposer({ ...BASE, messageId: `<${name}@corpus.example>`, subject: name, ...options })
        .compile()
        .build(),
  };
}

/** Text with CRLF line ends, each character one byte (Latin-1), so 8-bit bytes can be written as-is. */
export function raw(name: string, text: () => string): CorpusMessage {
  return { name, build: async () => Buffer.from(text().replace(/\r?\n/g, '\r\n'), 'latin1') };
}
