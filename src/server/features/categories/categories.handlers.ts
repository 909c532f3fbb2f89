import { sendCached } from '#server/http/cached-response.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { publicListKey } from '#server/http/public-list-keys.ts';
import type { Category } from '#shared/schemas/book.ts';
import type { routes } from './categories.routes.ts';
import * as categories from './categories.service.ts';

export const listCategories: AppRouteHandler<typeof routes.listCategories> = async (c) => {
  const answer = await c.var.deps.publicLists.answer(publicListKey.categories(), async (db) => ({
    body: JSON.stringify(await categories.listCategories(db)),
  }));
  return sendCached<Category[]>(c, answer);
};
