import { getCACertificates } from 'node:tls';
import { appBaseUrl, type Env } from '#server/env.ts';
import { type CheckedGetPolicy, refusalOf } from '#server/net/checked-get.ts';
import { maxImageBytes } from '#shared/constants.ts';

/** Covers come from a picture server that may redirect (Open Library's go to archive.org): more time than a lookup. */
const coverTimeoutMs = 10_000;
/** Open Library's take two: covers.openlibrary.org → archive.org/download → the ia….us.archive.org that has it. */
const coverMaxRedirects = 3;

/** How the server names itself to the catalogue, as Open Library asks: the store and a way to reach it. */
export function catalogueUserAgent(env: Env): string {
  return `TheBigBookshelf (${appBaseUrl(env)})`;
}

const policies = new WeakMap<Env, CheckedGetPolicy>();

/**
 * Where and how covers are fetched under `env`: https only, from ISBN_COVER_HOSTS at every hop, never from an
 * address that is not public (ISBN_COVER_ALLOW_LOOPBACK lets the tests' stand-in on 127.0.0.1 through), trusting
 * ISBN_COVER_CA_FILE's authorities besides Node's own, at most 5 MB (and one byte) in 10 s.
 */
export function coverPolicy(env: Env): CheckedGetPolicy {
  let policy = policies.get(env);
  if (!policy) {
    policy = {
      hosts: env.ISBN_COVER_HOSTS,
      allowLoopback: env.ISBN_COVER_ALLOW_LOOPBACK === 'true',
      ...(env.ISBN_COVER_CA_FILE && { ca: [...getCACertificates('default'), env.ISBN_COVER_CA_FILE] }),
      maxRedirects: coverMaxRedirects,
      timeoutMs: coverTimeoutMs,
      maxBytes: maxImageBytes,
      userAgent: catalogueUserAgent(env),
    };
    policies.set(env, policy);
  }
  return policy;
}

/**
 * Why the cover the catalogue named is not suggested, or null: not https, or not on one of the cover hosts (or an
 * address there that is not public). Where it redirects, and what its name resolves to, are checked when it is taken.
 */
export function coverUrlRefusal(url: string, policy: CheckedGetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url.slice(0, 100))} is not a URL`;
  }
  return refusalOf(parsed, policy);
}
