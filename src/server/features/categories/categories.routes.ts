import { z } from '@hono/zod-openapi';
import { type Category, categorySchema } from '../../../shared/schemas/book.ts';
import type { AppDeps } from '../../context.ts';
import { defineRoute } from '../../http/access.ts';
import { sendCached } from '../../http/cached-response.ts';
import { createRouter, jsonContent } from '../../http/openapi.ts';
import { publicListKey } from '../../http/public-list-keys.ts';
import { listCategories } from './categories.service.ts';

const list = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/booksCategory',
  operationId: 'listCategories',
  tags: ['Categories'],
  summary: 'Every book category',
  responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
});

export function categoriesRoutes(deps: AppDeps) {
  return createRouter().openapi(list, async (c) => {
    const answer = await deps.publicLists.answer(publicListKey.categories(), async (db) => ({
      body: JSON.stringify(await listCategories(db)),
    }));
    return sendCached<Category[]>(c, answer);
  });
}
