import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface TargetAgents {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
}

/**
 * Agents that check the address a webhook URL resolves to when the socket connects, which is the check
 * DNS rebinding cannot dodge. `allowPrivate` (the `--allow-private-webhooks` mode) lets loopback and
 * private targets through for local development. No keep-alive: deliveries to one receiver are spread
 * over hours, and an idle socket would outlive `stop()`.
 */
export function createTargetAgents(allowPrivate: boolean): TargetAgents {
  const options = { keepAlive: false, allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: allowPrivate };
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
}

/** The agent's refusal messages read "DNS lookup <ip>(…) is not allowed. Because, …". */
export const isTargetRefusal = (error: Error): boolean => /is not allowed\. Because/.test(error.message);

/** Ranges no webhook may reach from the service (reliability.md §4), plus multicast and reserved space. */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv6');
  }
  return list;
})();

/**
 * Why `url` obviously points inside the network, or undefined. Only literal addresses and `localhost`
 * are recognised: this is a courtesy at registration, the connect-time agent is the guard.
 */
export function privateTargetReason(url: string): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  // The WHATWG parser already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a loopback name`;
  const family = isIP(host);
  if (family === 0) return undefined;
  // Refused whatever they embed, as the connect-time agent does. (A subnet rule for ::ffff:0:0/96 would not
  // do: BlockList compares IPv4 addresses against IPv6 rules in their mapped form, so it matches them all.)
  if (family === 6 && host.startsWith('::ffff:')) return `${host} is an IPv4-mapped address`;
  return PRIVATE_RANGES.check(host, family === 4 ? 'ipv4' : 'ipv6')
    ? `${host} is a private, loopback, link-local or reserved address`
    : undefined;
}
