import { createVersionWatch } from '#server/http/version-watch.ts';
import type { SessionUser } from './session-user.ts';

export interface SessionCacheOptions {
  /** The accounts version, read from the database (db/change-versions.ts). */
  readVersion: () => Promise<string>;
  /** How late a sign-out or account change made through another server may be seen here. */
  maxStalenessMs: number;
  maxEntries?: number;
  /** Better Auth looks at every session again this often, so it can extend the ones in use. */
  maxAgeMs?: number;
}

interface Entry {
  user: SessionUser;
  expiresAt: number;
  storedAt: number;
  version: string;
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Credentials longer than this are looked up every time rather than kept. */
const maxKeyLength = 8192;

/**
 * Who is signed in, remembered per credential (the Cookie and Authorization headers, exactly as sent) while
 * no session has ended and no user has changed since (the accounts version) and the session has not expired.
 * A hit skips Better Auth's lookup: its signature check and two queries. Only found sessions are kept.
 * See docs/decisions/007-public-list-cache.md.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const entries = new Map<string, Entry>();
  const accounts = createVersionWatch({
    read: options.readVersion,
    maxStalenessMs: options.maxStalenessMs,
    onChange: () => entries.clear(),
  });

  /** The entry for `credentials` while it may be used: same accounts version, session unexpired, not too old. */
  function valid(credentials: string, version: string, now: number): Entry | undefined {
    const hit = entries.get(credentials);
    return hit && hit.version === version && hit.expiresAt > now && now - hit.storedAt < maxAgeMs ? hit : undefined;
  }

  return {
    async lookup(
      credentials: string | undefined,
      load: () => Promise<{ user: SessionUser; expiresAt: Date } | null>,
    ): Promise<SessionUser | null> {
      if (!credentials || credentials.length > maxKeyLength) return (await load())?.user ?? null;
      const version = await accounts.current();
      const now = Date.now();
      const hit = valid(credentials, version, now);
      if (hit) return hit.user;
      entries.delete(credentials);
      const found = await load();
      if (found && version === accounts.last()) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(credentials, { user: found.user, expiresAt: found.expiresAt.getTime(), storedAt: now, version });
      }
      return found?.user ?? null;
    },

    /** Who `credentials` sign in, when that is known without asking the database (for the fast path). */
    peek(credentials: string): SessionUser | undefined {
      const version = accounts.fresh();
      return version === undefined ? undefined : valid(credentials, version, Date.now())?.user;
    },

    /** Called after this server answers a call that may end a session or change a user. */
    noteWrite: accounts.noteWrite,
  };
}
