import { isIPv4, isIPv6 } from 'node:net';

/**
 * Why an address is not a public host on the internet, by the IANA special-purpose registries (RFC 6890 and its
 * updates): the server must never be made to connect to its own machine, its network or its cloud's metadata.
 */
export type SpecialUse =
  | 'unspecified'
  | 'this-network'
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'ietf-protocol'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'not an IP address';

type Range = readonly [first: number, prefixLength: number, use: SpecialUse];

/** IPv4 special-use blocks, as (network, prefix length, use); the ones "globally reachable" (AS112, AMT) are left out. */
const ipv4Ranges: readonly Range[] = [
  [ipv4('0.0.0.0'), 8, 'this-network'],
  [ipv4('10.0.0.0'), 8, 'private'],
  [ipv4('100.64.0.0'), 10, 'shared (CGNAT)'],
  [ipv4('127.0.0.0'), 8, 'loopback'],
  [ipv4('169.254.0.0'), 16, 'link-local'],
  [ipv4('172.16.0.0'), 12, 'private'],
  [ipv4('192.0.0.0'), 24, 'ietf-protocol'],
  [ipv4('192.0.2.0'), 24, 'documentation'],
  [ipv4('192.88.99.0'), 24, 'reserved'],
  [ipv4('192.168.0.0'), 16, 'private'],
  [ipv4('198.18.0.0'), 15, 'benchmarking'],
  [ipv4('198.51.100.0'), 24, 'documentation'],
  [ipv4('203.0.113.0'), 24, 'documentation'],
  [ipv4('224.0.0.0'), 4, 'multicast'],
  [ipv4('240.0.0.0'), 4, 'reserved'],
];

/** The address as a 32-bit number (it must be a dotted quad). */
function ipv4(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function inRange(value: number, first: number, prefixLength: number): boolean {
  const size = 2 ** (32 - prefixLength);
  return value >= first && value < first + size;
}

function ipv4Use(value: number): SpecialUse | null {
  for (const [first, prefixLength, use] of ipv4Ranges) if (inRange(value, first, prefixLength)) return use;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a zone, `%eth0`, dropped; a trailing dotted quad read as two). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const value = ipv4(quad[1]!);
    text = `${text.slice(0, quad.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv6Use(groups: number[]): SpecialUse | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedIpv4 = g6 * 65536 + g7;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    // ::ffff:a.b.c.d is the IPv4 address a.b.c.d on a dual-stack socket: it is what that address is.
    if (g5 === 0xffff) return ipv4Use(embeddedIpv4);
    if (g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
    if (g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
    // The deprecated IPv4-compatible ::a.b.c.d, and the rest of ::/8.
    return 'reserved';
  }
  // 64:ff9b::/96, the NAT64 well-known prefix: a gateway connects to the IPv4 address it embeds.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Use(embeddedIpv4);
  // 64:ff9b:1::/48, NAT64 for a local network's own use.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is global unicast; what else is not named above (100::/64 discard-only …) is reserved.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  // 2001::/23: IETF protocol assignments (Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID …).
  if (g0 === 0x2001 && g1 < 0x200) return 'ietf-protocol';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation';
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation';
  // 2002::/16, 6to4 (deprecated, RFC 7526): a relay carries it to the IPv4 address it embeds.
  if (g0 === 0x2002) return 'reserved';
  return null;
}

/**
 * What special use `address` (an IPv4 or IPv6 address as text, as DNS answers them) has, or null for a public
 * unicast address. IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses are what the IPv4
 * address inside them is; anything that is not an IP address is refused too.
 */
export function specialUseOf(address: string): SpecialUse | null {
  if (isIPv4(address)) return ipv4Use(ipv4(address));
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv6(bare)) return ipv6Use(ipv6Groups(bare));
  return 'not an IP address';
}
