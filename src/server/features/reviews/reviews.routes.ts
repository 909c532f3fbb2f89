import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import {
  hideReviewSchema,
  newReviewSchema,
  ownReviewSchema,
  pendingReviewSchema,
  reviewReplySchema,
  reviewSchema,
  sellerProfileSchema,
} from '#shared/schemas/review.ts';

const reviewIdParam = uuidParam('id', { message: 'id must be a review id', description: "The review's id" });

/** A person's id as Better Auth makes them: letters, digits, `_` and `-`. */
export const personIdParam = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a person’s id')
    .openapi({ param: { description: "The person's id (a book's `sellerId`)" } }),
});

const modified = jsonContent(modifiedCount, 'Done');

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  writeReview: api.Reviews.post('/reviews', 'signed-in', {
    request: { body: jsonBody(newReviewSchema) },
    responses: {
      201: jsonContent(ownReviewSchema, 'The review, public once published'),
      ...errorResponses(403, 404, 409),
    },
  }),
  listPendingReviews: api.Reviews.get('/reviews/pending', 'signed-in', {
    responses: { 200: jsonContent(z.array(pendingReviewSchema), 'Orders the caller may still review') },
  }),
  replyToReview: api.Reviews.post('/reviews/{id}/reply', 'signed-in', {
    request: { params: reviewIdParam, body: jsonBody(reviewReplySchema) },
    responses: { 200: modified, ...errorResponses(403, 404, 409) },
  }),
  hideReview: api.Reviews.post('/reviews/{id}/hide', ['Admin'], {
    request: { params: reviewIdParam, body: jsonBody(hideReviewSchema) },
    responses: { 200: modified, ...errorResponses(404, 409) },
  }),
  getSeller: api.Sellers.get('/sellers/{id}', 'anyone', {
    request: { params: personIdParam },
    responses: { 200: jsonContent(sellerProfileSchema, "The person's page"), ...errorResponses(404) },
  }),
  listSellerReviews: api.Sellers.get('/sellers/{id}/reviews', 'anyone', {
    ...pageOf(reviewSchema, 'Published reviews of the person, newest first, with replies', 'Reviews in all', {
      params: personIdParam,
    }),
  }),
};
