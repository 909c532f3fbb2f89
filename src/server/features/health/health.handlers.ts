import type { AppRouteHandler } from '#server/http/openapi.ts';
import type { routes } from './health.routes.ts';

export const getHealth: AppRouteHandler<typeof routes.getHealth> = (c) => c.json({ status: 'ok' as const }, 200);

export const getReadiness: AppRouteHandler<typeof routes.getReadiness> = async (c) => {
  const { ready, failed, checks } = await c.var.deps.readiness.report();
  c.header('Cache-Control', 'no-store');
  if (ready) return c.json({ status: 'ready' as const, failed, checks }, 200);
  return c.json({ status: 'unavailable' as const, failed, checks }, 503);
};
