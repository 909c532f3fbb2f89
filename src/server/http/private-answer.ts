import type { Context, TypedResponse } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from './access.ts';
import { sendCached } from './cached-response.ts';

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
