import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { socketAddress } from '#server/http/loopback.ts';

/** Better Auth reads the caller's address (for rate limits) from this header, which only the server sets. */
export const clientIpHeader = 'x-bookshelf-client-ip';

/**
 * The request for Better Auth, carrying the caller's address (`clientAddressOf`); a value the client sent is
 * dropped.
 */
export function withClientIp(c: Context, trustedProxies: number): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(clientIpHeader);
  const address = clientAddressOf({
    socket: socketAddress(c),
    forwardedFor: c.req.header('x-forwarded-for'),
    trustedProxies,
  });
  if (address) headers.set(clientIpHeader, address);
  return new Request(c.req.raw, { headers });
}

/**
 * The caller's address, in its canonical form (`canonicalAddress`). With no proxy trusted, the socket's. With
 * `trustedProxies` (TRUST_PROXY) proxies in front, each appending the address it saw to X-Forwarded-For, the
 * caller is the entry that many places from the end, the one the outermost trusted proxy wrote; entries further
 * left are the client's own word and never read. When there are fewer entries than trusted proxies, or that
 * entry is not an address, it cannot be the word of a trusted proxy: the socket's address is used.
 */
export function clientAddressOf({
  socket,
  forwardedFor,
  trustedProxies,
}: {
  socket?: string;
  forwardedFor?: string;
  trustedProxies: number;
}): string | undefined {
  const own = socket === undefined ? undefined : canonicalAddress(socket);
  if (trustedProxies <= 0) return own;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (hops.length < trustedProxies) return own;
  return canonicalAddress(hops[hops.length - trustedProxies]!) ?? own;
}

const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/;

/**
 * One address, written one way: an IPv4 address as it is, an IPv6 address in the RFC 5952 form (lower case,
 * no leading zeros, the longest run of zero groups as `::`, no zone), and an IPv4-mapped IPv6 address (a
 * dual-stack socket's) as the IPv4 address. A port or brackets a proxy wrote around it are dropped. Anything
 * that is not an address answers undefined.
 */
export function canonicalAddress(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 64) return undefined;
  const unbracketed = bracketed.exec(trimmed)?.[1];
  if (unbracketed !== undefined) return isIPv6(unbracketed) ? canonicalIPv6(unbracketed) : undefined;
  const address = withPort.exec(trimmed)?.[1] ?? trimmed;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return canonicalIPv6(address);
  return undefined;
}

/**
 * What a limit per address counts, from a canonical address: an IPv4 address on its own; an IPv6 address by
 * its /64 network (`2001:db8:1:2::/64`), since a household or an office is given a whole /64 and may use any
 * address in it.
 */
export function addressBucket(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  return `${formatIPv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

function canonicalIPv6(address: string): string {
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return formatIPv6(groups);
}

/** The eight 16-bit groups of an IPv6 address that `isIPv6` accepted. */
function ipv6Groups(address: string): number[] {
  const [withoutZone = ''] = address.split('%');
  let text = withoutZone;
  // A trailing IPv4 part (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952: lower-case hex without leading zeros, the first longest run of two or more zero groups as `::`. */
function formatIPv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
