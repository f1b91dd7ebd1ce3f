import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError } from '../../domain/errors.ts';
import { blockedAddressReason } from './blocked-address.ts';

/** A webhook target that resolves to an address no delivery may reach. */
export class TargetRefusedError extends AppError {
  constructor(host: string, reason: string) {
    super('webhook_target_refused', `${host}: ${reason}`, { details: { host } });
  }
}

export const isTargetRefusal = (error: Error): boolean => error instanceof TargetRefusedError;

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

const originKey = (protocol: string, host: string, port: string | number | null | undefined): string => {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const shown = port === undefined || port === null || port === '' ? DEFAULT_PORTS[protocol] : String(port);
  return `${protocol}//${bare.toLowerCase()}:${shown}`;
};

/**
 * Origins (scheme, host, port) that may be private although private targets are refused: under
 * `stevedore up`, exactly the worker's own receiver. Filled once that receiver listens, so it is live.
 */
export class PrivateOrigins {
  private readonly keys = new Set<string>();

  /** Lets the origin of `url` through; its path does not matter. */
  add(url: string): void {
    const { protocol, hostname, port } = new URL(url);
    this.keys.add(originKey(protocol, hostname, port));
  }

  has(protocol: string, host: string, port: string | number | null | undefined): boolean {
    return this.keys.has(originKey(protocol, host, port));
  }
}

export interface TargetPolicy {
  /** The `--allow-private-webhooks` mode: every target, for local development. */
  readonly allowPrivate: boolean;
  /** Private origins let through anyway. */
  readonly origins?: PrivateOrigins | undefined;
}

export interface TargetAgents {
  readonly http: http.Agent;
  readonly https: https.Agent;
}

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;

/** A lookup that refuses when any address a name resolves to is blocked (one of them would be dialled). */
const guardedLookup =
  (host: string): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const { address } of addresses) {
        const reason = blockedAddressReason(address);
        if (reason !== undefined) {
          callback(new TargetRefusedError(host, reason), '', 0);
          return;
        }
      }
      const first = addresses[0];
      if (options.all) {
        // Node's callback type has one shape for both modes; with `all` it takes the list.
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      } else if (first === undefined) callback(new TargetRefusedError(host, 'no address'), '', 0);
      else callback(null, first.address, first.family);
    });
  };

/**
 * Checks the address a connection is about to use: a literal host at once, a name through the lookup.
 * Returns the options to connect with, or the refusal.
 */
function guardConnection(
  protocol: string,
  policy: TargetPolicy,
  options: http.ClientRequestArgs,
): { options: http.ClientRequestArgs } | { refusal: TargetRefusedError } {
  const host = options.host ?? options.hostname ?? 'localhost';
  if (policy.allowPrivate || policy.origins?.has(protocol, host, options.port)) return { options };
  if (isIP(host) !== 0) {
    const reason = blockedAddressReason(host);
    return reason === undefined ? { options } : { refusal: new TargetRefusedError(host, reason) };
  }
  return { options: { ...options, lookup: guardedLookup(host) } };
}

const refusedSocket = (refusal: Error, callback: ConnectionCallback | undefined): Duplex => {
  const socket = new Socket();
  if (callback) callback(refusal, socket);
  else socket.destroy(refusal);
  return socket;
};

class GuardedHttpAgent extends http.Agent {
  constructor(private readonly policy: TargetPolicy) {
    super({ keepAlive: false });
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    const guarded = guardConnection('http:', this.policy, options);
    if ('refusal' in guarded) return refusedSocket(guarded.refusal, callback);
    return super.createConnection(guarded.options, callback);
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(private readonly policy: TargetPolicy) {
    super({ keepAlive: false });
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    const guarded = guardConnection('https:', this.policy, options);
    if ('refusal' in guarded) return refusedSocket(guarded.refusal, callback);
    return super.createConnection(guarded.options, callback);
  }
}

/**
 * Agents that check the address a webhook URL resolves to when the socket connects, which is the check
 * DNS rebinding cannot dodge. (request-filtering-agent, which this replaces, let IPv4-compatible
 * addresses such as `::a9fe:a9fe` through, and refused 6to4 or NAT64 forms of public addresses.)
 * No keep-alive: deliveries to one receiver are spread over hours, and an idle socket would outlive `stop()`.
 */
export function createTargetAgents(policy: TargetPolicy): TargetAgents {
  return { http: new GuardedHttpAgent(policy), https: new GuardedHttpsAgent(policy) };
}

/**
 * Why `url` obviously points inside the network, or undefined. Only literal addresses and `localhost`
 * are recognised: this is a courtesy at registration, the connect-time agent is the guard.
 */
export function privateTargetReason(
  url: string,
  policy: TargetPolicy = { allowPrivate: false },
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (policy.allowPrivate || policy.origins?.has(parsed.protocol, parsed.hostname, parsed.port))
    return undefined;
  // The WHATWG parser already turned decimal, octal and hex IPv4 forms into dotted quads.
  // A trailing dot names the same host (`localhost.`), fully qualified.
  const hostname = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a loopback name`;
  return blockedAddressReason(host);
}
