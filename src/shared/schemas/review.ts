import { z } from 'zod';
import { texts } from '#shared/i18n/texts.ts';
import { hideReasonMaxChars, reviewTextMaxChars } from '#shared/reviews.ts';
import { bookSchema, ratingSchema } from './book.ts';
import { orderBundleNamesSchema } from './bundle-order.ts';
import { requiredText } from './text-fields.ts';

const t = texts.reviews;

/** The review dialog's form: 1 to 5 stars and optional words. */
export const reviewFormSchema = z.object({
  stars: z.coerce
    .number({ error: t.starsRequired })
    .int({ error: t.starsRequired })
    .min(1, t.starsRequired)
    .max(5, t.starsRequired),
  text: z
    .string({ error: 'text must be text' })
    .trim()
    .max(reviewTextMaxChars, t.tooLong({ max: reviewTextMaxChars }))
    .default(''),
});

/** A review of the other party of a handed-over order (`POST /api/reviews`): the form and the order. */
export const newReviewSchema = reviewFormSchema.extend({
  bookingId: z.uuid({ error: 'bookingId must be an order id' }),
});
export type NewReview = z.infer<typeof newReviewSchema>;

/** The reviewed person's one public reply. */
export const reviewReplySchema = z.object({
  text: requiredText(t.replyRequired, reviewTextMaxChars, t.tooLong({ max: reviewTextMaxChars })),
});

/** An admin hides a review that breaks the rules; the author reads the reason. */
export const hideReviewSchema = z.object({
  reason: requiredText(t.hideReasonRequired, hideReasonMaxChars, t.tooLong({ max: hideReasonMaxChars })),
});

/** A published review as everyone reads it. */
export const reviewSchema = z.object({
  _id: z.uuid(),
  stars: z.number().int().min(1).max(5),
  text: z.string(),
  authorId: z.string(),
  authorName: z.string().describe("The author's name, or the closed account's tombstone."),
  authorRole: z.enum(['buyer', 'seller']).describe('What the author was in the order.'),
  bookName: z.string(),
  bundle: orderBundleNamesSchema,
  publishedAt: z.string().describe('When both reviews were in, or the review window closed.'),
  reply: z
    .object({ text: z.string(), repliedAt: z.string() })
    .nullable()
    .describe("The reviewed person's one public reply."),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review as its author reads it back on writing it: not public until published. */
export const ownReviewSchema = z.object({
  _id: z.uuid(),
  bookingId: z.uuid(),
  stars: z.number().int(),
  text: z.string(),
  windowClosesAt: z.string(),
  published: z.boolean().describe('Whether it is public yet: both reviews are in, or the window closed.'),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A handed-over order the caller may still review. */
export const pendingReviewSchema = z.object({
  bookingId: z.uuid(),
  bookName: z.string(),
  bundle: orderBundleNamesSchema,
  role: z.enum(['buyer', 'seller']).describe('What the caller was in the order.'),
  otherName: z.string().describe('The person to review.'),
  windowClosesAt: z.string().describe('Reviews are taken until then.'),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;

/** A person's public page (`/sellers/{id}`). A closed account's shows the tombstone and nothing of its person. */
export const sellerProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  verified: z.boolean(),
  closed: z.boolean(),
  memberSince: z.string().nullable().describe('When the account was made; null for a closed account.'),
  rating: ratingSchema,
  soldCount: z.number().int().describe('Books this seller has sold.'),
  onSale: z.array(bookSchema).describe('Up to 24 of their books on sale, newest first.'),
  onSaleCount: z.number().int(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;
