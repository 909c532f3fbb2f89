import { z } from 'zod';
import { texts } from '#shared/i18n/texts.ts';
import { isbnField, optionalText } from './add-book.ts';

/** Fewer comparables than this give no guidance and no 'Good price' badge (migration `good-price`, ADR 018). */
export const priceGuideMinimum = 3;

/**
 * `GET /api/price-guide`: the copies with this ISBN, or, without one or when no copy has it, the copies with this
 * title and author (case and accents ignored). An ISBN alone, or a title and an author, is enough.
 */
export const priceGuideQuerySchema = z
  .object({ isbn: isbnField, title: optionalText(200), author: optionalText(200) })
  .superRefine((query, ctx) => {
    if (query.isbn || (query.title && query.author)) return;
    const missing = query.title ? 'author' : query.author ? 'title' : 'isbn';
    ctx.addIssue({ code: 'custom', path: [missing], message: texts.priceGuide.askWhat });
  });
export type PriceGuideQuery = z.output<typeof priceGuideQuerySchema>;

/** Copies in one state: how many, and their median, lowest and highest resale price in major units. */
export const priceGroupSchema = z.object({
  count: z.number().int(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
});
export type PriceGroup = z.infer<typeof priceGroupSchema>;

/**
 * What copies of a book sold for and are listed at. Under `priceGuideMinimum` comparables in all, `enough` is false
 * and both groups are null; a group with no copies is null too.
 */
export const priceGuideSchema = z.object({
  enough: z.boolean(),
  comparables: z.number().int().describe('Copies found in all, sold and listed.'),
  matchedBy: z
    .enum(['isbn', 'title'])
    .nullable()
    .describe('Whether the copies share the ISBN, or the title and author; null when none was found.'),
  currency: z.string(),
  sold: priceGroupSchema.nullable(),
  listed: priceGroupSchema.nullable(),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;
