import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Clock, Timer } from '../domain/clock.ts';
import { checkRpcBody, INVALID_REQUEST } from './request-guard.ts';

/**
 * A line of stdin, the HTTP server's body cap: the SDK's reader kept up to 10 MiB of an unfinished line,
 * copying the whole of it on every chunk, then closed the session.
 */
export const MAX_LINE_BYTES = 1024 * 1024;
/** Requests answered at once, as the HTTP server allows one key; the rest wait their turn in order. */
export const MAX_REQUESTS_IN_FLIGHT = 16;
/** Requests waiting beyond that before stdin is no longer read, so a client cannot fill memory with them. */
export const MAX_REQUESTS_QUEUED = 1_000;
/** Longest a closed stdin waits for the answers still owed: past any tool call's own timeout. */
export const DRAIN_MS = 60_000;

const PARSE_ERROR = -32700;

type RequestId = string | number;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const idOf = (value: unknown): RequestId | null => {
  const id = isRecord(value) ? value.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/**
 * MCP over stdin/stdout, one JSON-RPC message a line, for a client that is not trusted to behave: a
 * line that is not JSON, not one message, or over MAX_LINE_BYTES is answered with a JSON-RPC error
 * (the SDK's transport logged it and answered nothing, or closed the session); at most
 * MAX_REQUESTS_IN_FLIGHT requests run at once; stdin is paused while too many wait or while stdout is
 * not being read, so memory stays bounded whatever is written. After stdin ends, it closes once every
 * request read has its answer, or after `drainMs`.
 */
export class StdioLineTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  private parts: Buffer[] = [];
  private partBytes = 0;
  /** The rest of a line over the cap is read and dropped, up to its newline. */
  private discarding = false;
  private readonly queue: JSONRPCMessage[] = [];
  private readonly owed = new Map<RequestId, number>();
  private inFlight = 0;
  private outputBlocked = false;
  private readonly drainWaiters: Array<() => void> = [];
  private ended = false;
  private closed = false;
  private drainTimer: Timer | undefined;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly clock: Clock,
    private readonly drainMs: number = DRAIN_MS,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.onEnd);
    this.stdin.on('error', this.onStreamError);
    // A client that stops reading and goes (EPIPE) has ended the session.
    this.stdout.on('error', this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    const id = 'method' in message ? null : idOf(message);
    const count = id === null ? 0 : (this.owed.get(id) ?? 0);
    if (id === null || count === 0) return;
    if (count === 1) this.owed.delete(id);
    else this.owed.set(id, count - 1);
    this.inFlight -= 1;
    this.pump();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clock.clearTimeout(this.drainTimer);
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.pause();
    this.parts = [];
    this.queue.length = 0;
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let end = bytes.indexOf(0x0a, start); end !== -1; end = bytes.indexOf(0x0a, start)) {
      this.take(bytes.subarray(start, end));
      if (this.discarding) this.discarding = false;
      else this.line(Buffer.concat(this.parts, this.partBytes));
      this.parts = [];
      this.partBytes = 0;
      start = end + 1;
    }
    if (start < bytes.length) this.take(bytes.subarray(start));
  };

  private readonly onEnd = (): void => {
    // A last line without its newline is still a message.
    if (!this.discarding && this.partBytes > 0) this.line(Buffer.concat(this.parts, this.partBytes));
    this.parts = [];
    this.ended = true;
    this.drainTimer = this.clock.setTimeout(() => void this.close(), this.drainMs, { keepAlive: false });
    this.closeWhenDone();
  };

  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  /** Adds part of the current line, or starts dropping it once it passes the cap. */
  private take(segment: Buffer): void {
    if (this.discarding || segment.length === 0) return;
    if (this.partBytes + segment.length > MAX_LINE_BYTES) {
      this.parts = [];
      this.partBytes = 0;
      this.discarding = true;
      this.reply(null, INVALID_REQUEST, `Invalid Request: a message is at most ${MAX_LINE_BYTES} bytes`);
      return;
    }
    this.parts.push(segment);
    this.partBytes += segment.length;
  }

  private line(bytes: Buffer): void {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.reply(null, PARSE_ERROR, 'Parse error: a line must be one JSON-RPC message');
      return;
    }
    if (Array.isArray(value)) {
      this.reply(
        null,
        INVALID_REQUEST,
        'Invalid Request: batches are not supported; send one message a line',
      );
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(idOf(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    const shape = checkRpcBody(parsed.data);
    if (!shape.ok) {
      this.reply(shape.id, shape.code, shape.message);
      return;
    }
    const message = parsed.data;
    const id = 'method' in message ? idOf(message) : null;
    // Notifications and the client's answers need no turn.
    if (id === null) {
      this.onmessage?.(message);
      return;
    }
    this.queue.push(message);
    this.pump();
  }

  /** Starts waiting requests while there is room, and reads stdin only while little is waiting. */
  private pump(): void {
    while (!this.closed && this.inFlight < MAX_REQUESTS_IN_FLIGHT && this.queue.length > 0) {
      const message = this.queue.shift() as JSONRPCMessage; // length checked above
      const id = idOf(message) as RequestId; // only requests with an id are queued
      this.owed.set(id, (this.owed.get(id) ?? 0) + 1);
      this.inFlight += 1;
      this.onmessage?.(message);
    }
    this.flow();
    this.closeWhenDone();
  }

  private flow(): void {
    if (this.closed || this.ended) return;
    if (this.outputBlocked || this.queue.length >= MAX_REQUESTS_QUEUED) this.stdin.pause();
    else this.stdin.resume();
  }

  private closeWhenDone(): void {
    if (this.ended && this.inFlight === 0 && this.queue.length === 0) void this.close();
  }

  private reply(id: RequestId | null, code: number, message: string): void {
    // JSON-RPC 2.0 answers a message whose id cannot be read with id null, which the SDK's type leaves out.
    void this.write({ jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage);
  }

  /** Writes one line; while stdout is full, stdin is not read (the answers would pile up in memory). */
  private write(message: JSONRPCMessage): Promise<void> {
    if (this.stdout.destroyed || this.stdout.writableEnded) return Promise.resolve();
    if (this.stdout.write(`${JSON.stringify(message)}\n`)) return Promise.resolve();
    this.outputBlocked = true;
    this.flow();
    return new Promise((resolve) => {
      this.drainWaiters.push(resolve);
      if (this.drainWaiters.length === 1) this.stdout.once('drain', this.onDrain);
    });
  }

  private readonly onDrain = (): void => {
    this.outputBlocked = false;
    const waiters = this.drainWaiters.splice(0);
    this.flow();
    for (const resolve of waiters) resolve();
  };
}
