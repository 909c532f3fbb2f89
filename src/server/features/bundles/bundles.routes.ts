import { z } from '@hono/zod-openapi';
import { bookingCalls } from '#server/features/bookings/bookings.public.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import {
  bundleDiscountSchema,
  bundleQuoteRequestSchema,
  bundleQuoteSchema,
  bundleRequestSchema,
  sellerBundleDiscountSchema,
} from '#shared/schemas/bundle.ts';

/** A person's id as Better Auth makes them: letters, digits, `_` and `-`. */
const sellerIdParam = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a person’s id')
    .openapi({ param: { description: "The seller's id (a book's `sellerId`)" } }),
});

const discountAnswer = jsonContent(sellerBundleDiscountSchema, "The seller's bundle discount (null: none)");

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  quoteBundle: api.Bundles.post('/bundles/quote', 'anyone', {
    request: { body: jsonBody(bundleQuoteRequestSchema) },
    responses: { 200: jsonContent(bundleQuoteSchema, 'What the books cost as a bundle now'), ...errorResponses(404) },
  }),
  bookBundle: api.Bundles.post('/bundles', 'signed-in', {
    middleware: [perUserRateLimit(bookingCalls)],
    request: { body: jsonBody(bundleRequestSchema) },
    responses: {
      200: jsonContent(
        z.object({ acknowledged: z.boolean(), insertedId: z.uuid() }),
        'Booked: one order of all the books, each of them Booked',
      ),
      ...errorResponses(403, 404, 409, 429),
    },
  }),
  getBundleDiscount: api.Bundles.get('/sellers/{id}/bundle-discount', 'anyone', {
    request: { params: sellerIdParam },
    responses: { 200: discountAnswer, ...errorResponses(404) },
  }),
  saveBundleDiscount: api.Bundles.put('/users/me/bundle-discount', ['Seller'], {
    request: { body: jsonBody(bundleDiscountSchema) },
    responses: { 200: discountAnswer },
  }),
  removeBundleDiscount: api.Bundles.delete('/users/me/bundle-discount', ['Seller'], {
    responses: { 200: discountAnswer },
  }),
};
