import { z } from 'zod';
import { bookPhotoSchema, bookSchema } from './book.ts';

/** `PUT /api/books/report/{id}`: the body is optional, and so is the reason. */
export const reportBookSchema = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});

/** One report awaiting an admin, with its reporter, as the admins' queue shows it. */
export const bookReportSchema = z.object({
  reporterId: z.string().describe("The reporter's user id (the one `PUT /api/reporters/{id}/ban` takes)"),
  reporterName: z.string(),
  reporterEmail: z.string(),
  reportedAt: z.string().describe('When the report was made (ISO 8601)'),
  reason: z.string().nullable(),
  counts: z
    .boolean()
    .describe(
      'Whether the report counts toward hiding the book: its reporter’s account was confirmed and at least ' +
        'REPORT_MIN_ACCOUNT_AGE old when it reported, and is not banned from reporting.',
    ),
  reporterBannedAt: z
    .string()
    .nullable()
    .describe('When an admin banned the reporter from reporting (then no report of theirs counts); null if not banned'),
  reporterBannedBy: z.string().nullable().describe('The name of the admin who banned the reporter'),
  reporterDismissedReports: z
    .number()
    .int()
    .describe('How many of this reporter’s reports, of any book, admins have dismissed so far'),
});
export type BookReport = z.infer<typeof bookReportSchema>;

/**
 * A reported book as the admins' queue shows it: how many different users reported it and how many of those
 * reports count, when last, the reasons they gave (newest first), each report with its reporter, and whether the
 * reports that count took it off the public lists.
 */
export const reportedBookSchema = bookSchema.extend({
  reportCount: z.number().int().describe('Reports awaiting a decision'),
  countingReports: z.number().int().describe('Of those, the reports that count toward hiding the book'),
  lastReportedAt: z.string().nullable(),
  lastReason: z.string().nullable(),
  reasons: z.array(z.string()),
  reports: z.array(bookReportSchema).describe('The reports awaiting a decision, newest first (at most 100)'),
  hidden: z.boolean(),
  photos: z
    .array(bookPhotoSchema)
    .describe('Every photo of the book, the cover first: what the reports may be about, hidden book or not'),
});
export type ReportedBook = z.infer<typeof reportedBookSchema>;
