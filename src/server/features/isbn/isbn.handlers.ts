import { appBaseUrl } from '#server/env.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import type * as routes from './isbn.routes.ts';
import { lookUpIsbn } from './isbn-lookup.service.ts';
import { takeSuggestedCover } from './take-cover.service.ts';

export const lookUp: AppRouteHandler<typeof routes.lookUp> = async (c) => {
  const { env, db } = c.var.deps;
  // Open Library asks callers to name themselves and a way to reach them.
  const userAgent = `TheBigBookshelf (${appBaseUrl(env)})`;
  return c.json(await lookUpIsbn(db, env.ISBN_LOOKUP_URL, userAgent, c.req.valid('param').isbn), 200);
};

export const takeCover: AppRouteHandler<typeof routes.takeCover> = async (c) => {
  const { db, storage } = c.var.deps;
  const stored = await takeSuggestedCover(db, storage, c.req.valid('param').isbn);
  return c.json({ success: true as const, data: stored }, 201);
};
