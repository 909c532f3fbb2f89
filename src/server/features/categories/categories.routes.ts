import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { categorySchema } from '#shared/schemas/book.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  listCategories: api.Categories.get('/booksCategory', 'anyone', {
    responses: { 200: jsonContent(z.array(categorySchema), 'The categories, by name') },
  }),
};
