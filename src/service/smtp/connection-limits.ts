import type { Socket } from 'node:net';
import type { SMTPServer, SMTPServerSession } from 'smtp-server';
import { setNewest } from '../../domain/bounded-map.ts';

/**
 * How long a client may take, beyond smtp-server's idle timeout. That timeout restarts on every byte, so
 * alone it lets a client trickling a byte a minute hold one of the few client slots for ever.
 */
export interface SmtpDeadlines {
  /** From the first byte of a command line to its line end: a command is one short line. */
  readonly commandMs: number;
  /** From the 354 to the final dot: a message at loopback speed takes well under a second a megabyte. */
  readonly dataMs: number;
  /** The whole connection: a client with more mail than fits connects again. */
  readonly connectionMs: number;
  /**
   * How long a connection may go without progress (connecting, a message answered, a megabyte of a
   * message) before a new client may take its slot when every slot is held. STALE_AFTER_MS unless set.
   */
  readonly staleMs?: number;
}

/**
 * A sender on this machine connects, sends its mail and quits in milliseconds; ten seconds without
 * progress is a client holding a slot (pacing NOOPs, or a message a byte at a time, under every
 * deadline), and the slot goes to a client that needs it.
 */
export const STALE_AFTER_MS = 10_000;
/**
 * Connections from one address that ended without a message, in a minute, past which that address's new
 * connections get no credit for their greeting (they are stale from the start, first to give their slot
 * to a newcomer). A greeting is progress so that a sender has time to send; a client reconnecting faster
 * than STALE_AFTER_MS without ever sending mail would otherwise keep every slot fresh. A sender that
 * sends mail on its connections never counts here, so the real sender on a shared loopback address is
 * not held back: its connection is the newest, and the slots taken are the churners' older ones.
 */
export const MAX_EMPTY_CONNECTIONS_PER_MINUTE = 30;
const EMPTY_CONNECTION_WINDOW_MS = 60_000;
/** Addresses whose empty connections are remembered; the oldest is forgotten past this. */
const MAX_TRACKED_ADDRESSES = 1_000;
/** Bytes of a message that count as progress: loopback streams megabytes a second, a trickle never gets there. */
const PROGRESS_BYTES = 1024 * 1024;

/**
 * 30 s for a line a program writes at once; 5 min for a message (the HTTP service gives a whole request
 * as long); 10 min for a connection, room for its 100 messages at loopback speed.
 */
export const DEFAULT_SMTP_DEADLINES: SmtpDeadlines = {
  commandMs: 30_000,
  dataMs: 300_000,
  connectionMs: 600_000,
};

/**
 * Command lines one connection may send (outside messages). A connection's 100 messages of 50 recipients
 * each take about 5,300; a client pipelining NOOPs without end (200,000 took a second of the event loop
 * here) is cut instead of running for the whole connection deadline.
 */
export const MAX_COMMANDS_PER_CONNECTION = 10_000;

/** Once a deadline falls while the service is storing a message, it waits for that answer this long each time. */
const STORING_RECHECK_MS = 1_000;

interface Watch {
  readonly socket: Socket;
  readonly timers: Map<'command' | 'data' | 'connection', NodeJS.Timeout>;
  receiving: boolean;
  storing: boolean;
  commands: number;
  dataBytes: number;
  /** Date.now() of the connection's last progress: its greeting, a message answered, PROGRESS_BYTES of one. */
  progressAt: number;
  bytesSinceProgress: number;
  /** Cut to make room: no longer counted as holding a slot, never chosen twice. */
  evicted: boolean;
  /** A message of this connection was answered: it did not end empty. */
  delivered: boolean;
  readonly connectedAt: number;
}

/**
 * Cuts connections that pass a deadline or send too many commands with a 421 (the client keeps its mail
 * and tries again later), and a message far over the size limit with a 552 at once rather than at its
 * end. `onConnect` attaches it to a session's socket and `onData` says when a message starts and when the
 * service is storing it: a message the client has sent whole is answered, never cut midway through storing.
 */
