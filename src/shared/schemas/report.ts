import { z } from 'zod';
import { bookSchema } from './book.ts';

/** `PUT /api/books/report/{id}`: the body is optional, and so is the reason. */
export const reportBookSchema = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});
export type ReportBookInput = z.input<typeof reportBookSchema>;

/** A reported book as the admin's list shows it: how many reports, the latest one's time and reason. */
export const reportedBookSchema = bookSchema.extend({
  reportCount: z.number().int(),
  lastReportedAt: z.string().nullable(),
  lastReason: z.string().nullable(),
});
export type ReportedBook = z.infer<typeof reportedBookSchema>;
