import type { Context, TypedResponse } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from './access.ts';
import { sendCached } from './cached-response.ts';

/** Where a signed-in caller's read of one URL was kept: its key in the private answers, and the route's pattern. */
export interface PrivateUrl {
  key: string;
  route: string;
}

/**
 * Which kept answer each caller's URL (path and query as the app saw them) was given, so that the fast path can
 * send it again without routing and validating: the app has already checked that this caller may read it, and
 * the answer itself is only sent while its versions stand. Bounded; the oldest go first.
 */
export function createPrivateUrls(maxEntries = 10_000) {
  const urls = new Map<string, PrivateUrl>();
  return {
    remember(userId: string, url: string, found: PrivateUrl) {
      const name = `${userId}\n${url}`;
      if (urls.get(name)?.key === found.key) return;
      urls.delete(name);
      if (urls.size >= maxEntries) urls.delete(urls.keys().next().value!);
      urls.set(name, found);
    },
    find: (userId: string, url: string): PrivateUrl | undefined => urls.get(`${userId}\n${url}`),
  };
}

export type PrivateUrls = ReturnType<typeof createPrivateUrls>;

/**
 * Answers a signed-in read of the caller's own data from this process's memory while no catalogue, account or
 * order has changed anywhere (the three versions, ADR 012), else from `load`. Kept per caller and per `key` (the
 * validated parameters), so one person's answer never reaches another; a write through this server is seen at
 * once, one through another server within CACHE_MAX_STALENESS_MS. Browsers keep it to themselves (`private`) and
 * revalidate it every time (ETag, 304).
 */
export async function sendPrivateAnswer<T>(
  c: Context<AppEnv>,
  key: unknown,
  load: () => Promise<{ body: T; headers?: Record<string, string> }>,
): Promise<TypedResponse<T, 200, 'json'>> {
  const caller = callerOf(c);
  const { privateAnswers, privateUrls } = c.var.deps;
  const route = routePath(c);
  const cacheKey = `${caller.id}\n${route}\n${JSON.stringify(key)}`;
  const answer = await privateAnswers.answer(cacheKey, async () => {
    const { body, headers } = await load();
    return { body: JSON.stringify(body), headers: { ...headers, 'cache-control': 'private, no-cache' } };
  });
  const url = c.req.url;
  privateUrls.remember(caller.id, url.slice(url.indexOf('/', url.indexOf('//') + 2)), { key: cacheKey, route });
  return sendCached<T>(c, answer);
}
