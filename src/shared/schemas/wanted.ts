import { z } from 'zod';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import { searchFiltersSchema } from './search.ts';

const t = texts.wanted;

/**
 * `POST /api/wanted`: an ISBN (ISBN-10 or ISBN-13, hyphens allowed; kept as its ISBN-13), or a saved search, its
 * words and filters as the search page's address carries them (`?q=…&condition=Good&maxPrice=10`).
 */
export const addWantedSchema = z
  .object({
    isbn: z
      .string()
      .max(40, t.invalidIsbn)
      .transform((text, ctx) => {
        const isbn = toIsbn13(text);
        if (!isbn) ctx.addIssue({ code: 'custom', message: t.invalidIsbn });
        return isbn ?? '';
      })
      .optional(),
    search: searchFiltersSchema
      .refine(
        (search) =>
          /[\p{L}\p{N}]/u.test(search.q) ||
          search.category !== undefined ||
          search.condition !== undefined ||
          search.minPrice !== undefined ||
          search.maxPrice !== undefined ||
          search.verified,
        { message: t.emptySearch, path: ['q'] },
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.isbn === undefined) === (body.search === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['isbn'], message: t.oneOf });
    }
  });
export type AddWantedInput = z.input<typeof addWantedSchema>;
export type AddWanted = z.output<typeof addWantedSchema>;

/** A saved search as answered: the fields of its search page's address (prices in major units). */
export const savedSearchSchema = z.object({
  q: z.string(),
  category: z.string().nullable(),
  condition: z.string().nullable(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  verified: z.boolean(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** One entry of a Wanted list: an ISBN or a saved search. */
export const wantedEntrySchema = z.object({
  _id: z.uuid(),
  isbn: z.string().nullable(),
  title: z
    .string()
    .nullable()
    .describe(
      "An ISBN entry's book title, when the store knows it (from the ISBN lookup or a listing); null otherwise.",
    ),
  search: savedSearchSchema.nullable(),
  currency: z.string().describe("The currency of the saved search's prices."),
  createdAt: z.string().describe('When it was added (ISO 8601).'),
});
export type WantedEntry = z.infer<typeof wantedEntrySchema>;

/** Something the store told a person in the app (the bell). */
export const notificationSchema = z.object({
  _id: z.uuid(),
  kind: z.string(),
  text: z.string(),
  link: z.string().describe("The page it is about, a path of the web app (a book's page)."),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
