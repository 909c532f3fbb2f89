import { z } from 'zod';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';

/** What the lookup service tells of an edition; any of it may be missing but the title. */
export const isbnDetailsSchema = z.object({
  title: z.string(),
  author: z.string().nullable(),
  publisher: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
});
export type IsbnDetails = z.infer<typeof isbnDetailsSchema>;

export const isbnLookupStatuses = ['found', 'not-found', 'unavailable'] as const;

/** `GET /api/isbn/{isbn}`: always 200 for a valid ISBN; `unavailable` when the service failed and nothing is cached. */
export const isbnLookupSchema = z.object({
  isbn: z.string(),
  status: z.enum(isbnLookupStatuses),
  details: isbnDetailsSchema.nullable(),
  cover: z
    .string()
    .nullable()
    .describe(
      "The suggested cover on the lookup service's server: shown as a suggestion, never listed (take it instead).",
    ),
});
export type IsbnLookup = z.infer<typeof isbnLookupSchema>;

/** The path parameter of the lookup calls: an ISBN-10 or ISBN-13, hyphens allowed, as its ISBN-13. */
export const isbnParamSchema = z.object({
  isbn: z
    .string()
    .max(40, texts.addBook.isbnInvalid)
    .transform((text, ctx) => {
      const isbn13 = toIsbn13(text);
      if (!isbn13) {
        ctx.addIssue({ code: 'custom', message: texts.addBook.isbnInvalid });
        return z.NEVER;
      }
      return isbn13;
    }),
});