export class ConnectionLimits {
  private readonly watches = new WeakMap<SMTPServerSession, Watch>();
  /** Per address, when its recent connections ended without a message (oldest first). */
  private readonly emptyEnds = new Map<string, number[]>();

  constructor(
    private readonly server: () => SMTPServer,
    private readonly deadlines: SmtpDeadlines,
    /** Bytes of one message's DATA read before the connection is cut. */
    private readonly maxDataBytes: number,
  ) {}

  attach(session: SMTPServerSession): void {
    // smtp-server keeps the session object for the life of its connection.
    const connection = [...this.server().connections].find((candidate) => candidate.session === session);
    if (connection === undefined) return;
    const socket = connection._socket;
    const address = connection.remoteAddress;
    const now = Date.now();
    const staleMs = this.deadlines.staleMs ?? STALE_AFTER_MS;
    const watch: Watch = {
      socket,
      timers: new Map(),
      receiving: false,
      storing: false,
      commands: 0,
      dataBytes: 0,
      // A churning address's greeting earns nothing: the connection is stale from its first moment.
      progressAt: this.churning(address, now) ? now - staleMs : now,
      bytesSinceProgress: 0,
      evicted: false,
      delivered: false,
      connectedAt: now,
    };
    this.watches.set(session, watch);
    this.arm(watch, 'connection', this.deadlines.connectionMs, 'connection time limit reached');
    socket.on('data', (chunk: Buffer) => {
      if (watch.receiving) {
        watch.dataBytes += chunk.length;
        watch.bytesSinceProgress += chunk.length;
        if (watch.bytesSinceProgress >= PROGRESS_BYTES) {
          watch.bytesSinceProgress = 0;
          watch.progressAt = Date.now();
        }
        if (watch.dataBytes > this.maxDataBytes) {
          cut(socket, `552 5.3.4 message over ${this.maxDataBytes} bytes, far past the SIZE advertised`);
        }
        return;
      }
      watch.commands += countLineEnds(chunk);
      if (watch.commands > MAX_COMMANDS_PER_CONNECTION) {
        cut(socket, '421 4.7.0 too many commands on one connection');
        return;
      }
      // A command line is pending while the last byte seen is not a line end.
      if (chunk.at(-1) === 0x0a) this.disarm(watch, 'command');
      else if (!watch.timers.has('command')) {
        this.arm(watch, 'command', this.deadlines.commandMs, 'command line not finished in time');
      }
    });
    socket.once('close', () => {
      for (const name of [...watch.timers.keys()]) this.disarm(watch, name);
      if (!watch.delivered) this.endedEmpty(address, Date.now());
    });
  }

  /** The client is sending a message (the 354 is out): the data deadline runs until the stream ends. */
  receiving(session: SMTPServerSession, stream: NodeJS.ReadableStream): void {
    const watch = this.watches.get(session);
    if (watch === undefined) return;
    watch.receiving = true;
    watch.dataBytes = 0;
    this.disarm(watch, 'command');
    this.arm(watch, 'data', this.deadlines.dataMs, 'message not finished in time');
    const ended = () => {
      watch.receiving = false;
      this.disarm(watch, 'data');
    };
    stream.once('end', ended);
    stream.once('close', ended);
  }

  /** Runs `store` with the connection kept open until it settles. */
  async storing<T>(session: SMTPServerSession, store: () => Promise<T>): Promise<T> {
    const watch = this.watches.get(session);
    if (watch !== undefined) watch.storing = true;
    try {
      return await store();
    } finally {
      if (watch !== undefined) {
        watch.storing = false;
        watch.delivered = true;
        watch.progressAt = Date.now();
      }
    }
  }

