import { z } from 'zod';
import { bookDefects, conditions, maxPriceCents, searchMaxChars, searchSorts } from '#shared/constants.ts';
import { pageQuerySchema } from './book.ts';

/** An empty query parameter (`?condition=`) is the same as none. */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

function price(name: string) {
  const message = `${name} must be an amount from 0 to 1,000,000 with at most two decimals, like 12.50`;
  return z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
      .transform((text) => Math.round(Number(text) * 100))
      .refine((cents) => cents <= maxPriceCents, message)
      .optional(),
  );
}

const defectList = `without must be a comma-separated list of ${bookDefects.join(', ')}`;

/** Defects a book must not have: `without=water_damage,missing_pages`, in the checklist's order, once each. */
const without = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .max(200, defectList)
    .transform((text, ctx) => {
      const named = text.split(',').map((name) => name.trim());
      if (!named.every((name) => (bookDefects as readonly string[]).includes(name))) {
        ctx.addIssue({ code: 'custom', message: defectList });
        return z.NEVER;
      }
      return bookDefects.filter((defect) => named.includes(defect));
    })
    .optional(),
);

/** A search's words and filters, each as the search page's address carries it. */
const searchFields = {
  q: z
    .string()
    .default('')
    .refine((q) => [...q].length <= searchMaxChars, `a search can be at most ${searchMaxChars} characters long`)
    .transform((q) => q.replaceAll('\0', ' ')),
  category: z.preprocess(blankIsAbsent, z.string().max(100, 'a category name has at most 100 characters').optional()),
  condition: z.preprocess(
    blankIsAbsent,
    z.enum(conditions, { error: `condition must be one of ${conditions.join(', ')}` }).optional(),
  ),
  minPrice: price('minPrice'),
  maxPrice: price('maxPrice'),
  verified: z.preprocess(
    blankIsAbsent,
    z
      .enum(['true', 'false'], { error: 'verified must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  ),
};

const pricesInOrder = (query: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
  }
};

/**
 * `GET /api/search`. Any text of at most 200 characters is a search (quotes, %, _, backslashes, emoji, SQL are
 * words like any other; a NUL character, which PostgreSQL cannot hold, counts as a space); the filters must be
 * what they say.
 */
export const searchQuerySchema = pageQuerySchema
  .extend({
    ...searchFields,
    without,
    signed: z.preprocess(
      blankIsAbsent,
      z
        .enum(['true', 'false'], { error: 'signed must be true or false' })
        .optional()
        .transform((v) => v === 'true'),
    ),
    sort: z.preprocess(
      blankIsAbsent,
      z.enum(searchSorts, { error: `sort must be one of ${searchSorts.join(', ')}` }).optional(),
    ),
  })
  .superRefine(pricesInOrder);
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A search's words and filters without its order and page, as a Wanted list saves it (schemas/wanted.ts). */
export const searchFiltersSchema = z.object(searchFields).superRefine(pricesInOrder);
export type SearchFilters = z.output<typeof searchFiltersSchema>;
