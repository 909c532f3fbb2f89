import type { z } from '@hono/zod-openapi';
import { stateHolds } from './change-counts.ts';
import { errorResponses, jsonContent } from './openapi.ts';

/**
 * The declaration of a call that changes the state of one thing, named by `params`: it answers `counted` (what
 * changed), 404 for an unknown id and 409 when the thing's state does not allow the change.
 */
export function stateChange<Params extends z.ZodObject, Counted extends z.ZodType>(
  params: Params,
  counted: Counted,
  answer: string,
) {
  return { request: { params }, responses: { 200: jsonContent(counted, answer), ...errorResponses(404, 409) } };
}

/**
 * The declaration of a compatibility call of the specification: it changes nothing, since the call before it did
 * the work; the caller PUTs it with the id in `params` and learns whether the state it is about holds.
 */
export function stateCheck<Params extends z.ZodObject>(params: Params) {
  return { request: { params }, responses: { 200: stateHolds } };
}
