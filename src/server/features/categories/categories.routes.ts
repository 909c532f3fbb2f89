import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { categorySchema } from '#shared/schemas/book.ts';

export const list = api.Categories.get('/booksCategory', {
  access: 'anyone',
  operationId: 'listCategories',
  summary: 'Every book category',
  responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
});
