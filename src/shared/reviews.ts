// Reviews after a handed-over order (ADR 027), without zod, so the pages that show them load no schema.

/** For how long after the handover the buyer and the seller may review each other. */
export const reviewWindowDays = 14;
export const reviewWindowMs = reviewWindowDays * 24 * 60 * 60 * 1000;
export const reviewTextMaxChars = 1000;
export const hideReasonMaxChars = 500;

/** Whether an order's review may still be written, by the reader's clock (a kept answer does not age). */
export const canReview = (pending: { windowClosesAt: string }, now = Date.now()) =>
  Date.parse(pending.windowClosesAt) > now;

/** Reviews a page of a person's page shows (the server preloads the first page with it). */
export const sellerReviewsPageSize = 10;
