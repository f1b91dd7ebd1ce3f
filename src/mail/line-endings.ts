/**
 * CR CR LF line ends, repaired before the MIME parser sees them: what a CRLF message becomes when it goes
 * through a text-mode transfer on Windows once more (each LF made CRLF again). The parser takes CRLF and bare
 * LF, but in CR CR LF mail the blank line that ends the headers is never found, and every part is lost.
 * The kind is told by the first line end of the message; a message whose first line ends otherwise passes
 * unchanged, byte for byte. (CR alone, the old Mac line end, is left as it is: no IMAP or SMTP server
 * takes it for a line end either, and a stray CR would turn a binary part into a broken one.)
 */

const CR = 0x0d;
const LF = 0x0a;
// A first line longer than this is no header line (the parser refuses the message anyway): passed as is.
const MAX_UNDECIDED_BYTES = 64 * 1024;

type Mode = 'undecided' | 'as_is' | 'double_cr';

export class LineEndings {
  private mode: Mode = 'undecided';
  /** Bytes held while the first line end is not yet seen whole. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** CRs at the end of the last chunk: whether they end a line is known with the next chunk. */
  private carry = '';

  /** `chunk` with its line ends repaired, when the message needs it. */
  fix(chunk: Buffer): Buffer {
    if (this.mode === 'undecided') {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      // Nearly always the first chunk decides alone: no copy then.
      const held = this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingBytes);
      this.mode = modeOf(held);
      if (this.mode === 'undecided' && held.length > MAX_UNDECIDED_BYTES) this.mode = 'as_is';
      if (this.mode === 'undecided') return Buffer.alloc(0);
      this.pending = [];
      this.pendingBytes = 0;
      chunk = held;
    }
    if (this.mode === 'as_is') return chunk;
    const text = this.carry + chunk.toString('latin1');
    const trailing = /\r+$/.exec(text)?.[0] ?? '';
    this.carry = trailing;
    return Buffer.from(text.slice(0, text.length - trailing.length).replace(/\r+\n/g, '\r\n'), 'latin1');
  }

  /** What is held back at the end of the message. */
  flush(): Buffer {
    const rest = this.mode === 'undecided' ? Buffer.concat(this.pending, this.pendingBytes) : this.carry;
    this.pending = [];
    this.pendingBytes = 0;
    this.carry = '';
    return typeof rest === 'string' ? Buffer.from(rest, 'latin1') : rest;
  }
}

/** The kind of line end the message uses, told by its first; undecided while it may still grow. */
function modeOf(head: Buffer): Mode {
  const lf = head.indexOf(LF);
  if (lf === -1) return 'undecided';
  return lf >= 2 && head[lf - 1] === CR && head[lf - 2] === CR ? 'double_cr' : 'as_is';
}
