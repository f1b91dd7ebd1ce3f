/**
 * Every ledger key, in one place: nothing outside `pipeline/ledger/` builds or parses a key. Entries are
 * written once and never changed, except the open-document markers, which the outcome removes.
 *
 * | key | written by | value |
 * |---|---|---|
 * | `doc/<sha256>` | ingest, last of its batch | the document id |
 * | `origin/<sha256>/<origin-id>` | ingest | the origin (`Origin` of messages.ts) |
 * | `by-doc/<document-id>` | ingest | `{ sha256, createdAt }` |
 * | `open/<document-id>` | ingest, first of its batch; removed once the outcome is written | `{ sha256, createdAt }` |
 * | `event/<notification-id>` | events, after the outcome | `{ event, documentId, action, processedAt }` |
 * | `attempt/<document-id>/<n>` | events, per failed extraction | the attempt |
 * | `reextract/<document-id>/<n>` | events, after asking for re-extraction n | `{ requestedAt }` |
 * | `outcome/<document-id>` | events, the first final outcome | `extracted` or `failed` |
 * | `recovered/<document-id>` | events, a success after `failed/` | `{ at }` |
 * | `nudge/<document-id>` | reconciler, a stuck document re-extracted once | `{ at, status }` |
 * | `track-intent/<account>/<type>/<number>` | events, before asking the service to track a number | `{ documentId, scac, at }` |
 * | `tracked/<account>/<type>/<number>` | events, once the service holds a tracking request for it | `{ trackingRequestId, scac, decision, documentId, at }` |
 * | `meta/<name>` | one-time upgrades, once done | `{ at }` |
 * | `mailbox/<box>/checkpoint` | mail poller, after each settled message; replaced (a marker) | `{ uidValidity, lastUid, at }` |
 * | `mailbox/<box>/lease/<generation>` | mail poller, one generation per poll and per release; older generations removed by the next holder (markers) | `{ owner, until }` |
 * | `mail/<box>/<message>` | mail poller, once a message's documents are enqueued, before the move | the message's record |
 * | `mailbox/<box>/unmoved/<uidvalidity>-<first uid>-<last uid>` | mail poller, when a move of recorded messages fails; removed once they are moved (markers) | `{ uidValidity, outcome, reason, uids }` |
 * | `mailbox/<box>/unfetched/<uidvalidity>-<uid>/<n>` | mail poller, the poll n in which a message could not be fetched alone | `{ at, detail }` |
 *
 * `<box>` names a mailbox of an account on a server (`mailboxKeyOf`), `<message>` a message by its
 * identity (Message-ID, else what the server says of it), never by UID: UIDs change with UIDVALIDITY.
 */

export const ledgerPrefixes = {
  doc: 'doc/',
  origin: 'origin/',
  byDoc: 'by-doc/',
  open: 'open/',
  event: 'event/',
  attempt: 'attempt/',
  reextract: 'reextract/',
  outcome: 'outcome/',
  recovered: 'recovered/',
  nudge: 'nudge/',
  trackIntent: 'track-intent/',
  tracked: 'tracked/',
  meta: 'meta/',
  mailbox: 'mailbox/',
  mail: 'mail/',
} as const;

const p = ledgerPrefixes;

/** Lease generations are numbered in this many digits: a poll a second for thirty thousand years. */
export const LEASE_GENERATION_DIGITS = 12;

export const ledgerKeys = {
  doc: (sha256: string) => `${p.doc}${sha256}`,
  origin: (sha256: string, originId: string) => `${p.origin}${sha256}/${originId}`,
  /** The trailing slash keeps content `abc` from listing the origins of content `abcd`. */
  origins: (sha256: string) => `${p.origin}${sha256}/`,
  byDoc: (documentId: string) => `${p.byDoc}${documentId}`,
  open: (documentId: string) => `${p.open}${documentId}`,
  event: (notificationId: string) => `${p.event}${notificationId}`,
  attempt: (documentId: string, n: number) => `${p.attempt}${documentId}/${n}`,
  attempts: (documentId: string) => `${p.attempt}${documentId}/`,
  reextract: (documentId: string, n: number) => `${p.reextract}${documentId}/${n}`,
  outcome: (documentId: string) => `${p.outcome}${documentId}`,
  recovered: (documentId: string) => `${p.recovered}${documentId}`,
  nudge: (documentId: string) => `${p.nudge}${documentId}`,
  /** `<account>` names the account by a digest of its key, `<type>` is the request type. */
  trackIntent: (account: string, type: string, number: string) =>
    `${p.trackIntent}${account}/${type}/${number}`,
  tracked: (account: string, type: string, number: string) => `${p.tracked}${account}/${type}/${number}`,
  meta: (name: string) => `${p.meta}${name}`,
  mailCheckpoint: (box: string) => `${p.mailbox}${box}/checkpoint`,
  /** Zero-padded, so key order is generation order. */
  mailLease: (box: string, generation: number) =>
    `${p.mailbox}${box}/lease/${String(generation).padStart(LEASE_GENERATION_DIGITS, '0')}`,
  mailLeases: (box: string) => `${p.mailbox}${box}/lease/`,
  mailMessage: (box: string, message: string) => `${p.mail}${box}/${message}`,
  mailUnmoved: (box: string, uidValidity: number, first: number, last: number) =>
    `${p.mailbox}${box}/unmoved/${uidValidity}-${first}-${last}`,
  mailUnmovedAll: (box: string) => `${p.mailbox}${box}/unmoved/`,
  mailUnfetched: (box: string, uidValidity: number, uid: number, n: number) =>
    `${p.mailbox}${box}/unfetched/${uidValidity}-${uid}/${n}`,
  mailUnfetchedOf: (box: string, uidValidity: number, uid: number) =>
    `${p.mailbox}${box}/unfetched/${uidValidity}-${uid}/`,
} as const;

/**
 * Keys the port lets a caller delete: markers of a state that ends, never a record of something that
 * happened: `open/<document-id>`, and a mailbox's checkpoint and lease (replaced as the poller moves on).
 */
export const isMarkerKey = (key: string): boolean =>
  (key.startsWith(p.open) && key.length > p.open.length && !key.includes('/', p.open.length)) ||
  MAILBOX_MARKER.test(key);

// `lease` alone is the single lease key of earlier versions, still removable.
const MAILBOX_MARKER =
  /^mailbox\/[0-9a-f]{1,64}\/(checkpoint|lease|lease\/[0-9]{12}|unmoved\/[0-9]{1,10}-[0-9]{1,10}-[0-9]{1,10})$/;

/** The document id of an `open/`, `by-doc/` or `outcome/` key. */
export const documentIdOf = (
  key: string,
  prefix: typeof p.open | typeof p.byDoc | typeof p.outcome,
): string => key.slice(prefix.length);
