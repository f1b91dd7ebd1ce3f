import { BlockList, isIP } from 'node:net';

/** IPv4 space no webhook may reach (reliability.md §4): private, shared, loopback, link-local, reserved. */
const IPV4_BLOCKED = subnets('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  // The 6to4 relay anycast: traffic sent there is tunnelled on to an address we cannot see.
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);

/** IPv6 space without an embedded IPv4 address that is private, local, documentation or multicast. */
const IPV6_BLOCKED = subnets('ipv6', [
  ['100::', 64],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
]);

function subnets(type: 'ipv4' | 'ipv6', list: readonly (readonly [string, number])[]): BlockList {
  // One list per family: a BlockList compares IPv4 addresses with IPv6 rules in their mapped form.
  const blocked = new BlockList();
  for (const [network, prefix] of list) blocked.addSubnet(network, prefix, type);
  return blocked;
}

/** The eight 16-bit groups of an IPv6 address, whatever its spelling (`::127.0.0.1`, zone ids, case). */
function hextets(address: string): number[] | undefined {
  const withoutZone = address.split('%')[0] ?? address;
  let canonical: string;
  try {
    // The WHATWG serialiser compresses, lower-cases and rewrites a dotted IPv4 tail as two groups.
    canonical = new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

const ipv4Of = (high: number, low: number): string =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

const ipv4Reason = (address: string): string | undefined =>
  IPV4_BLOCKED.check(address, 'ipv4')
    ? `${address} is a private, loopback, link-local or reserved address`
    : undefined;

/** The IPv4 address an IPv6 address carries at a known place, decided by that address. */
function embeddedReason(label: string, address: string, ipv4: string): string | undefined {
  const reason = ipv4Reason(ipv4);
  return reason === undefined ? undefined : `${address} is ${label} of ${ipv4}, and ${reason}`;
}

function ipv6Reason(address: string): string | undefined {
  const g = hextets(address);
  if (g === undefined || g.length !== 8 || g.some((group) => !Number.isInteger(group))) {
    return `${address} is not an address this service can judge`;
  }
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((group) => group === 0);
  const [g0 = 0, g1 = 0, g2 = 0, , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (zeros(0, 8)) return `${address} is the unspecified address`;
  if (zeros(0, 7) && g7 === 1) return `${address} is a loopback address`;
  // ::/96, IPv4-compatible: deprecated (RFC 4291 §2.5.5.1) and never a legitimate public target.
  if (zeros(0, 6)) return `${address} is an IPv4-compatible address (::/96), which is deprecated`;
  if (zeros(0, 5) && g5 === 0xffff) return embeddedReason('an IPv4-mapped address', address, ipv4Of(g6, g7));
  // ::ffff:0:0:0/96 (RFC 6145, SIIT) translates to the IPv4 address in its last 32 bits.
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) {
    return embeddedReason('an IPv4-translated address', address, ipv4Of(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (zeros(2, 6)) return embeddedReason('a NAT64 address', address, ipv4Of(g6, g7));
    // 64:ff9b:1::/48 (RFC 8215) is for local translators, whose prefix length, so the IPv4 position, is unknown.
    if (g2 === 1) return `${address} is in the local-use NAT64 prefix 64:ff9b:1::/48`;
  }
  if (g0 === 0x2002) return embeddedReason('a 6to4 address', address, ipv4Of(g1, g2));
  // Teredo (2001::/32) tunnels through a server to a client whose address is obfuscated: no one IPv4 to judge.
  if (g0 === 0x2001 && g1 === 0) return `${address} is a Teredo tunnel address (2001::/32)`;
  return IPV6_BLOCKED.check(address.split('%')[0] ?? address, 'ipv6')
    ? `${address} is a private, link-local, multicast, documentation or reserved address`
    : undefined;
}

/**
 * Why a webhook must not be sent to `address`, or undefined when it may. Addresses that embed an IPv4
 * address at a known place (IPv4-mapped, RFC 6145, NAT64 64:ff9b::/96, 6to4) are decided by that address;
 * the other IPv4-carrying ranges (IPv4-compatible ::/96, local NAT64, Teredo) are refused outright.
 */
export function blockedAddressReason(address: string): string | undefined {
  const family = isIP(address.split('%')[0] ?? address);
  if (family === 4) return ipv4Reason(address);
  if (family === 6) return ipv6Reason(address);
  return undefined;
}
