import { z } from 'zod';
import { bundleDiscountLimits, bundleMaxBooks } from '#shared/bundles.ts';
import { texts } from '#shared/i18n/texts.ts';
import { bookingRequestSchema } from './booking.ts';

const { percent, minBooks } = bundleDiscountLimits;
const percentRange = texts.bundles.discount.percentRange(percent);
const minBooksRange = texts.bundles.discount.minBooksRange(minBooks);

/** A seller's bundle discount (`PUT /api/users/me/bundle-discount`). */
export const bundleDiscountSchema = z.object({
  percent: z.number(percentRange).int(percentRange).min(percent.min, percentRange).max(percent.max, percentRange),
  minBooks: z
    .number(minBooksRange)
    .int(minBooksRange)
    .min(minBooks.min, minBooksRange)
    .max(minBooks.max, minBooksRange),
});
export type BundleDiscount = z.infer<typeof bundleDiscountSchema>;

/** A seller's discount as anyone reads it: null when they offer none. */
export const sellerBundleDiscountSchema = z.object({ discount: bundleDiscountSchema.nullable() });

const bookIds = z
  .array(z.uuid('each book is a book’s id'), 'list the books of the bundle')
  .min(1, 'list the books of the bundle')
  .max(bundleMaxBooks, texts.bundles.tooMany({ max: bundleMaxBooks }))
  .refine((ids) => new Set(ids).size === ids.length, texts.bundles.twice);

/** `POST /api/bundles/quote`: what these books cost as a bundle, now. */
export const bundleQuoteRequestSchema = z.object({ bookIds });

/** A book of a quote: `available` false when someone else booked or bought it, or it left the store. */
export const bundleQuoteBookSchema = z.object({
  _id: z.uuid(),
  bookName: z.string(),
  price: z.number(),
  thumbnail: z.string(),
  available: z.boolean(),
});

export const bundleQuoteSchema = z.object({
  seller: z.object({ id: z.string(), name: z.string() }),
  discount: bundleDiscountSchema.nullable().describe("The seller's bundle discount (null: none)."),
  books: z.array(bundleQuoteBookSchema).describe('The books asked for, in that order.'),
  subtotal: z.number().describe('The prices of the available books.'),
  discountAmount: z.number().describe('The discount those books get.'),
  total: z.number().describe('What booking the available books as a bundle costs: `total` to send when booking.'),
  currency: z.string(),
});
export type BundleQuote = z.infer<typeof bundleQuoteSchema>;

/** `POST /api/bundles`: one booking of several books of one seller. */
export const bundleRequestSchema = z.object({
  bookIds,
  contact: bookingRequestSchema.shape.contact,
  meetinglocation: bookingRequestSchema.shape.meetinglocation,
  total: z
    .number('send the total the buyer was shown')
    .nonnegative('send the total the buyer was shown')
    .describe('The total the buyer was shown (from the quote): the booking is refused if the price is now different.'),
});
export type BundleRequest = z.input<typeof bundleRequestSchema>;
