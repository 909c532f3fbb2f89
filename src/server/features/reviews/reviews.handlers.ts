import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { callerOf } from '#server/http/access.ts';
import { sendCached } from '#server/http/cached-response.ts';
import { totalCountHeaders } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { PendingReview, Review, SellerProfile } from '#shared/schemas/review.ts';
import type { routes } from './reviews.routes.ts';
import * as reviews from './reviews.service.ts';
import * as sellers from './sellers.service.ts';

export const writeReview: AppRouteHandler<typeof routes.writeReview> = async (c) =>
  c.json(await reviews.writeReview(c.var.deps.db, callerOf(c), c.req.valid('json')), 201);

export const listPendingReviews: AppRouteHandler<typeof routes.listPendingReviews> = (c) =>
  sendPrivateAnswer<PendingReview[]>(c, 'pending', async () => ({
    body: await reviews.listPendingReviews(c.var.deps.db, callerOf(c)),
  }));

export const replyToReview: AppRouteHandler<typeof routes.replyToReview> = async (c) => {
  const { id } = c.req.valid('param');
  const { text } = c.req.valid('json');
  return c.json(await reviews.replyToReview(c.var.deps.db, callerOf(c), id, text), 200);
};

export const hideReview: AppRouteHandler<typeof routes.hideReview> = async (c) => {
  const { id } = c.req.valid('param');
  const { reason } = c.req.valid('json');
  return c.json(await reviews.hideReview(c.var.deps.db, callerOf(c), id, reason), 200);
};

/** A public answer, kept for everyone until the catalogue (books, sellers, reviews) changes. */
async function answerPublic<T>(
  c: Context<AppEnv>,
  key: string,
  load: (db: Db) => Promise<{ body: T; headers?: Record<string, string> }>,
) {
  const answer = await c.var.deps.publicQueries.answer(key, async (db) => {
    const { body, headers } = await load(db);
    return { body: JSON.stringify(body), headers };
  });
  return sendCached<T>(c, answer);
}

export const getSeller: AppRouteHandler<typeof routes.getSeller> = (c) => {
  const { id } = c.req.valid('param');
  return answerPublic<SellerProfile>(c, `seller ${id}`, async (db) => ({
    body: await sellers.getSellerProfile(db, c.var.deps.env.CURRENCY, id),
  }));
};

export const listSellerReviews: AppRouteHandler<typeof routes.listSellerReviews> = (c) => {
  const { id } = c.req.valid('param');
  const page = c.req.valid('query');
  return answerPublic<Review[]>(c, `seller-reviews ${page.page} ${page.limit} ${id}`, async (db) => {
    const { items, total } = await reviews.listReviewsOf(db, id, page);
    return { body: items, headers: totalCountHeaders(total) };
  });
};
