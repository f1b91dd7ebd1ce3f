import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { tinyPdf } from './corpus-bytes.ts';

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

/** The headers every hand-written message starts with. */
export const headers = (name: string, contentType: string, extra = ''): string =>
  `From: ops@forwarder.example
To: docs+acme@stevedore.local
Subject: ${name}
Date: Mon, 02 Mar 2026 09:30:00 +0000
Message-ID: <${name}@corpus.example>
MIME-Version: 1.0
${extra}Content-Type: ${contentType}
`;

export const base64Lines = (bytes: Buffer): string => bytes.toString('base64').replace(/.{76}/g, '$&\n');

/** A part with a base64 PDF: the building block of most hand-written messages. */
export const pdfPart = (fileName: string, label: string, extra = ''): string =>
  `Content-Type: application/pdf; name="${fileName}"
Content-Disposition: attachment; filename="${fileName}"
Content-Transfer-Encoding: base64
${extra}
${base64Lines(tinyPdf(label))}`;
