import type { MailLimits } from './types.ts';

/** The caps both mail sources start from; each is a reason a hostile or careless message costs little. */
export const DEFAULT_MAIL_LIMITS: MailLimits = {
  // Gmail and Microsoft 365 refuse to send past 25 MB and about 35 MB encoded; more is not ordinary mail.
  maxMessageBytes: 40 * 1024 * 1024,
  // The same cap as an upload to the service (413 beyond it), so a mail document fails nowhere later.
  maxAttachmentBytes: 25 * 1024 * 1024,
  // A shipment's paperwork is a dozen files; hundreds are a mass mailing or an attack.
  maxDocuments: 50,
  // Signature logos and social icons are a few KB; a photographed page is tens of KB at least.
  minInlineImageBytes: 10 * 1024,
  // A forward of a forward of a forward is common; ten levels deep is not mail a person wrote.
  maxNestingDepth: 5,
  zip: {
    maxEntries: 200,
    maxEntryBytes: 25 * 1024 * 1024,
    maxTotalBytes: 200 * 1024 * 1024,
    // PDFs and images are already compressed (2-5x at most in a ZIP); 100x is zeros or a crafted bomb.
    maxRatio: 100,
  },
};
