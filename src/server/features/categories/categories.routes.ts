import { z } from '@hono/zod-openapi';
import { defineRoute } from '#server/http/access.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { categorySchema } from '#shared/schemas/book.ts';

export const list = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/booksCategory',
  operationId: 'listCategories',
  tags: ['Categories'],
  summary: 'Every book category',
  responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
});
