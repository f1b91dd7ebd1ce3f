/**
 * What a mail message yields, whichever way it arrived (the shared mailbox over IMAP, or the service's
 * docs alias over SMTP). The reader (`read-message.ts`) turns one raw RFC 5322 message into these.
 */

/** Who sent a message, to whom and when: carried to results and to email submissions. */
export interface MailMetadata {
  readonly subject: string | null;
  /** Bare addresses, lower-cased (`ops@example.com`). */
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly messageId: string | null;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  /** The Date header as ISO 8601 UTC, null when missing or unreadable. */
  readonly sentAt: string | null;
  /** The start of the text body (plain text, or text from the HTML part), at most 200 characters. */
  readonly bodyPreview: string | null;
}

/** Caps that keep one message from costing more than it is worth. */
export interface MailLimits {
  /** A larger message is refused whole, without being parsed. */
  readonly maxMessageBytes: number;
  /** A larger attachment is skipped with a reason. */
  readonly maxAttachmentBytes: number;
  /** Documents kept per message; parts beyond it are skipped with a reason. */
  readonly maxDocuments: number;
  /** Inline images smaller than this are taken for logos and signature art, and skipped. */
  readonly minInlineImageBytes: number;
  /** How deep forwarded messages (message/rfc822) are searched. */
  readonly maxNestingDepth: number;
  readonly zip: {
    readonly maxEntries: number;
    readonly maxEntryBytes: number;
    readonly maxTotalBytes: number;
    /** Uncompressed to compressed size: above it an entry is taken for a zip bomb. */
    readonly maxRatio: number;
  };
}

/**
 * One document found in a message: its decoded bytes sit in memory (a small one) or in a temp file (a large
 * one, or past the message's memory budget) until the caller admits them. Exactly one of `bytes` and
 * `path` is set.
 */
export interface MailDocument {
  /**
   * Stable within the message and across re-reads of the same bytes: the MIME part path (`2`, `2.1`),
   * with `/<entry>` appended for a ZIP entry (`3/invoices/a.pdf`). With the message's identity it names
   * the document's origin for good.
   */
  readonly partPath: string;
  /** A safe display name: no path separators, control characters or bidi overrides. */
  readonly fileName: string;
  /** Decided from the bytes, never from the declared type. */
  readonly contentType: string;
  readonly sizeBytes: number;
  /** SHA-256 of the decoded bytes, hex: the same file attached twice is kept once. */
  readonly sha256: string;
  /** The temp file holding the decoded bytes; removed by `ReadMessage.dispose`. Null when in `bytes`. */
  readonly path: string | null;
  /** The decoded bytes of a small document, kept in memory: no temp file to write, reread and remove. */
  readonly bytes: Buffer | null;
}

/** A part that is not a document, and why (shown by `stevedore mail check` and in the Failed reason). */
export interface SkippedPart {
  readonly partPath: string;
  readonly fileName: string | null;
  /** A stable code: `logo`, `calendar`, `unsupported_type`, `too_large`, `zip_bomb`, ... */
  readonly reason: string;
  readonly detail: string;
}

export interface MessageRefusal {
  /** A stable code: `too_large`, `malformed`, ... */
  readonly reason: string;
  readonly detail: string;
}

export interface ReadMessage {
  readonly metadata: MailMetadata;
  readonly documents: readonly MailDocument[];
  readonly skipped: readonly SkippedPart[];
  /** Set when the message as a whole cannot be used; `documents` is then empty. */
  readonly refusal: MessageRefusal | null;
  /** SHA-256 (hex) of the raw message; absent when it was refused unread (its announced size). */
  readonly sha256?: string;
  /** Removes the temp files. Idempotent. */
  dispose(): Promise<void>;
}

export interface ReadMessageOptions {
  /** Where the decoded documents are written; a private directory of the caller. */
  readonly tempDir: string;
  readonly limits: MailLimits;
  /** The size the transport announced (IMAP RFC822.SIZE, SMTP SIZE), checked before reading. */
  readonly sizeBytes?: number;
}
