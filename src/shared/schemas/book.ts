import { z } from 'zod';
import { bookDefects, conditions, listingStatuses, pageSizeDefault, pageSizeMax } from '#shared/constants.ts';
import { orderBundleSchema } from './bundle-order.ts';
import { sellerHandoverSchema } from './handover.ts';

/** A person's rating from the published reviews of them that are not hidden. */
export const ratingSchema = z.object({
  average: z.number().nullable().describe('Average stars, to two decimals; null without reviews.'),
  count: z.number().int().describe('Published reviews, hidden ones left out.'),
});
export type Rating = z.infer<typeof ratingSchema>;

/** A book as every call answers it; field names are the specification's. */
export const bookSchema = z.object({
  _id: z.uuid(),
  bookName: z.string(),
  author: z.string().nullable().describe('Optional when the book was listed.'),
  isbn: z.string().nullable().describe('The 13 digits of its ISBN-13, when the seller gave one.'),
  publisher: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  defects: z
    .array(z.enum(bookDefects))
    .describe('The checklist beside the condition, in its order; empty when none is ticked.'),
  email: z
    .string()
    .optional()
    .describe(
      "The seller's email: only in answers to the buyer of a booking of this book, to the seller and to admins; absent for everyone else.",
    ),
  SellerName: z.string(),
  sellerId: z.string().describe("The seller's id: their page is /sellers/{sellerId}."),
  sellerRating: ratingSchema.describe("The seller's rating from the published reviews of them."),
  sellerVerified: z.boolean(),
  postDate: z.string(),
  originalPrice: z.number(),
  resalePrice: z.number(),
  currency: z.string(),
  condition: z.enum(conditions),
  booksCategory: z.string(),
  image: z.string(),
  thumbnail: z.string(),
  phone: z
    .string()
    .optional()
    .describe(
      "The seller's phone: only in answers to the buyer of a booking of this book, to the seller and to admins; absent for everyone else.",
    ),
  location: z.string(),
  description: z.string(),
  purchaseYear: z.string(),
  status: z.enum(listingStatuses),
  advertise: z.literal('Advertised').nullable(),
  reported: z.boolean(),
  goodPrice: z
    .boolean()
    .describe('On sale for less than three quarters of its listed and sold copies cost (see the price guide).'),
  version: z
    .number()
    .int()
    .describe('Grows by one at each edit by its seller; an edit (PATCH /api/books/{id}) sends the one it changed.'),
});
export type Book = z.infer<typeof bookSchema>;

export const bookPhotoSchema = z.object({ url: z.string(), thumbnail: z.string() });
export type BookPhoto = z.infer<typeof bookPhotoSchema>;

/** One book on its own page: the list shape with every photo, the cover (`image`) first. */
export const bookDetailSchema = bookSchema.extend({ photos: z.array(bookPhotoSchema).min(1) });
export type BookDetail = z.infer<typeof bookDetailSchema>;

/** What a book page shows beside the book: the seller's other books, and books like it. */
export const relatedBooksSchema = z.object({ sellerBooks: z.array(bookSchema), similar: z.array(bookSchema) });
export type RelatedBooks = z.infer<typeof relatedBooksSchema>;

/** A seller's own listing (My Products), with the booking that awaits payment or was paid, if any. */
export const sellerBookSchema = bookSchema.extend({
  booking: z
    .object({
      _id: z.uuid(),
      buyerId: z
        .string()
        .nullable()
        .describe("The buyer's user id: the seller writes to them with `POST /api/conversations`"),
      buyerName: z.string(),
      contact: z.string(),
      meetinglocation: z.string(),
      holdUntil: z.string(),
      status: z.literal('Paid').nullable(),
      handover: sellerHandoverSchema.nullable(),
      bundle: orderBundleSchema,
      /** The bundle's first book: the seller's list shows the order there, and points there from its other books. */
      bundleLeadBookId: z.uuid().nullable(),
    })
    .nullable(),
});
export type SellerBook = z.infer<typeof sellerBookSchema>;

export const categorySchema = z.object({ _id: z.uuid(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${pageSizeMax}` })
    .int(`limit must be a whole number from 1 to ${pageSizeMax}`)
    .min(1, `limit must be a whole number from 1 to ${pageSizeMax}`)
    .max(pageSizeMax, `limit must be a whole number from 1 to ${pageSizeMax}`)
    .default(pageSizeDefault),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
