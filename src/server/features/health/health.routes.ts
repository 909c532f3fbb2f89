import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.ts';
import { defineRoute } from '../../http/access.ts';
import { createRouter, jsonContent } from '../../http/openapi.ts';

const health = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['Health'],
  summary: 'Whether the server and its database answer',
  responses: {
    200: jsonContent(z.object({ status: z.literal('ok') }), 'Serving'),
    503: jsonContent(z.object({ status: z.literal('unavailable') }), 'The database does not answer'),
  },
});

export function healthRoutes(deps: AppDeps) {
  return createRouter().openapi(health, async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'unavailable' as const }, 503);
    }
  });
}
