import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { categorySchema } from '#shared/schemas/book.ts';

export const listCategories = api.Categories.get('/booksCategory', 'anyone', {
  responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
});
