import { connect, type Socket } from 'node:net';

/** One SMTP conversation: send a line (or several, pipelined), read the replies to it. */
export class Conversation {
  private buffer = '';
  private waiting: (() => void) | undefined;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      this.buffer += text;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  static async open(port: number): Promise<{ conversation: Conversation; greeting: string }> {
    const socket = connect(port, '127.0.0.1');
    const conversation = new Conversation(socket);
    const [greeting = ''] = await conversation.replies(1);
    return { conversation, greeting };
  }

  /** Writes `lines` (CRLF after each) and reads one reply per line, or what came before the server closed. */
  async send(...lines: string[]): Promise<string[]> {
    if (!this.socket.destroyed) this.socket.write(lines.map((line) => `${line}\r\n`).join(''));
    return this.replies(lines.length);
  }

  /** Writes raw bytes and reads `count` replies. */
  async raw(bytes: string, count: number): Promise<string[]> {
    if (!this.socket.destroyed) this.socket.write(bytes);
    return this.replies(count);
  }

  /** Writes raw bytes and reads nothing (a trickle; read the replies with `raw('', n)` after). */
  write(bytes: string): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }

  /** Resolves once the server has closed the connection. */
  async ended(): Promise<boolean> {
    while (!this.closed) {
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = undefined;
    }
    return true;
  }

  private async replies(count: number): Promise<string[]> {
    const found: string[] = [];
    for (;;) {
      // A reply ends with a line "NNN text" (a space after the code); "NNN-text" lines continue it.
      const match = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n/.exec(this.buffer);
      if (match !== null) {
        found.push(match[0].trimEnd());
        this.buffer = this.buffer.slice(match[0].length);
        if (found.length === count) return found;
        continue;
      }
      if (this.closed) return found;
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = undefined;
    }
  }
}
