import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { readinessChecks } from './readiness.ts';

const checkResult = z.enum(['ok', 'failed', 'unknown']);

const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  failed: z
    .array(z.enum(['stopping', ...readinessChecks]))
    .openapi({ description: '`stopping` once shutdown began; otherwise the checks that failed' }),
  checks: z.object({ database: checkResult, migrations: checkResult, storage: checkResult }).partial(),
});

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  getHealth: api.Health.get('/health', 'anyone', {
    responses: { 200: jsonContent(z.object({ status: z.literal('ok') }), 'Serving') },
  }),
  getReadiness: api.Health.get('/ready', 'anyone', {
    responses: {
      200: jsonContent(readinessSchema, 'Ready'),
      503: jsonContent(readinessSchema, 'Not ready: `failed` says why'),
    },
  }),
};