  /**
   * Whether `newcomer` may have a slot: yes while fewer than `maxClients` connections hold one; otherwise
   * only if a stale connection can be cut to make room (from the address holding the most slots, then the
   * longest without progress). A connection storing a message it sent whole, or making progress, is never
   * cut.
   */
  admit(newcomer: SMTPServerSession, maxClients: number): boolean {
    const now = Date.now();
    // Only admitted connections hold a slot; those still before their greeting are newcomers too.
    const holding = [...this.server().connections].filter((connection) => {
      const watch = this.watches.get(connection.session);
      return connection.session !== newcomer && watch !== undefined && !watch.evicted;
    });
    if (holding.length < maxClients) return true;
    const perAddress = new Map<string, number>();
    for (const connection of holding) {
      perAddress.set(connection.remoteAddress, (perAddress.get(connection.remoteAddress) ?? 0) + 1);
    }
    const staleMs = this.deadlines.staleMs ?? STALE_AFTER_MS;
    let victim: { readonly watch: Watch; readonly held: number } | undefined;
    for (const connection of holding) {
      const watch = this.watches.get(connection.session);
      // Storing starts as the message streams in; only a message received whole is being stored.
      const storingWhole = watch?.storing === true && !watch.receiving;
      if (watch === undefined || storingWhole || now - watch.progressAt < staleMs) continue;
      const held = perAddress.get(connection.remoteAddress) ?? 0;
      if (
        victim === undefined ||
        held > victim.held ||
        (held === victim.held && watch.progressAt < victim.watch.progressAt)
      ) {
        victim = { watch, held };
      }
    }
    if (victim === undefined) return false;
    victim.watch.evicted = true;
    const idleSeconds = Math.round(
      (now - Math.max(victim.watch.progressAt, victim.watch.connectedAt)) / 1000,
    );
    cut(
      victim.watch.socket,
      `421 4.4.2 slot given to another client: no mail from this one for ${idleSeconds} s`,
    );
    return true;
  }

  private churning(address: string, now: number): boolean {
    const ends = this.emptyEnds.get(address)?.filter((at) => at > now - EMPTY_CONNECTION_WINDOW_MS) ?? [];
    return ends.length >= MAX_EMPTY_CONNECTIONS_PER_MINUTE;
  }

  private endedEmpty(address: string, now: number): void {
    const ends = (this.emptyEnds.get(address) ?? []).filter((at) => at > now - EMPTY_CONNECTION_WINDOW_MS);
    ends.push(now);
    // Only the last MAX_EMPTY_CONNECTIONS_PER_MINUTE decide anything.
    if (ends.length > MAX_EMPTY_CONNECTIONS_PER_MINUTE)
      ends.splice(0, ends.length - MAX_EMPTY_CONNECTIONS_PER_MINUTE);
    setNewest(this.emptyEnds, address, ends, MAX_TRACKED_ADDRESSES);
  }

  private arm(watch: Watch, name: 'command' | 'data' | 'connection', ms: number, reason: string): void {
    this.disarm(watch, name);
    const timer = setTimeout(() => {
      watch.timers.delete(name);
      // Storing starts while the message streams in; only a message received whole is waited for.
      if (watch.storing && !watch.receiving) {
        this.arm(watch, name, STORING_RECHECK_MS, reason);
        return;
      }
      cut(watch.socket, `421 4.4.2 ${reason}`);
    }, ms);
    // A deadline never keeps the process alive on its own.
    timer.unref();
    watch.timers.set(name, timer);
  }

  private disarm(watch: Watch, name: 'command' | 'data' | 'connection'): void {
    clearTimeout(watch.timers.get(name));
    watch.timers.delete(name);
  }
}

function countLineEnds(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

/** The reply goes straight to the socket: smtp-server may be mid-parse, and it only sees the close after. */
function cut(socket: Socket, reply: string): void {
  if (socket.destroyed || !socket.writable) return;
  socket.end(`${reply}; closing the connection\r\n`);
  // A client that never reads its half of the close does not keep the descriptor.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
