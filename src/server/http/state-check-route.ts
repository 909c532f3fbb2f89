import type { z } from '@hono/zod-openapi';
import { defineRoute } from './access.ts';
import { stateHolds } from './change-counts.ts';
import { errorResponses } from './openapi.ts';

/**
 * A compatibility call of the specification that changes nothing, since the call before it did the work: any
 * signed-in caller PUTs it with the id in `params` and learns whether the state it is about holds.
 */
export function stateCheckRoute<P extends string, Params extends z.ZodObject>({
  params,
  ...route
}: {
  path: P;
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  params: Params;
}) {
  return defineRoute({
    access: 'signed-in',
    method: 'put',
    ...route,
    request: { params },
    responses: { 200: stateHolds, ...errorResponses(400, 401) },
  });
}
