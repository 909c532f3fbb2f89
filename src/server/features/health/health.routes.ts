import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { readinessChecks } from './readiness.ts';

export const health = api.Health.get('/health', {
  access: 'anyone',
  operationId: 'getHealth',
  summary: 'Whether the server process answers (liveness): always 200 while it serves',
  responses: { 200: jsonContent(z.object({ status: z.literal('ok') }), 'Serving') },
});

const checkResult = z.enum(['ok', 'failed', 'unknown']);
const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  failed: z
    .array(z.enum(['stopping', ...readinessChecks]))
    .openapi({ description: '`stopping` once shutdown began; otherwise the checks that failed' }),
  checks: z.object({ database: checkResult, migrations: checkResult, storage: checkResult }).partial(),
});

export const ready = api.Health.get('/ready', {
  access: 'anyone',
  operationId: 'getReadiness',
  summary: 'Whether this server should get traffic (readiness)',
  description:
    'The database answers, holds every migration of this version, and the picture storage takes writes. ' +
    'Answers 503 as soon as the server begins to shut down, so a load balancer drains it first.',
  responses: {
    200: jsonContent(readinessSchema, 'Ready'),
    503: jsonContent(readinessSchema, 'Not ready: `failed` says why'),
  },
});
