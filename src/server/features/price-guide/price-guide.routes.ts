import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { priceGuideQuerySchema, priceGuideSchema } from '#shared/schemas/price-guide.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  getPriceGuide: api.Books.get('/price-guide', ['Seller'], {
    request: { query: priceGuideQuerySchema },
    responses: { 200: jsonContent(priceGuideSchema, 'The guidance, or enough: false') },
  }),
};
