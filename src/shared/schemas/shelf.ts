import { z } from 'zod';
import { bookDefects, conditions, maxPriceCents } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { withDecimalPoint } from '#shared/money.ts';
import { pageQuerySchema } from './book.ts';

const m = texts.shelf;

/** Where an import's lines came from: typed or pasted ISBNs, or a catalogue's CSV export. */
export const shelfSources = ['typed', 'goodreads', 'librarything', 'storygraph', 'csv'] as const;
export type ShelfSource = (typeof shelfSources)[number];
/** An import is read into lines, then its drafts are looked up, then it is done. */
export const shelfImportStates = ['reading', 'looking-up', 'done'] as const;
/**
 * What became of a line: `added` (a new draft), `listed` (this seller has the ISBN on sale), `drafted` (already a
 * draft), `repeated` (earlier in the same import), `invalid` (an ISBN whose check digit is wrong), `not-isbn`, and
 * `no-isbn` (a catalogue row without an ISBN: its title and author became a draft).
 */
export const shelfLineOutcomes = ['added', 'no-isbn', 'listed', 'drafted', 'repeated', 'invalid', 'not-isbn'] as const;
export type ShelfLineOutcome = (typeof shelfLineOutcomes)[number];
/** Where a draft's lookup stands. */
export const shelfLookups = ['waiting', 'found', 'not-found', 'unavailable', 'none'] as const;

/** The most an import may hold: characters of text (a 5,000-book Goodreads export is about 2 MB) and lines. */
export const shelfImportMaxChars = 6_000_000;
export const shelfImportMaxLines = 10_000;
/** The most drafts one call publishes. */
export const publishBatchMax = 100;

const optionalShort = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong({ max }))
    .nullish()
    .transform((text) => text || null);

/** What every draft of an import starts with; all optional. */
export const shelfDefaultsSchema = z.object({
  booksCategory: optionalShort(100),
  phone: optionalShort(40),
  location: optionalShort(200),
  purchaseYear: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, m.dateInvalid)
    .nullish()
    .transform((text) => text || null),
});

/** `POST /api/shelf/imports`: ISBNs one a line, or a CSV export's text (read by the browser from the file). */
export const startShelfImportSchema = z.object({
  text: z
    .string({ error: m.textRequired })
    .max(shelfImportMaxChars, m.textTooLong)
    .refine((text) => text.trim().length > 0, m.textRequired),
  defaults: shelfDefaultsSchema.optional(),
});
export type StartShelfImportInput = z.input<typeof startShelfImportSchema>;

export const shelfImportSchema = z.object({
  _id: z.uuid(),
  source: z.enum(shelfSources).describe('typed (ISBNs one a line) or the catalogue whose CSV export it read'),
  state: z.enum(shelfImportStates),
  lines: z.number().int().describe('Lines read (a CSV file’s rows, without its header)'),
  outcomes: z
    .record(z.enum(shelfLineOutcomes), z.number().int())
    .describe('How many lines had each outcome (added, no-isbn, listed, drafted, repeated, invalid, not-isbn)'),
  lookups: z
    .object({ waiting: z.number().int(), done: z.number().int() })
    .describe('This import’s drafts still to look up, and those looked up'),
  createdAt: z.string(),
});
export type ShelfImport = z.infer<typeof shelfImportSchema>;

export const shelfLineSchema = z.object({
  line: z.number().int().describe('The line’s number in what was sent (a CSV’s header is line 1)'),
  text: z.string(),
  isbn: z.string().nullable(),
  outcome: z.enum(shelfLineOutcomes),
  draftId: z.uuid().nullable(),
});
export type ShelfLine = z.infer<typeof shelfLineSchema>;

export const shelfLinesQuerySchema = pageQuerySchema.extend({
  problems: z
    .enum(['true', 'false'], { error: 'problems must be true or false' })
    .optional()
    .describe('true: only the lines that did not become a new draft'),
});

export const draftSchema = z.object({
  _id: z.uuid(),
  isbn: z.string().nullable(),
  lookup: z.enum(shelfLookups),
  bookName: z.string().nullable(),
  author: z.string().nullable(),
  publisher: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  suggestedCover: z.string().nullable().describe('The lookup’s cover on the catalogue’s server; take it to use it'),
  suggestedPrice: z.number().nullable().describe('The median price of copies, when the price guide had enough'),
  currency: z.string(),
  condition: z.enum(conditions).nullable(),
  defects: z.array(z.enum(bookDefects)),
  originalPrice: z.number().nullable(),
  resalePrice: z.number().nullable(),
  booksCategory: z.string().nullable(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  purchaseYear: z.string().nullable(),
  missing: z.array(z.string()).describe('The fields still needed before it can be published; empty when ready'),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftsQuerySchema = pageQuerySchema.extend({
  ready: z
    .enum(['true', 'false'], { error: 'ready must be true or false' })
    .optional()
    .describe('true: only drafts ready to publish; false: only those that are not'),
});

/** A price in major units as a number or text; blank is null (not set). */
const draftPrice = z.union([z.string(), z.number(), z.null()], { error: m.priceInvalid }).transform((value, ctx) => {
  const text = value === null ? '' : withDecimalPoint(String(value).trim());
  if (text === '') return null;
  const amount = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !Number.isFinite(amount) || amount <= 0 || amount * 100 > maxPriceCents) {
    ctx.addIssue({ code: 'custom', message: m.priceInvalid });
    return z.NEVER;
  }
  return amount;
});

/** `PATCH /api/shelf/drafts/{id}`: the fields to change; the others stay. Checked in full when published. */
export const updateDraftSchema = z
  .object({
    bookName: optionalShort(200),
    author: optionalShort(200),
    publisher: optionalShort(200),
    publicationYear: z.union([z.number().int().min(1400).max(2100), z.null()], { error: m.yearInvalid }).optional(),
    condition: z.enum(conditions, { error: m.conditionInvalid }).nullable(),
    defects: z.array(z.enum(bookDefects, { error: m.defectInvalid })).max(bookDefects.length),
    originalPrice: draftPrice,
    resalePrice: draftPrice,
    booksCategory: optionalShort(100),
    image: optionalShort(300),
    phone: optionalShort(40),
    location: optionalShort(200),
    description: z
      .string()
      .trim()
      .max(2000, m.tooLong({ max: 2000 }))
      .nullish()
      .transform((text) => text || null),
    purchaseYear: shelfDefaultsSchema.shape.purchaseYear,
  })
  .partial();
export type UpdateDraftInput = z.input<typeof updateDraftSchema>;

/** `POST /api/shelf/drafts/publish`: the drafts to list, at once (all or none). */
export const publishDraftsSchema = z.object({
  ids: z
    .array(z.uuid(m.notADraftId), { error: m.idsRequired })
    .min(1, m.idsRequired)
    .max(publishBatchMax, m.tooManyAtOnce({ max: publishBatchMax })),
});

export const publishedSchema = z.object({
  published: z.array(z.object({ draftId: z.uuid(), bookId: z.uuid() })),
});
