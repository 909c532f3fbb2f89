import { createRoute, z } from '@hono/zod-openapi';
import { categorySchema } from '../../../shared/schemas/book.ts';
import type { AppDeps } from '../../context.ts';
import { createRouter, jsonContent } from '../../http/openapi.ts';
import { listCategories } from './categories.service.ts';

const list = createRoute({
  method: 'get',
  path: '/booksCategory',
  tags: ['Categories'],
  summary: 'Every book category',
  responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
});

export function categoriesRoutes(deps: AppDeps) {
  return createRouter().openapi(list, async (c) => c.json(await listCategories(deps.db), 200));
}
