import type { Db } from '#server/db/client.ts';
import { type CachedAnswer, toCachedAnswer } from './cached-response.ts';
import { createVersionWatch } from './version-watch.ts';

export interface PublicListCacheOptions<Source> {
  /** The catalogue's version, read from the primary database (db/change-versions.ts). */
  readVersion: () => Promise<string>;
  /**
   * Runs an answer's load where an answer of `version` can be read, handing it the database to read (the read
   * replica once it has replayed `version`, else the primary: db/read-replica.ts).
   */
  readAt: <T>(version: string, read: (source: Source) => Promise<T>) => Promise<T>;
  /**
   * How long one version read serves reads on this server. It bounds how late a change made through
   * another server shows here; a write through this server makes the next read check the version.
   */
  maxStalenessMs: number;
  /** Bytes of serialized answers kept; the oldest go first. */
  maxBytes?: number;
  /** Answers kept, however small: distinct URLs are free to make, so the count is bounded too. */
  maxEntries?: number;
}

export type PublicListCache = ReturnType<typeof createPublicListCache<Db>>;

/**
 * Public list answers cached in this process, keyed by list and page, valid while the catalogue
 * version is the one they were built at. See docs/decisions/007-public-list-cache.md.
 */
export function createPublicListCache<Source>(options: PublicListCacheOptions<Source>) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, CachedAnswer>();
  const loading = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;
  // Plain counts for the metrics, read when scraped.
  let hits = 0;
  let misses = 0;
  const catalog = createVersionWatch({
    read: options.readVersion,
    maxStalenessMs: options.maxStalenessMs,
    onChange: () => {
      entries.clear();
      bytes = 0;
    },
  });

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.byteLength;
  }

  function store(key: string, entry: CachedAnswer) {
    if (entry.version !== catalog.last()) return;
    forget(key);
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes && entries.size <= maxEntries) break;
      forget(oldest);
    }
  }

  return {
    /**
     * The cached answer for `key`, or the one `load` builds (once, however many readers wait for it).
     * The version is read before `load` queries, and `load` reads where that version can be seen, so the answer
     * holds at least what that version holds.
     * An answer `load` marks `keep: false` (the list of a category that does not exist) is sent, not kept.
     */
    async answer(
      key: string,
      load: (source: Source) => Promise<{ body: string; headers?: Record<string, string>; keep?: boolean }>,
    ): Promise<CachedAnswer> {
      const version = await catalog.current();
      const hit = entries.get(key);
      if (hit?.version === version) {
        hits += 1;
        return hit;
      }
      misses += 1;
      const loadKey = `${version}\n${key}`;
      let pending = loading.get(loadKey);
      if (!pending) {
        pending = options
          .readAt(version, load)
          .then(({ body, headers, keep = true }) => {
            const entry = toCachedAnswer(version, body, headers);
            if (keep) store(key, entry);
            return entry;
          })
          .finally(() => loading.delete(loadKey));
        loading.set(loadKey, pending);
      }
      return pending;
    },

    /**
     * The answer for `key` if it can be served without asking the database anything, for the fast path. A hit
     * counts as one; a miss does not, as `answer` is asked next.
     */
    peek(key: string): CachedAnswer | undefined {
      const version = catalog.fresh();
      const hit = version === undefined ? undefined : entries.get(key);
      if (!hit || hit.version !== version) return undefined;
      hits += 1;
      return hit;
    },

    /** Called after this server answers any write: the next read checks the version first. */
    noteWrite: catalog.noteWrite,

    /** How many answers were sent from the cache (hits) and how many were built (misses), since the start. */
    lookups: () => ({ hits, misses }),

    /** How many answers, and how many bytes of them, are kept now. */
    size: () => ({ entries: entries.size, bytes }),
  };
}
