import { z } from 'zod';

/** A book of a bundle order, as its buyer and seller see it. */
export const bundleLineSchema = z.object({
  bookId: z.uuid(),
  bookName: z.string(),
  price: z.number().describe('Its price when it was booked.'),
  charged: z.number().describe('Its part of what the bundle costs: its price less its part of the discount.'),
});

/** What an order of several books adds to its answer; null for an order of one book. */
export const orderBundleSchema = z
  .object({ books: z.array(bundleLineSchema), subtotal: z.number(), discount: z.number() })
  .nullable()
  .describe('The books of a bundle order (null for one book): `price` is then the total to pay, after `discount`.');
export type OrderBundle = z.infer<typeof orderBundleSchema>;

/** What names an order in a list that shows no more of it: a bundle's books' names (`orderName`); null for one book. */
export const orderBundleNamesSchema = z
  .object({ books: z.array(z.object({ bookName: z.string() })) })
  .nullable()
  .describe(
    "The books of a bundle order, in the buyer's order (null for one book): the order's name is written from them in the reader's language, as `bookName` keeps it in the language it was booked in.",
  );
export type OrderBundleNames = z.infer<typeof orderBundleNamesSchema>;
