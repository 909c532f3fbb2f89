import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { priceGuideQuerySchema, priceGuideSchema } from '#shared/schemas/price-guide.ts';

export const getPriceGuide = api.Books.get('/price-guide', ['Seller'], {
  request: { query: priceGuideQuerySchema },
  responses: { 200: jsonContent(priceGuideSchema, 'The guidance, or enough: false') },
});
