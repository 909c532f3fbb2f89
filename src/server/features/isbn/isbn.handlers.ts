import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import type { routes } from './isbn.routes.ts';
import * as isbnLookup from './isbn-lookup.service.ts';
import * as covers from './take-cover.service.ts';

export const lookUpIsbn: AppRouteHandler<typeof routes.lookUpIsbn> = async (c) => {
  return c.json(await isbnLookup.lookUpIsbn(c.var.deps, c.req.valid('param').isbn), 200);
};

export const takeSuggestedCover: AppRouteHandler<typeof routes.takeSuggestedCover> = async (c) => {
  const stored = await covers.takeSuggestedCover(c.var.deps, callerOf(c).id, c.req.valid('param').isbn);
  return c.json({ success: true as const, data: stored }, 201);
};
