import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type HostRule, onHostList } from './host-list.ts';
import { specialUseOf } from './special-addresses.ts';

/** Where and how a `checkedGet` may fetch. */
export interface CheckedGetPolicy {
  /** The hosts every hop must be on (https only). */
  hosts: readonly HostRule[];
  /** Lets loopback addresses through (127.0.0.0/8, ::1): the tests' stand-ins only, never a store. */
  allowLoopback: boolean;
  /** The certificate authorities to trust, when not Node's own list. */
  ca?: readonly string[];
  /** Redirects followed, each checked as the first address was. */
  maxRedirects: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** The body is read up to one byte past this, then the connection dropped. */
  maxBytes: number;
  userAgent?: string;
  /** Every address of a name (dns.lookup's, `all`); a test may give its own. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

/** A fetch that did not give a body: `refused` when the policy stopped it, otherwise it failed. */
export class CheckedGetError extends Error {
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Why the server must not connect to `address` under `policy`, or null. */
function addressRefusal(address: string, policy: CheckedGetPolicy): string | null {
  const use = specialUseOf(address);
  if (!use || (use === 'loopback' && policy.allowLoopback)) return null;
  return `${address} is ${use === 'not an IP address' ? use : `a ${use} address`}`;
}

/**
 * Why `url` must not be fetched under `policy`, or null: not https, a host or port not on the list, or an address
 * (written in the URL) that is not public. A name is checked once resolved, when the connection is made.
 */
export function refusalOf(url: URL, policy: CheckedGetPolicy): string | null {
  if (url.protocol !== 'https:') return `${url.href} is not https`;
  if (!onHostList(url, policy.hosts)) return `${url.host} is not on the list of hosts`;
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(literal) ? addressRefusal(literal, policy) : null;
}

const resolveAll = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The socket's name resolution: every address of the name is checked, and the connection goes to one of those
 * checked addresses, so a name cannot answer a public address to the check and a private one to the connection.
 */
function checkedLookup(policy: CheckedGetPolicy): LookupFunction {
  const resolve = policy.resolve ?? resolveAll;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refusal =
          addresses.length === 0
            ? `${hostname} has no address`
            : addresses.map((found) => addressRefusal(found.address, policy)).find(Boolean);
        if (refusal) {
          callback(new CheckedGetError(`${hostname} resolves to ${refusal}`, true), '', 4);
          return;
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? addresses.filter((found) => found.family === family) : addresses;
        if (usable.length === 0) {
          callback(new CheckedGetError(`${hostname} has no IPv${family} address`, false), '', 4);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

/** One GET, with no redirect followed: its status, its Location, and its body (up to maxBytes + 1) when 2xx. */
async function getOnce(url: URL, policy: CheckedGetPolicy, signal: AbortSignal) {
  const req = request(url, {
    // A connection of its own: no pooled socket, no proxy from the environment.
    agent: false,
    signal,
    lookup: checkedLookup(policy),
    ...(policy.ca && { ca: [...policy.ca] }),
    headers: { accept: 'image/*', ...(policy.userAgent && { 'user-agent': policy.userAgent }) },
  });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) {
    res.destroy();
    return { status, location: res.headers.location, body: null };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > policy.maxBytes) break;
  }
  return { status, location: undefined, body: Buffer.concat(chunks) };
}

/**
 * GETs `url` under `policy`: https only, every hop's host on the list, each redirect followed by hand and checked
 * as the first address was (at most `maxRedirects`), every address a name resolves to checked before the
 * connection goes to one of them, in `timeoutMs` for it all, the body read up to one byte past `maxBytes`.
 * Throws a CheckedGetError: `refused` when the policy stopped it (the message says why), else failed.
 */
export async function checkedGet(address: string, policy: CheckedGetPolicy): Promise<Buffer> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new CheckedGetError(`${address} is not a URL`, true);
  }
  for (let redirects = 0; ; redirects += 1) {
    const refusal = refusalOf(url, policy);
    if (refusal) throw new CheckedGetError(refusal, true);
    let answer: Awaited<ReturnType<typeof getOnce>>;
    try {
      answer = await getOnce(url, policy, signal);
    } catch (error) {
      if (error instanceof CheckedGetError) throw error;
      const why = signal.aborted ? `no answer in ${policy.timeoutMs} ms` : String((error as Error).message ?? error);
      throw new CheckedGetError(`${url.href}: ${why}`, false);
    }
    if (answer.body) return answer.body;
    if (!redirectStatuses.has(answer.status) || !answer.location) {
      throw new CheckedGetError(`${url.href} answered ${answer.status}`, false);
    }
    if (redirects === policy.maxRedirects) {
      throw new CheckedGetError(`${url.href} redirects more than ${policy.maxRedirects} times`, true);
    }
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new CheckedGetError(`${url.href} redirects to something that is not a URL`, false);
    }
  }
}
