/**
 * Whether bytes of an unrecognised format are an RFC 5322 message: a saved .eml sent as
 * application/octet-stream under a name that says nothing. Decided from the head, like any other type.
 */

// Fields a message's header block nearly always has; a text file of `key: value` lines rarely has two.
const MESSAGE_FIELDS: ReadonlySet<string> = new Set([
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'received',
  'return-path',
  'content-type',
]);
const FIELD_LINE = /^([!-9;-~]+):/;
// The head is what type detection reads (4 KB): a header block may run past it, which is not a reason to
// doubt it, so only the lines seen are judged.
const MIN_MESSAGE_FIELDS = 2;
// The line an mbox puts before each message, which Thunderbird keeps when it saves one as .eml
// (`From - Mon Mar 02 09:30:00 2026`): a separator, not a field, so it has no colon after `From`.
const MBOX_FROM_LINE = /^From [^\r\n]*\r?\n/;

export function looksLikeMessage(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const lines = head.toString('latin1').replace(MBOX_FROM_LINE, '').split(/\r?\n/);
  // The last line may be cut by the end of the head.
  if (lines.length > 1) lines.pop();
  const fields = new Set<string>();
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (fields.size === 0) return false;
      continue;
    }
    const name = FIELD_LINE.exec(line)?.[1]?.toLowerCase();
    if (name === undefined) return false;
    fields.add(name);
  }
  return [...fields].filter((name) => MESSAGE_FIELDS.has(name)).length >= MIN_MESSAGE_FIELDS;
}
