import type { z } from '@hono/zod-openapi';
import { stateHolds } from './change-counts.ts';

/**
 * What a compatibility call of the specification declares: it changes nothing, since the call before it did the
 * work; any signed-in caller PUTs it with the id in `params` and learns whether the state it is about holds.
 */
export function stateCheck<Params extends z.ZodObject>(params: Params) {
  return { access: 'signed-in' as const, request: { params }, responses: { 200: stateHolds } };
}
