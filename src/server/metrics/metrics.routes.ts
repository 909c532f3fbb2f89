import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { AppError } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';
import type { Metrics } from './metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.
 * Mounted only when METRICS_TOKEN is set (app.ts); without it /metrics is a 404.
 */
export function metricsRoutes(metrics: Metrics, token: string) {
  const expected = digest(token);
  return new Hono<AppEnv>().get('/', async (c) => {
    const [scheme, given] = (c.req.header('authorization') ?? '').split(' ', 2);
    // Digests of equal length, compared in constant time: the answer tells nothing of how much was right.
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 'The metrics need the bearer token METRICS_TOKEN');
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });
}
