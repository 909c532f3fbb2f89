import { z } from 'zod';
import { bookSchema } from './book.ts';

/** `PUT /api/books/report/{id}`: the body is optional, and so is the reason. */
export const reportBookSchema = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});

/**
 * A reported book as the admins' queue shows it: how many different users reported it, when last, the reasons
 * they gave (newest first), and whether that many reports took it off the public lists.
 */
export const reportedBookSchema = bookSchema.extend({
  reportCount: z.number().int(),
  lastReportedAt: z.string().nullable(),
  lastReason: z.string().nullable(),
  reasons: z.array(z.string()),
  hidden: z.boolean(),
});
export type ReportedBook = z.infer<typeof reportedBookSchema>;
